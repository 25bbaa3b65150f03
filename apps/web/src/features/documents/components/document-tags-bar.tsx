import { Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { validateDocumentTag } from '@strata/core/documents/document-rules';
import { IconTagPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { createDocumentTag, documentsKey, useDocumentTags } from '../api/documents.ts';

function NewDocumentTagForm({ repositoryId, onDone }: { repositoryId: string; onDone: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  const save = async () => {
    const check = validateDocumentTag({ name });
    if (!check.ok) {
      setError(check.errors[0]?.message);
      return;
    }
    setSaving(true);
    try {
      const created = await createDocumentTag({ repository_id: repositoryId, name: check.value.name });
      notifications.success(`Tag "${created.name}" created`);
      onDone();
    } catch (caught) {
      notifyError(caught);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={error}
      />
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={isSaving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** The repository's document tags (a list apart from the assets' name/value tags), and a new one. */
export function DocumentTagsBar({ repositoryId, canWrite }: { repositoryId: string; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const tags = useDocumentTags(repositoryId);
  const open = () =>
    modals.open({
      kind: 'dialog',
      title: 'New document tag',
      size: 'sm',
      render: ({ close }) => (
        <NewDocumentTagForm
          repositoryId={repositoryId}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: documentsKey(repositoryId) });
            void close();
          }}
        />
      ),
    });
  return (
    <Group gap="xs" aria-label="Document tags">
      {(tags.data ?? []).map((tag) => (
        <Badge key={tag.id} variant="outline" tt="none">
          {tag.name}
        </Badge>
      ))}
      {canWrite && (
        <Button size="compact-xs" variant="subtle" leftSection={<IconTagPlus size={12} />} onClick={open}>
          New document tag
        </Button>
      )}
    </Group>
  );
}
