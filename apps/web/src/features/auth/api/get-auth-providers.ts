import { getAuthProviders as endpoint } from '@strata/contracts/auth-providers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export async function getAuthProviders(signal?: AbortSignal) {
  return callEndpoint(endpoint, { signal, isAuthProbe: true, isParsed: true });
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
