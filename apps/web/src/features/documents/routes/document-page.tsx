import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useOpenedItem } from '../../../shared/recent/use-recent-items.ts';
import { ItemDialog } from '../../../shared/ui/item-dialog.tsx';
import { useCurrentRepository } from '../../repositories/index.ts';
import { documentsKey, useDocuments, useDocumentTags } from '../api/documents.ts';
import { DocumentEditForm } from '../components/document-edit-form.tsx';

const TITLES: Record<string, string> = { file: 'File', thumbnail: 'Thumbnail' };

/** `/documents/{id}`: titled 'Document', 'File' or 'Thumbnail' (linked seed §2). */
export function Component() {
  const { id } = useParams();
  const queryClient = useQueryClient();
  const { repository, permissions } = useCurrentRepository();
  const documents = useDocuments(repository?.id);
  const documentTags = useDocumentTags(repository?.id);
  const document = (documents.data ?? []).find((candidate) => candidate.id === id) ?? null;
  useOpenedItem(
    repository?.id,
    document && {
      kind: 'document',
      label: document.name || document.filename || 'Document',
      href: `/documents/${document.id}`,
    },
  );
  return (
    <ItemDialog title={document ? (TITLES[document.source] ?? 'Document') : 'Document'} listPath="/documents">
      {document && repository ? (
        <DocumentEditForm
          key={document.updated_at}
          document={document}
          documentTags={documentTags.data ?? []}
          isReadOnly={!permissions?.canWrite}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: documentsKey(repository.id) })}
        />
      ) : (
        !documents.isLoading && (
          <Text c="dimmed">This document does not exist in the current repository.</Text>
        )
      )}
    </ItemDialog>
  );
}
