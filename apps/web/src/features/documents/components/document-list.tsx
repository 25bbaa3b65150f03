import { ActionIcon, Anchor, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { TDocument } from '@strata/contracts/documents';
import { IconExternalLink, IconFileUpload, IconLink, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmAction } from '../../../shared/data-list/confirm-action.tsx';
import { guardedDialogScope, UnsavedScope } from '../../../shared/forms/use-unsaved-changes.tsx';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import {
  deleteDocument,
  documentsKey,
  documentUrl,
  useDocuments,
  useDocumentTags,
} from '../api/documents.ts';
import { FileDocumentForm, LINK_SOURCE_OPTIONS, LinkDocumentForm } from './document-forms.tsx';

const SOURCE_LABELS: Record<string, string> = {
  file: 'File',
  thumbnail: 'Thumbnail',
  ...Object.fromEntries(LINK_SOURCE_OPTIONS.map((option) => [option.value, option.label])),
};

/**
 * Opens a document in a new tab. The tab is opened inside the click (popup blockers allow that) and sent
 * on once the address is known; a failure closes it and shows the seed's message.
 */
export async function openDocument(document: Pick<TDocument, 'id'>): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const url = await documentUrl(document.id);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    notifyError(error);
  }
}

/** Documents of a repository, or of one asset: a table with open and delete, and add link / add file. */
export function DocumentList({
  repositoryId,
  assetId,
  canWrite,
  assetNames,
}: {
  repositoryId: string;
  assetId?: string;
  canWrite: boolean;
  /** Shown in an asset column on the repository-wide list. */
  assetNames?: ReadonlyMap<string, string>;
}) {
  const queryClient = useQueryClient();
  const documents = useDocuments(repositoryId, { assetId });
  const documentTags = useDocumentTags(repositoryId);
  const [busy, setBusy] = useState<string | null>(null);
  const rows = documents.data ?? [];
  const tagNames = new Map((documentTags.data ?? []).map((tag) => [tag.id, tag.name]));
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentsKey(repositoryId) });

  const openForm = (kind: 'link' | 'file') => {
    const guard = guardedDialogScope();
    modals.open({
      kind: 'dialog',
      title: kind === 'link' ? 'New document' : 'New file',
      size: 'sm',
      canClose: guard.canClose,
      render: ({ close }) => {
        const props = {
          repositoryId,
          assetId: assetId ?? null,
          documentTags: documentTags.data ?? [],
          onDone: () => {
            void refresh();
            void close();
          },
        };
        return (
          <UnsavedScope scope={guard.scope} isRoute={false}>
            {kind === 'link' ? <LinkDocumentForm {...props} /> : <FileDocumentForm {...props} />}
          </UnsavedScope>
        );
      },
    });
  };
  const remove = async (document: TDocument) => {
    const isConfirmed = await confirmAction({
      title: 'Delete document',
      message: `Delete ${document.name}?`,
      confirmLabel: 'Delete',
      isDestructive: true,
    });
    if (!isConfirmed) return;
    setBusy(document.id);
    try {
      await deleteDocument(document.id);
      notifications.success(`Document ${document.name} deleted`);
      await refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      {canWrite && (
        <Group gap="xs">
          <Button size="xs" leftSection={<IconFileUpload size={14} />} onClick={() => openForm('file')}>
            Add file
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLink size={14} />}
            onClick={() => openForm('link')}
          >
            Add link
          </Button>
        </Group>
      )}
      <Table striped highlightOnHover aria-label="Documents" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Source</Table.Th>
            {assetNames && <Table.Th>Asset</Table.Th>}
            <Table.Th>Tags</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((document) => (
            <Table.Tr key={document.id}>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => void openDocument(document)}
                >
                  {document.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{SOURCE_LABELS[document.source] ?? document.source}</Table.Td>
              {assetNames && (
                <Table.Td>{document.asset_id ? (assetNames.get(document.asset_id) ?? '') : ''}</Table.Td>
              )}
              <Table.Td>{document.tags.map((id) => tagNames.get(id) ?? id).join(', ')}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Open">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Open ${document.name}`}
                      onClick={() => void openDocument(document)}
                    >
                      <IconExternalLink size={16} />
                    </ActionIcon>
                  </Tooltip>
                  {canWrite && (
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${document.name}`}
                        loading={busy === document.id}
                        onClick={() => void remove(document)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!documents.isLoading && rows.length === 0 && (
        <Text c="dimmed" size="sm">
          No documents yet.
        </Text>
      )}
    </Stack>
  );
}
