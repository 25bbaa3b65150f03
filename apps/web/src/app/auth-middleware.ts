import type { QueryClient } from '@tanstack/react-query';
import { type MiddlewareFunction, redirect } from 'react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session.ts';
import { UNAUTHORIZED_MESSAGE } from '../shared/api/api-error.ts';
import { notifications, type TNotificationStore } from '../shared/notifications/notification-store.ts';

export const SIGN_IN_PATH = '/login';
export const HOME_PATH = '/dashboards';

/**
 * Private routes: checks the session before any loader of the matched routes runs (seed §2), so a
 * signed-out visit never fires data requests.
 */
export function requireSession(
  queryClient: QueryClient,
  store: TNotificationStore = notifications,
): MiddlewareFunction {
  return async () => {
    const session = await queryClient.fetchQuery(sessionQueryOptions());
    if (!session) {
      store.error(UNAUTHORIZED_MESSAGE);
      throw redirect(SIGN_IN_PATH);
    }
  };
}

/**
 * Sign-in screens: a signed-in user has nothing to do there. When the session cannot be read (server
 * down) the screen still opens: it is where the user would go anyway.
 */
export function redirectIfSignedIn(queryClient: QueryClient): MiddlewareFunction {
  return async () => {
    const session = await queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
    if (session) throw redirect(HOME_PATH);
  };
}
