import { ZAuthProviders } from '@strata/contracts/auth-providers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';

export async function getAuthProviders(signal?: AbortSignal) {
  return apiFetch('/auth-providers', { signal, schema: ZAuthProviders, isAuthProbe: true });
}

export function authProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => getAuthProviders(signal),
    // Configuration only changes with a restart.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
