import { ErrorMessage } from '@strata/contracts/error-messages';
import type { QueryClient } from '@tanstack/react-query';
import { type MiddlewareFunction, redirect } from 'react-router';
import type { TNotificationStore } from '../../shared/notifications/notification-store.ts';
import { subscriptionQueryOptions } from './api/subscription-api.ts';

export const SUBSCRIPTION_PATH = '/subscription';

/** The subscription pages stay open whatever the subscription says (seed §2). */
export function isSubscriptionPath(pathname: string): boolean {
  return pathname === SUBSCRIPTION_PATH || pathname.startsWith(`${SUBSCRIPTION_PATH}/`);
}

/**
 * Pages an inactive subscriber still opens: the subscription ones (seed §2) and /account, so a locked-out
 * user can still change the password or the second factor (issue 19 item 9; those calls are /api/auth/*,
 * which the subscription never gates).
 */
export function isOpenWhenInactive(pathname: string): boolean {
  return isSubscriptionPath(pathname) || pathname === '/account' || pathname.startsWith('/account/');
}

/**
 * Private routes, after the session check: an inactive subscription sends every page but those of
 * `isOpenWhenInactive` to /subscription (seed §2). When the subscription cannot be read the page opens: the
 * API refuses repository data with 402 on its own.
 */
export function requireActiveSubscription(
  queryClient: QueryClient,
  store?: Pick<TNotificationStore, 'warn'>,
): MiddlewareFunction {
  return async ({ request }) => {
    if (isOpenWhenInactive(new URL(request.url).pathname)) return;
    const subscription = await queryClient.fetchQuery(subscriptionQueryOptions()).catch(() => null);
    if (subscription && !subscription.is_active) {
      store?.warn(ErrorMessage.PAYMENT_REQUIRED);
      throw redirect(SUBSCRIPTION_PATH);
    }
  };
}
