import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TRepository } from '@strata/contracts/repositories';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useRepositoryHasFeature } from '../../subscription/index.ts';
import { deleteRepository } from '../api/delete-repository.ts';
import { exportRepository } from '../api/export-repository.ts';
import { useRepositories } from '../api/list-repositories.ts';
import { currentRepositoryStore } from '../current-repository-store.ts';
import { deleteRepositoryWithExport } from '../delete-repository-flow.ts';
import { downloadJson } from '../download-json.ts';

/**
 * Seed §4: tick the confirm box; 'Export before deleting' is on by default and must succeed first. The name
 * is typed again too, so a repository is never deleted by a stray click; it is the live name, a rename made
 * meanwhile included.
 */
export function DeleteRepositoryDialog({
  repository,
  onDone,
  onCancel,
}: {
  repository: TRepository;
  onDone: () => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const live = useRepositories().data?.find((item) => item.id === repository.id) ?? repository;
  const [typedName, setTypedName] = useState('');
  const [isConfirmed, setConfirmed] = useState(false);
  const [isExportFirst, setExportFirst] = useState(true);
  const canExport = useRepositoryHasFeature(live.plan, 'export');
  const [isDeleting, setDeleting] = useState(false);

  const run = async () => {
    setDeleting(true);
    const isDeleted = await deleteRepositoryWithExport(
      live,
      // Without the plan's export the server refuses it, and the delete would never run.
      { isExportFirst: canExport && isExportFirst },
      { exportRepository, download: downloadJson, deleteRepository, notifications, onError: notifyError },
    );
    setDeleting(false);
    if (!isDeleted) return;
    // The deleted one may have been current: fall back to the saved choice or the first (seed §4).
    if (currentRepositoryStore.getSnapshot() === repository.id) currentRepositoryStore.select(null);
    await queryClient.invalidateQueries({ queryKey: REPOSITORIES_QUERY_KEY });
    onDone();
  };

  return (
    <Stack>
      <Text size="sm">
        <b>{live.name}</b> and everything in it will be deleted. This cannot be undone.
      </Text>
      <TextInput
        label="Type the repository's name to confirm"
        value={typedName}
        autoComplete="off"
        onChange={(event) => setTypedName(event.currentTarget.value)}
      />
      <Checkbox
        label="I understand that this repository will be deleted"
        checked={isConfirmed}
        onChange={(event) => setConfirmed(event.currentTarget.checked)}
      />
      {canExport && (
        <Checkbox
          label="Export before deleting"
          checked={isExportFirst}
          onChange={(event) => setExportFirst(event.currentTarget.checked)}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          color="red"
          disabled={!isConfirmed || typedName.trim() !== live.name}
          loading={isDeleting}
          onClick={() => void run()}
        >
          Delete
        </Button>
      </Group>
    </Stack>
  );
}
