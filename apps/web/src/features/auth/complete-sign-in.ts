import type { QueryClient } from '@tanstack/react-query';
import { getLandingPath } from './api/get-landing-path.ts';
import { SESSION_QUERY_KEY, sessionQueryOptions } from './api/get-session.ts';

/** After any successful sign-in: reload the session into the cache, then pick the landing page. */
export async function completeSignIn(queryClient: QueryClient): Promise<string> {
  await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'none' });
  await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
  return getLandingPath();
}

/** better-auth's password step answers this when the account has a second factor. */
export function isTwoFactorRedirect(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}
