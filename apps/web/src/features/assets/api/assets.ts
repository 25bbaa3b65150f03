import type { TAsset } from '@strata/contracts/assets';
import type { TTag } from '@strata/contracts/tags';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { repositoryScopedKey } from '../../repositories/api/repository-query-keys.ts';

export const assetsKey = (repositoryId: string) => repositoryScopedKey(repositoryId, 'assets');

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
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'tags'),
    queryFn: ({ signal }) =>
      apiFetch<TTag[]>('/tags', { signal, query: { repository_id: repositoryId ?? '' } }),
    enabled: Boolean(repositoryId),
    staleTime: 30_000,
  });
}

export function createAsset(body: Record<string, unknown>): Promise<TAsset> {
  return apiFetch<TAsset>('/assets', { method: 'POST', body });
}

export function deleteAsset(id: string, isHard = false): Promise<{ message: string }> {
  return apiFetch(`/assets/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    query: isHard ? { is_hard: 1 } : {},
  });
}

export function restoreAsset(id: string): Promise<TAsset> {
  return apiFetch(`/assets/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}
