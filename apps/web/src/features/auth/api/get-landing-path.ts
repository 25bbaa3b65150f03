import { getSubscription } from '@strata/contracts/subscription';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export const DASHBOARDS_PATH = '/dashboards';
export const SUBSCRIPTION_PATH = '/subscription';

/**
 * Where a freshly signed-in user goes (seed §2): dashboards, or the subscription page when the
 * subscription is inactive. When the subscription cannot be read the user still gets in: the private
 * routes enforce the subscription themselves.
 */
export async function getLandingPath(signal?: AbortSignal): Promise<string> {
  try {
    const subscription = await callEndpoint(getSubscription, { signal, isAuthProbe: true, isParsed: true });
    return subscription.is_active ? DASHBOARDS_PATH : SUBSCRIPTION_PATH;
  } catch {
    return DASHBOARDS_PATH;
  }
}
