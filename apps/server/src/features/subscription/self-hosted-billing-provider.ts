import type { TSubscription } from '@strata/contracts/subscription';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { TBillingProvider } from './billing-provider.ts';
import { createSubscriptionRepository } from './subscription.repository.ts';
import { getEffectiveSubscription, type TEffectiveSubscription } from './subscription-state.ts';

export const SELF_HOSTED_PROVIDER_ID = 'self-hosted';

export function toSubscriptionResponse(
  subscription: TEffectiveSubscription,
  provider: string,
): TSubscription {
  const { prices: _prices, ...planSchema } = subscription.plan;
  const price = subscription.plan.prices.find(
    (candidate) => candidate.period_unit === subscription.periodUnit,
  );
  return {
    status: subscription.status as TSubscription['status'],
    is_active: subscription.isActive,
    end_date: subscription.endDate,
    plan: {
      plan_id: subscription.plan.id,
      price: price?.price ?? null,
      period_unit: subscription.periodUnit,
      trial_period_unit: null,
      plan_schema: planSchema,
    },
    provider,
  };
}

/**
 * No billing service: users without a record get the configured default (DEFAULT_PLAN,
 * DEFAULT_SUBSCRIPTION_STATUS); switching plan takes effect at once and keeps the status; the operator
 * sets plan and status with `npm run admin -- set-plan`.
 */
export function createSelfHostedBillingProvider(db: Kysely<Database>): TBillingProvider {
  const repository = createSubscriptionRepository(db);
  return {
    id: SELF_HOSTED_PROVIDER_ID,

    async getSubscription(userId) {
      return toSubscriptionResponse(await getEffectiveSubscription(db, userId), SELF_HOSTED_PROVIDER_ID);
    },

    async hostedPageSession() {
      return {
        provider: SELF_HOSTED_PROVIDER_ID,
        url: null,
        message: 'This server has no billing service; its operator manages plans.',
      };
    },

    async switchPlan(userId, { planId, periodUnit }) {
      const current = await getEffectiveSubscription(db, userId);
      await repository.save({
        user_id: userId,
        plan_id: planId,
        status: current.status ?? 'active',
        period_unit: periodUnit,
        end_date: current.endDate,
      });
      return toSubscriptionResponse(await getEffectiveSubscription(db, userId), SELF_HOSTED_PROVIDER_ID);
    },
  };
}
