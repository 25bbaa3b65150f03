import {
  type TRepository,
  type TUserRepoSettings,
  type TUserRepoSettingsPatch,
  ZUserRepoSettings,
} from '@strata/contracts/repositories';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';

/**
 * `PUT /api/repositories/:id/user_repo_settings`: merges into the caller's own settings (any member, read-only
 * ones too) and answers the merged settings, which replace the cached repository's.
 */
export async function saveUserRepoSettings(
  queryClient: QueryClient,
  repositoryId: string,
  patch: TUserRepoSettingsPatch,
): Promise<TUserRepoSettings> {
  const saved = await apiFetch(`/repositories/${encodeURIComponent(repositoryId)}/user_repo_settings`, {
    method: 'PUT',
    body: patch,
    schema: ZUserRepoSettings,
  });
  queryClient.setQueryData<TRepository[]>(REPOSITORIES_QUERY_KEY, (list) =>
    list?.map((repository) =>
      repository.id === repositoryId
        ? { ...repository, user_repo_settings: { ...saved, access_type: repository.access_type } }
        : repository,
    ),
  );
  return saved;
}
