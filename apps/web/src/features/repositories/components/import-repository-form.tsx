import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconJson } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { readTask, waitForTask } from '../../tasks/index.ts';
import { createRepositoryUpload, postFileToUpload } from '../api/upload-repository-file.ts';
import { checkImportFile } from '../import-file-rules.ts';
import { importRepositoryFile } from '../import-repository.ts';

/**
 * Pick a .json export; the import then runs in the background with a progress notification, so the
 * popup closes as soon as the file passed the checks.
 */
export function ImportRepositoryForm({
  onStarted,
  onCancel,
  onImported,
}: {
  onStarted: () => void;
  onCancel: () => void;
  onImported: (repositoryId: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const check = file ? checkImportFile(file) : null;

  const start = () => {
    const result = checkImportFile(file);
    if (!result.isValid) {
      notifications.error(result.message);
      return;
    }
    onStarted();
    void importRepositoryFile(file, {
      createUpload: createRepositoryUpload,
      postFile: (target, picked) => postFileToUpload(target, picked),
      waitForTask: (taskId) => waitForTask(taskId, { readTask }),
      refreshRepositories: () => queryClient.invalidateQueries({ queryKey: REPOSITORIES_QUERY_KEY }),
      notifications,
    }).then((result) => {
      if (result.isImported) onImported(result.repositoryId);
    });
  };

  return (
    <Stack>
      <FileInput
        label="Repository file"
        description="A .json file exported from Strata. The new repository is named after the file."
        placeholder="Pick a .json file"
        accept=".json,application/json"
        clearable
        leftSection={<IconJson size={16} />}
        value={file}
        onChange={setFile}
        error={check && !check.isValid ? check.message : undefined}
      />
      {check?.isValid && (
        <Text size="sm">
          New repository: <b>{check.repoName}</b>
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={start}>Import</Button>
      </Group>
    </Stack>
  );
}
