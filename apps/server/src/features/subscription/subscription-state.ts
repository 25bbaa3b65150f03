import type { TPlanDefinition } from '@strata/contracts/subscription';
import { DEFAULT_MAX_REPOS_NUMBER } from '@strata/core/plans/plan-limits';
import { isSubscriptionActive } from '@strata/core/plans/subscription-status';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { findPlan } from './plans.ts';
import { createSubscriptionRepository } from './subscription.repository.ts';
import { readSubscriptionDefaults } from './subscription-defaults.ts';

/**
 * The subscription that applies to a user, for other features (repository access, plan limits). This
 * module is the subscription feature's public face: callers need not know about providers or defaults.
 */
export interface TEffectiveSubscription {
  userId: string;
  /** null = no subscription at all (only when the configured default status is empty of meaning: never today). */
  status: string | null;
  isActive: boolean;
  plan: TPlanDefinition;
  periodUnit: 'month' | 'year';
  endDate: string | null;
  /** False while the user runs on the configured default (no record yet). */
  isStored: boolean;
}

/** A plan id no longer in config/plans.json still works, with the seed's default repository limit. */
function planOrFallback(planId: string): TPlanDefinition {
  return (
    findPlan(planId) ?? {
      id: planId,
      name: planId,
      description: '',
      max_repos_number: DEFAULT_MAX_REPOS_NUMBER,
      transaction_types: 'standard',
      dashboard_widgets: [],
      features: [],
      prices: [],
    }
  );
}

export async function getEffectiveSubscription(
  db: Kysely<Database>,
  userId: string,
): Promise<TEffectiveSubscription> {
  const row = await createSubscriptionRepository(db).find(userId);
  if (row) {
    return {
      userId,
      status: row.status,
      isActive: isSubscriptionActive(row.status),
      plan: planOrFallback(row.plan_id),
      periodUnit: row.period_unit === 'year' ? 'year' : 'month',
      endDate: row.end_date,
      isStored: true,
    };
  }
  const defaults = readSubscriptionDefaults();
  return {
    userId,
    status: defaults.DEFAULT_SUBSCRIPTION_STATUS,
    isActive: isSubscriptionActive(defaults.DEFAULT_SUBSCRIPTION_STATUS),
    plan: storedPlanOrDefault(null),
    periodUnit: 'month',
    endDate: null,
    isStored: false,
  };
}

/**
 * The plan of a user whose stored subscription names `planId` (null or undefined: no record, the configured
 * default plan applies) — what getEffectiveSubscription answers, for a caller that read the plan id itself.
 */
export function storedPlanOrDefault(planId: string | null | undefined): TPlanDefinition {
  return planOrFallback(planId ?? readSubscriptionDefaults().DEFAULT_PLAN);
}

/** Whether a user's stored status (undefined: no record, the configured default applies) is active. */
export function isStoredStatusActive(status: string | null | undefined): boolean {
  return isSubscriptionActive(status ?? readSubscriptionDefaults().DEFAULT_SUBSCRIPTION_STATUS);
}

/** Repository data calls need an active subscription (seed §4, §8): otherwise 402. */
export async function requireActiveSubscription(
  db: Kysely<Database>,
  userId: string,
): Promise<TEffectiveSubscription> {
  const subscription = await getEffectiveSubscription(db, userId);
  if (!subscription.isActive) throw AppError.paymentRequired();
  return subscription;
}
