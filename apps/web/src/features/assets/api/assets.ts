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
import { useQuery } from '@tanstack/react-query';
import { callEndpoint, type TEndpointBody } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

export const assetsKey = (repositoryId: string) => repositoryScopedKey(repositoryId, 'assets');

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
