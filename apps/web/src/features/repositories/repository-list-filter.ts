import type { TRepository } from '@strata/contracts/repositories';

export type TRepositoryFilter = 'all' | 'owned' | 'shared';

/** The list dialog's search (name, currency or owner, ignoring case) and owned/shared filter. */
export function filterRepositories<
  T extends Pick<TRepository, 'name' | 'currency' | 'owner' | 'access_type'>,
>(repositories: readonly T[], { search, filter }: { search: string; filter: TRepositoryFilter }): T[] {
  const needle = search.trim().toLowerCase();
  return repositories.filter((repository) => {
    if (filter === 'owned' && repository.access_type !== 3) return false;
    if (filter === 'shared' && repository.access_type === 3) return false;
    if (needle === '') return true;
    return [repository.name, repository.currency, repository.owner].some((text) =>
      text.toLowerCase().includes(needle),
    );
  });
}
