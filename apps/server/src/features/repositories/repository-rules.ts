import {
  canCreateRepository,
  nextPlanAbove,
  planLimitMessage,
  upgradePlanMessage,
} from '@strata/core/plans/plan-limits';
import { isIsoCurrencyCode } from '@strata/core/repositories/iso-currencies';
import { REPOSITORY_MESSAGES } from '@strata/core/repositories/repository-messages';
import { isRepositoryNameTaken } from '@strata/core/repositories/repository-name';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import {
  createSubscriptionRepository,
  plans,
  requireActiveSubscription,
  type TEffectiveSubscription,
} from '../subscription/index.ts';
import { createRepositoriesRepository } from './repositories.repository.ts';

export function assertKnownCurrency(currency: string): void {
  if (!isIsoCurrencyCode(currency)) {
    throw new AppError('VALIDATION_FAILED', `currency: ${REPOSITORY_MESSAGES.UNKNOWN_CURRENCY}`, {
      details: { fieldErrors: { currency: [REPOSITORY_MESSAGES.UNKNOWN_CURRENCY] } },
    });
  }
}

/**
 * Unique among the repositories the user owns, ignoring case (seed §5, 'the user's repositories'); 409
 * otherwise. Shared ones do not count: their names are their owners' to choose, so accepting an invite never
 * fails on a name and the switcher tells equal names apart by owner (docs/repositories.md).
 */
export async function assertNameFree(
  db: Kysely<Database>,
  userId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  const names = await createRepositoriesRepository(db).ownedNamesOf(userId);
  if (isRepositoryNameTaken(name, names, exceptId)) throw nameTaken();
}

export function nameTaken(): AppError {
  return new AppError('CONFLICT', REPOSITORY_MESSAGES.NAME_TAKEN, {
    details: { fieldErrors: { name: [REPOSITORY_MESSAGES.NAME_TAKEN] } },
  });
}

/**
 * The plan allows one more active repository, else 403 (a permission the plan does not grant, not a
 * payment to make now: 402 is reserved for an inactive subscription). `details.reason` is 'PLAN_LIMIT'.
 */
export async function assertPlanAllowsAnother(
  db: Kysely<Database>,
  userId: string,
): Promise<TEffectiveSubscription> {
  const subscription = await requireActiveSubscription(db, userId);
  const activeCount = await createSubscriptionRepository(db).countActiveOwnedRepositories(userId);
  if (!canCreateRepository(activeCount, subscription.plan)) {
    const limit = subscription.plan.max_repos_number;
    const upgrade = nextPlanAbove(plans(), limit);
    throw new AppError('FORBIDDEN', planLimitMessage(limit), {
      details: {
        reason: 'PLAN_LIMIT',
        limit,
        plan_id: subscription.plan.id,
        upgrade_plan: upgrade?.id ?? null,
        upgrade_message: upgrade ? upgradePlanMessage(upgrade.name) : null,
      },
    });
  }
  return subscription;
}
