import type { TRepository } from '@strata/contracts/repositories';
import type { TPlanSchema } from '@strata/contracts/subscription';
import {
  canCreateRepository,
  nextPlanAbove,
  planLimitMessage,
  upgradePlanMessage,
} from '@strata/core/plans/plan-limits';
import { isApiError } from '../../shared/api/api-error.ts';

export interface TPlanLimitPrompt {
  limit: number;
  /** 'You have reached the maximum number of {limit} repositories.' */
  message: string;
  /** 'You can add more repositories on the {plan} plan.' — null when no plan allows more. */
  upgradeMessage: string | null;
}

/** Owned repositories that count against the plan: active ones (read-only ones were deactivated). */
export function countActiveOwned(
  repositories: readonly Pick<TRepository, 'access_type' | 'settings'>[],
): number {
  return repositories.filter((repository) => repository.access_type === 3 && !repository.settings.readonly)
    .length;
}

/** The upgrade prompt when one more repository would pass the plan's maximum (seed §6), else null. */
export function planLimitPrompt(
  repositories: readonly Pick<TRepository, 'access_type' | 'settings'>[],
  plan: Pick<TPlanSchema, 'max_repos_number'>,
  plans: readonly Pick<TPlanSchema, 'name' | 'max_repos_number'>[] = [],
): TPlanLimitPrompt | null {
  if (canCreateRepository(countActiveOwned(repositories), plan)) return null;
  const upgrade = nextPlanAbove(plans, plan.max_repos_number);
  return {
    limit: plan.max_repos_number,
    message: planLimitMessage(plan.max_repos_number),
    upgradeMessage: upgrade ? upgradePlanMessage(upgrade.name) : null,
  };
}

/** The server's refusal (403, `details.reason = 'PLAN_LIMIT'`) as the same prompt. */
export function planLimitFromError(error: unknown): TPlanLimitPrompt | null {
  if (!isApiError(error) || error.status !== 403) return null;
  const details = error.details as Record<string, unknown> | undefined;
  if (details?.reason !== 'PLAN_LIMIT' || typeof details.limit !== 'number') return null;
  return {
    limit: details.limit,
    message: planLimitMessage(details.limit),
    upgradeMessage: typeof details.upgrade_message === 'string' ? details.upgrade_message : null,
  };
}
