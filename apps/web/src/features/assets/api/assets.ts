import type { TAssetPrice } from '@strata/contracts/asset-prices';
import type { TAsset } from '@strata/contracts/assets';
import type { TAssetTag, TTag } from '@strata/contracts/tags';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
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
      apiFetch<{ data: TAsset[] }>('/assets', {
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
    queryFn: ({ signal }) =>
      apiFetch<TTag[]>('/tags', { signal, query: { repository_id: repositoryId ?? '' } }),
    enabled: Boolean(repositoryId),
    staleTime: 30_000,
  });
}

export function useAssetTags(repositoryId: string | undefined, assetId: string | undefined) {
  return useQuery({
    queryKey: assetTagsKey(repositoryId ?? 'none', assetId ?? 'none'),
    queryFn: ({ signal }) => apiFetch<TAssetTag[]>('/asset_tags', { signal, query: { asset_id: assetId } }),
    enabled: Boolean(repositoryId && assetId),
  });
}

export function useAssetPrices(repositoryId: string | undefined, assetId: string | undefined) {
  return useQuery({
    queryKey: pricesKey(repositoryId ?? 'none', assetId ?? 'none'),
    queryFn: ({ signal }) =>
      apiFetch<TAssetPrice[]>('/asset_prices', { signal, query: { asset_id: assetId } }),
    enabled: Boolean(repositoryId && assetId),
  });
}

export function createAsset(body: Record<string, unknown>): Promise<TAsset> {
  return apiFetch<TAsset>('/assets', { method: 'POST', body });
}

export function updateAsset(id: string, body: Record<string, unknown>): Promise<TAsset> {
  return apiFetch<TAsset>(`/assets/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function deleteAsset(id: string, isHard = false): Promise<{ message: string }> {
  return apiFetch(`/assets/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: isHard ? { is_hard: 1 } : {},
  });
}

/** Bulk `DELETE /api/assets`: all or nothing (the server refuses the lot if one can't go). */
export function deleteAssets(ids: readonly string[], isHard: boolean): Promise<{ message: string }> {
  return apiFetch('/assets', { method: 'DELETE', body: { ids, is_hard: isHard } });
}

export function restoreAsset(id: string): Promise<TAsset> {
  return apiFetch(`/assets/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}

export function createPrice(body: {
  asset_id: string;
  date: string;
  close: string;
  source: string;
}): Promise<TAssetPrice> {
  return apiFetch('/asset_prices', { method: 'POST', body });
}

export function updatePrice(
  id: string,
  body: { date: string; close: string; source: string; version: number },
): Promise<TAssetPrice> {
  return apiFetch(`/asset_prices/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function deletePrice(id: string): Promise<{ message: string }> {
  return apiFetch(`/asset_prices/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function createTag(body: {
  repository_id: string;
  tag_name: string;
  tag_value: string;
}): Promise<TTag> {
  return apiFetch('/tags', { method: 'POST', body });
}

export function updateTag(
  id: string,
  body: { tag_name: string; tag_value: string; version: number },
): Promise<TTag> {
  return apiFetch(`/tags/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function deleteTag(id: string): Promise<{ message: string }> {
  return apiFetch(`/tags/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function assignTag(body: { asset_id: string; tag_id: string }): Promise<TAssetTag> {
  return apiFetch('/asset_tags', { method: 'POST', body });
}

export function removeAssetTag(id: string): Promise<{ message: string }> {
  return apiFetch(`/asset_tags/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
