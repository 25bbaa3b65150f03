import { filterOptions } from '@strata/contracts/transactions';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint, type TEndpointResponse } from '../../api/call-endpoint.ts';
import { repositoryScopedKey } from '../../api/repository-query-keys.ts';

export type TFilterOption = TEndpointResponse<typeof filterOptions>[number];

/** Loads the values a filter field offers; what `FilterBuilder`'s `loadOptions` takes. */
export type TLoadFilterOptions = (field: string, signal: AbortSignal) => Promise<readonly TFilterOption[]>;

/** `GET /api/filter_options?resource&field&repository_id`: `{ value, label }` pairs (accounts by id and name). */
export function fetchFilterOptions(
  query: { resource: string; field: string; repositoryId: string },
  signal?: AbortSignal,
): Promise<TFilterOption[]> {
  return callEndpoint(filterOptions, {
    query: { resource: query.resource, field: query.field, repository_id: query.repositoryId },
    signal,
    isParsed: true,
  });
}

export function filterOptionsQueryOptions(resource: string, field: string, repositoryId: string) {
  return {
    queryKey: repositoryScopedKey(repositoryId, 'filter-options', resource, field),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchFilterOptions({ resource, field, repositoryId }, signal),
    // Options change with the data, but not while one filter is being built.
    staleTime: 60_000,
  };
}

/** A `loadOptions` for a list's filter builder, cached per repository, resource and field. */
export function filterOptionsLoader(
  queryClient: QueryClient,
  resource: string,
  repositoryId: string,
): TLoadFilterOptions {
  return (field) => queryClient.fetchQuery(filterOptionsQueryOptions(resource, field, repositoryId));
}
