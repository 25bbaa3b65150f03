import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { isApiError } from '../../../shared/api/api-error.ts';

/** better-auth's `GET /api/auth/get-session` answer; extra fields pass through. */
export const ZSession = z
  .object({
    session: z.looseObject({ id: z.string(), userId: z.string(), expiresAt: z.coerce.date() }),
    user: z.looseObject({ id: z.string(), email: z.string(), name: z.string().nullish() }),
  })
  .nullable();
export type TSession = NonNullable<z.infer<typeof ZSession>>;

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** Null means "not signed in": no session, or (until the identity issue lands) no auth endpoint at all. */
export async function getSession(signal?: AbortSignal): Promise<TSession | null> {
  try {
    const body = await apiFetch<unknown>('/auth/get-session', { signal, isAuthProbe: true });
    return ZSession.parse(body ?? null);
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
