import { type TRepository, ZRepository } from '@strata/contracts/repositories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';

const ZRepositoryList = z.array(ZRepository);

/** `GET /api/repositories`: owned and shared, sorted by name (answers even with an inactive subscription). */
export function listRepositories(signal?: AbortSignal): Promise<TRepository[]> {
  return apiFetch('/repositories', { signal, schema: ZRepositoryList });
}

export function repositoriesQueryOptions() {
  return queryOptions({
    queryKey: REPOSITORIES_QUERY_KEY,
    queryFn: ({ signal }) => listRepositories(signal),
    staleTime: 60_000,
  });
}

export function useRepositories(options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...repositoriesQueryOptions(), enabled: options.isEnabled ?? true });
}
