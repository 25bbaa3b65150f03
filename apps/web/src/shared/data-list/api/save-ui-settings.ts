import {
  saveUserRepoSettings,
  type TRepository,
  type TUserRepoSettings,
} from '@strata/contracts/repositories';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { REPOSITORIES_QUERY_KEY } from '../../api/repository-query-keys.ts';

/** The caller's `ui_settings` of a repository as cached now (a save answering late must not lose others'). */
export function cachedUiSettings(
  queryClient: QueryClient,
  repositoryId: string,
): Record<string, unknown> | null | undefined {
  return queryClient
    .getQueryData<TRepository[]>(REPOSITORIES_QUERY_KEY)
    ?.find((repository) => repository.id === repositoryId)?.user_repo_settings.ui_settings;
}

/**
 * `PUT /api/repositories/:id/user_repo_settings` with the whole `ui_settings` (the server merges the top
 * level only); the answer replaces the cached repository's settings.
 */
export async function saveUiSettings(
  queryClient: QueryClient,
  repositoryId: string,
  uiSettings: Record<string, unknown>,
): Promise<TUserRepoSettings> {
  const saved = await callEndpoint(saveUserRepoSettings, {
    params: { id: repositoryId },
    body: { ui_settings: uiSettings },
    isParsed: true,
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
