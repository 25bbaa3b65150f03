import { getSession as endpoint, type TSession } from '@strata/contracts/auth-session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error.ts';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export type { TSession };

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** Null means "not signed in": no session, or (until the identity issue lands) no auth endpoint at all. */
export async function getSession(signal?: AbortSignal): Promise<TSession | null> {
  try {
    // An empty answer is "nobody": parsed here, as null, rather than by the caller.
    const body: unknown = await callEndpoint(endpoint, { signal, isAuthProbe: true });
    return endpoint.response[200].parse(body ?? null);
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getSession(signal),
    // The guard runs on every navigation; a minute keeps that cheap while sign-out clears it at once.
    staleTime: 60_000,
    retry: false,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
