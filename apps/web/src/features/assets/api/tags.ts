// Tags and the asset's tags. Apart from assets.ts: the app shell's asset tree loads that module on every page,
// and each contract a module imports comes with it (docs/benchmarks.md, issue 23).
import {
  createAssetTag,
  createTag as createTagEndpoint,
  deleteAssetTag,
  deleteTag as deleteTagEndpoint,
  listAssetTags,
  listTags,
  type TCreateTagBody,
  updateTag as updateTagEndpoint,
} from '@strata/contracts/tags';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint, type TEndpointBody } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

export const tagsKey = (repositoryId: string) => repositoryScopedKey(repositoryId, 'tags');
export const assetTagsKey = (repositoryId: string, assetId: string) =>
  repositoryScopedKey(repositoryId, 'asset-tags', assetId);

export function useTags(repositoryId: string | undefined) {
  return useQuery({
    queryKey: tagsKey(repositoryId ?? 'none'),
    queryFn: ({ signal }) => callEndpoint(listTags, { signal, query: { repository_id: repositoryId ?? '' } }),
    enabled: Boolean(repositoryId),
    staleTime: 30_000,
  });
}

export function useAssetTags(repositoryId: string | undefined, assetId: string | undefined) {
  return useQuery({
    queryKey: assetTagsKey(repositoryId ?? 'none', assetId ?? 'none'),
    queryFn: ({ signal }) => callEndpoint(listAssetTags, { signal, query: { asset_id: assetId } }),
    enabled: Boolean(repositoryId && assetId),
  });
}

export function createTag(body: TCreateTagBody) {
  return callEndpoint(createTagEndpoint, { body });
}

export function updateTag(id: string, body: TEndpointBody<typeof updateTagEndpoint>) {
  return callEndpoint(updateTagEndpoint, { params: { id }, body });
}

export function deleteTag(id: string) {
  return callEndpoint(deleteTagEndpoint, { params: { id } });
}

export function assignTag(body: TEndpointBody<typeof createAssetTag>) {
  return callEndpoint(createAssetTag, { body });
}

export function removeAssetTag(id: string) {
  return callEndpoint(deleteAssetTag, { params: { id } });
}
