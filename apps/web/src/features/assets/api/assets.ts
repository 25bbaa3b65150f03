import {
  createAssetPrice,
  deleteAssetPrice,
  listAssetPrices,
  type TCreateAssetPriceBody,
  type TUpdateAssetPriceBody,
  updateAssetPrice,
} from '@strata/contracts/asset-prices';
import {
  createAssets,
  deleteAsset as deleteAssetEndpoint,
  deleteAssets as deleteAssetsEndpoint,
  listAssets,
  restoreAsset as restoreAssetEndpoint,
  type TAsset,
  type TCreateAssetBody,
  updateAsset as updateAssetEndpoint,
} from '@strata/contracts/assets';
import type { TMessageResponse } from '@strata/contracts/repositories';
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

export const assetsKey = (repositoryId: string) => repositoryScopedKey(repositoryId, 'assets');
export const tagsKey = (repositoryId: string) => repositoryScopedKey(repositoryId, 'tags');
export const assetTagsKey = (repositoryId: string, assetId: string) =>
  repositoryScopedKey(repositoryId, 'asset-tags', assetId);
export const pricesKey = (repositoryId: string, assetId: string) =>
  repositoryScopedKey(repositoryId, 'asset-prices', assetId);

/** `GET /api/assets` with the trash: live and deleted assets, currencies and accounts of the repository. */
export function useAssets(repositoryId: string | undefined) {
  return useQuery({
    queryKey: assetsKey(repositoryId ?? 'none'),
    queryFn: ({ signal }) =>
      callEndpoint(listAssets, {
        signal,
        query: { repository_id: repositoryId ?? '', show_deleted: 1 },
      }).then((answer) => answer.data),
    enabled: Boolean(repositoryId),
    staleTime: 30_000,
  });
}

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

export function useAssetPrices(repositoryId: string | undefined, assetId: string | undefined) {
  return useQuery({
    queryKey: pricesKey(repositoryId ?? 'none', assetId ?? 'none'),
    queryFn: ({ signal }) => callEndpoint(listAssetPrices, { signal, query: { asset_id: assetId } }),
    enabled: Boolean(repositoryId && assetId),
  });
}

export async function createAsset(body: TCreateAssetBody): Promise<TAsset> {
  // One asset in, one out: the array answer is for a list of assets.
  const created = await callEndpoint(createAssets, { body });
  return Array.isArray(created) ? (created[0] as TAsset) : created;
}

export function updateAsset(id: string, body: TEndpointBody<typeof updateAssetEndpoint>): Promise<TAsset> {
  return callEndpoint(updateAssetEndpoint, { params: { id }, body });
}

export function deleteAsset(id: string, isHard = false): Promise<TMessageResponse> {
  return callEndpoint(deleteAssetEndpoint, { params: { id }, query: isHard ? { is_hard: 1 } : {} });
}

/** Bulk `DELETE /api/assets`: all or nothing (the server refuses the lot if one can't go). */
export function deleteAssets(ids: readonly string[], isHard: boolean): Promise<TMessageResponse> {
  return callEndpoint(deleteAssetsEndpoint, { body: { ids: [...ids], is_hard: isHard } });
}

export function restoreAsset(id: string): Promise<TAsset> {
  return callEndpoint(restoreAssetEndpoint, { params: { id } });
}

export function createPrice(body: TCreateAssetPriceBody) {
  return callEndpoint(createAssetPrice, { body });
}

export function updatePrice(id: string, body: TUpdateAssetPriceBody) {
  return callEndpoint(updateAssetPrice, { params: { id }, body });
}

export function deletePrice(id: string) {
  return callEndpoint(deleteAssetPrice, { params: { id } });
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
