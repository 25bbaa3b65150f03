import { ActionIcon, Button, FileButton, Group, Image, Stack, Tooltip } from '@mantine/core';
import type { TAsset } from '@strata/contracts/assets';
import { DOCUMENT_MESSAGES, THUMBNAIL_CONTENT_TYPES } from '@strata/core/documents/document-rules';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmAction } from '../../../../shared/data-list/confirm-action.tsx';
import { notifications } from '../../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../../shared/notifications/notify-error.ts';
import { createFileDocument, deleteDocument, documentsKey, useDocuments } from '../../../documents/index.ts';
import { THUMBNAIL_DISPLAY_RATIO } from './crop-geometry.ts';
import { ImageCropper } from './image-cropper.tsx';

/**
 * The asset's picture, shown at 8:1. A new one goes through the cropper; the server destroys the old
 * file record when it is replaced; deleting asks first (seed §2).
 */
export function AssetThumbnail({
  repositoryId,
  asset,
  canWrite,
}: {
  repositoryId: string;
  asset: TAsset;
  canWrite: boolean;
}) {
  const queryClient = useQueryClient();
  const thumbnails = useDocuments(repositoryId, { assetId: asset.id, source: 'thumbnail' });
  const thumbnail = thumbnails.data?.[0] ?? null;
  const [file, setFile] = useState<File | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentsKey(repositoryId) });

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    if (!THUMBNAIL_CONTENT_TYPES.includes(chosen.type)) {
      notifications.error(DOCUMENT_MESSAGES.IMAGES_ONLY);
      return;
    }
    setFile(chosen);
  };
  const upload = async (blob: Blob) => {
    try {
      await createFileDocument(
        {
          repository_id: repositoryId,
          asset_id: asset.id,
          name: `${asset.name} thumbnail`,
          source: 'thumbnail',
        },
        blob,
        'thumbnail.png',
      );
      notifications.success('Thumbnail saved');
      setFile(null);
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };
  const remove = async () => {
    if (!thumbnail) return;
    const isConfirmed = await confirmAction({
      title: 'Delete thumbnail',
      message: `Delete the thumbnail of ${asset.name}?`,
      confirmLabel: 'Delete',
      isDestructive: true,
    });
    if (!isConfirmed) return;
    try {
      await deleteDocument(thumbnail.id);
      notifications.success('Thumbnail deleted');
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };

  if (file) return <ImageCropper file={file} onCancel={() => setFile(null)} onCrop={upload} />;
  return (
    <Stack gap={4}>
      {thumbnail && (
        <Image
          src={thumbnail.url}
          alt={`Thumbnail of ${asset.name}`}
          radius="sm"
          style={{ aspectRatio: String(THUMBNAIL_DISPLAY_RATIO), objectFit: 'cover', width: '100%' }}
        />
      )}
      {canWrite && (
        <Group gap="xs">
          <FileButton onChange={choose} accept={THUMBNAIL_CONTENT_TYPES.join(',')}>
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconPhotoPlus size={14} />}>
                {thumbnail ? 'Replace thumbnail' : 'Add thumbnail'}
              </Button>
            )}
          </FileButton>
          {thumbnail && (
            <Tooltip label="Delete thumbnail">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Delete thumbnail"
                onClick={() => void remove()}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      )}
    </Stack>
  );
}
