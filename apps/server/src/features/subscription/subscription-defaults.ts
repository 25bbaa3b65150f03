import { SUBSCRIPTION_STATUSES } from '@strata/core/plans/subscription-status';
import { z } from 'zod';

/**
 * What a user without a subscription record has (the self-hosted provider): by default every user is on
 * an active professional plan, so a self-hoster has everything. The lead merges this shape into the
 * app's config schema; until then it is read from the environment.
 */
export const ZSubscriptionEnv = z.object({
  DEFAULT_PLAN: z.string().min(1).default('professional'),
  DEFAULT_SUBSCRIPTION_STATUS: z.enum(SUBSCRIPTION_STATUSES).default('active'),
});
export type TSubscriptionEnv = z.infer<typeof ZSubscriptionEnv>;

/** Blank counts as unset, as in loadConfig. */
export function readSubscriptionDefaults(env: NodeJS.ProcessEnv = process.env): TSubscriptionEnv {
  return ZSubscriptionEnv.parse({
    DEFAULT_PLAN: env.DEFAULT_PLAN?.trim() || undefined,
    DEFAULT_SUBSCRIPTION_STATUS: env.DEFAULT_SUBSCRIPTION_STATUS?.trim() || undefined,
  });
}
