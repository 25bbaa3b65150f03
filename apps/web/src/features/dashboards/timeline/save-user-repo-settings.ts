import {
  saveUserRepoSettings as endpoint,
  type TRepository,
  type TUserRepoSettings,
  type TUserRepoSettingsPatch,
} from '@strata/contracts/repositories';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
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
  const saved = await callEndpoint(endpoint, { params: { id: repositoryId }, body: patch, isParsed: true });
  queryClient.setQueryData<TRepository[]>(REPOSITORIES_QUERY_KEY, (list) =>
    list?.map((repository) =>
      repository.id === repositoryId
        ? { ...repository, user_repo_settings: { ...saved, access_type: repository.access_type } }
        : repository,
    ),
  );
  return saved;
}
