import { Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { useAssets } from '../../assets/index.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { DocumentList } from '../components/document-list.tsx';
import { DocumentTagsBar } from '../components/document-tags-bar.tsx';

/** `/documents`: every document of the repository (thumbnails are on their assets). */
export function Component() {
  const { repository, permissions } = useCurrentRepository();
  const assets = useAssets(repository?.id);
  const names = new Map((assets.data ?? []).map((asset) => [asset.id, asset.name]));
  return (
    <Stack p="md" gap="sm">
      <Title order={1} size="h3">
        Documents
      </Title>
      {repository ? (
        <>
          <DocumentTagsBar repositoryId={repository.id} canWrite={Boolean(permissions?.canWrite)} />
          <DocumentList
            repositoryId={repository.id}
            canWrite={Boolean(permissions?.canWrite)}
            assetNames={names}
          />
        </>
      ) : (
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      )}
      <Outlet />
    </Stack>
  );
}
