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
    // An OIDC provider down at start is offered once the server's background retry loads it (identity.md):
    // asked again after a minute, on the next visit of the sign-in page or focus of the window.
    staleTime: 60_000,
    retry: false,
  });
}

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
