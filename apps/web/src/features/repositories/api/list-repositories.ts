import { listRepositories as endpoint, type TRepository } from '@strata/contracts/repositories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';

/** `GET /api/repositories`: owned and shared, sorted by name (answers even with an inactive subscription). */
export function listRepositories(signal?: AbortSignal): Promise<TRepository[]> {
  return callEndpoint(endpoint, { signal, isParsed: true });
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
