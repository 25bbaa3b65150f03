import { Badge, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconTagMinus, IconTagPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { modals } from '../../../../shared/modals/modal-store.ts';
import { notifications } from '../../../../shared/notifications/notification-store.ts';
import { assetsKey } from '../../api/assets.ts';
import { assetTagsKey, assignTag, removeAssetTag, tagsKey, useAssetTags } from '../../api/tags.ts';
import { useAssetDrawer } from '../asset-drawer-context.ts';
import { AssignTagForm, RemoveTagForm } from './assign-tag-dialogs.tsx';

/** The asset's tags as 'name: value', with the Assign tag and Remove tag dialogs (linked seed §2). */
export function AssetTagsTab() {
  const { asset, repositoryId, tags, canWrite } = useAssetDrawer();
  const queryClient = useQueryClient();
  const assetTags = useAssetTags(repositoryId, asset?.id);
  const list = assetTags.data ?? [];
  const refresh = async () => {
    const repository = repositoryId ?? 'none';
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: assetTagsKey(repository, asset?.id ?? 'none') }),
      queryClient.invalidateQueries({ queryKey: assetsKey(repository) }),
      queryClient.invalidateQueries({ queryKey: tagsKey(repository) }),
    ]);
  };

  const openAssign = () => {
    if (!asset) return;
    modals.open({
      kind: 'dialog',
      title: 'Assign tag',
      size: 'sm',
      render: ({ close }) => (
        <AssignTagForm
          tags={tags}
          assetTags={list}
          onAssign={async (tag) => {
            await assignTag({ asset_id: asset.id, tag_id: tag.id });
            notifications.success(`Tag ${tag.tag_name}: ${tag.tag_value} assigned`);
            await refresh();
          }}
          onDone={() => void close()}
        />
      ),
    });
  };
  const openRemove = () => {
    modals.open({
      kind: 'dialog',
      title: 'Remove tag',
      size: 'sm',
      render: ({ close }) => (
        <RemoveTagForm
          assetTags={list}
          onRemove={async (tag) => {
            await removeAssetTag(tag.id);
            notifications.success(`Tag ${tag.tag_name}: ${tag.tag_value} removed`);
            await refresh();
          }}
          onDone={() => void close()}
        />
      ),
    });
  };

  return (
    <Stack gap="sm">
      <VisuallyHidden>
        <Title order={2}>Tags</Title>
      </VisuallyHidden>
      {asset && (
        <>
          {canWrite && (
            <Group gap="xs">
              <Button size="xs" leftSection={<IconTagPlus size={14} />} onClick={openAssign}>
                Assign tag
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconTagMinus size={14} />}
                onClick={openRemove}
                disabled={list.length === 0}
              >
                Remove tag
              </Button>
            </Group>
          )}
          <Group gap="xs" aria-label="Asset tags" role="list">
            {list.map((tag) => (
              <Badge key={tag.id} variant="light" tt="none" role="listitem">
                {tag.tag_name}: {tag.tag_value}
              </Badge>
            ))}
          </Group>
          {!assetTags.isLoading && list.length === 0 && (
            <Text c="dimmed" size="sm">
              No tags yet.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
