import { z } from 'zod';
import { apiFetch } from '../../../shared/api/api-client.ts';

export const DASHBOARDS_PATH = '/dashboards';
export const SUBSCRIPTION_PATH = '/subscription';

/** Only the flag this decision needs; the subscription feature owns the full contract. */
const ZSubscriptionActivity = z.looseObject({ is_active: z.boolean() });

/**
 * Where a freshly signed-in user goes (seed §2): dashboards, or the subscription page when the
 * subscription is inactive. When the subscription cannot be read the user still gets in: the private
 * routes enforce the subscription themselves.
 */
export async function getLandingPath(signal?: AbortSignal): Promise<string> {
  try {
    const subscription = await apiFetch('/subscription', {
      signal,
      schema: ZSubscriptionActivity,
      isAuthProbe: true,
    });
    return subscription.is_active ? DASHBOARDS_PATH : SUBSCRIPTION_PATH;
  } catch {
    return DASHBOARDS_PATH;
  }
}
