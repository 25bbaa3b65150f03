import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useOpenedItem } from '../../../shared/recent/use-recent-items.ts';
import { ItemDialog } from '../../../shared/ui/item-dialog.tsx';
import { tagsKey, useTags } from '../../assets/index.ts';
import { useCurrentRepository, useNewItemGuard } from '../../repositories/index.ts';
import { TagForm } from '../components/tag-form.tsx';

/** `/tags/{id}` and `/tags/new`: the tag form in a small dialog over the list. */
export function Component() {
  const { id = 'new' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { repository, permissions } = useCurrentRepository();
  const tags = useTags(repository?.id);
  const isNew = id === 'new';
  const isDenied = useNewItemGuard(isNew);
  const tag = isNew ? null : ((tags.data ?? []).find((candidate) => candidate.id === id) ?? null);
  useOpenedItem(
    repository?.id,
    tag && { kind: 'tag', label: `${tag.tag_name}: ${tag.tag_value}`, href: `/tags/${tag.id}` },
  );
  return (
    <ItemDialog title={isNew ? 'New tag' : 'Tag'} listPath="/tags">
      {isDenied ? null : repository && (isNew || tag) ? (
        <TagForm
          key={tag?.id ?? 'new'}
          repositoryId={repository.id}
          tag={tag}
          isReadOnly={!permissions?.canWrite}
          onSaved={(saved) => {
            void queryClient.invalidateQueries({ queryKey: tagsKey(repository.id) });
            if (isNew) void navigate(`/tags/${saved.id}`, { replace: true });
          }}
        />
      ) : (
        !tags.isLoading && <Text c="dimmed">This tag does not exist in the current repository.</Text>
      )}
    </ItemDialog>
  );
}
