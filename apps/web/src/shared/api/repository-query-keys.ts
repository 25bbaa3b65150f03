/**
 * Query keys. Everything that belongs to one repository sits under `repositoryScopedKey(id, …)`, so a
 * switch can cancel and drop all of it at once (seed §4) — later features build their keys with it.
 */
export const REPOSITORY_SCOPE = 'repository-scoped';

export function repositoryScopedKey(repositoryId: string, ...parts: readonly unknown[]) {
  return [REPOSITORY_SCOPE, repositoryId, ...parts] as const;
}

export const REPOSITORIES_QUERY_KEY = ['repositories'] as const;
export const INVITES_QUERY_KEY = ['invites', 'mine'] as const;
export const CURRENCIES_QUERY_KEY = ['currencies'] as const;
