import type { QueryClient } from '@tanstack/react-query';
import { type MiddlewareFunction, redirect } from 'react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session.ts';
import { userSettingsQueryOptions } from '../features/session/index.ts';
import { UNAUTHORIZED_MESSAGE } from '../shared/api/api-error.ts';
import { notifications, type TNotificationStore } from '../shared/notifications/notification-store.ts';

export const SIGN_IN_PATH = '/login';
export const HOME_PATH = '/dashboards';

/**
 * Private routes: checks the session before any loader of the matched routes runs (seed §2), so a
 * signed-out visit never fires data requests; then reads the user's settings.
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
    // The first private page draws with the user's settings already known (cached five minutes): dates in
    // their format and the side panel as they left it, rather than ISO dates and an open panel for a moment.
    // Without them (the request failed) the page still opens with the defaults.
    await queryClient.fetchQuery(userSettingsQueryOptions(session.user.id)).catch(() => undefined);
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
