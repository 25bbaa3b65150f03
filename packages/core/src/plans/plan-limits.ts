// Plans (core seed §6): professional (shown as PRO), standard, collaborator. What a plan allows is data
// (config/plans.json); these functions apply it.

export const PLAN_IDS = ['professional', 'standard', 'collaborator'] as const;

export interface TPlanLimits {
  id: string;
  name: string;
  max_repos_number: number;
  /** 'all' includes the PRO-only transaction types; 'standard' serves them read-only. */
  transaction_types: 'all' | 'standard';
}

/** Seed §9: the repository limit when a plan says nothing else. */
export const DEFAULT_MAX_REPOS_NUMBER = 1;

/** Creating one more repository is allowed while the count of the user's active repositories is below the maximum. */
export function canCreateRepository(
  activeOwnedCount: number,
  plan: Pick<TPlanLimits, 'max_repos_number'>,
): boolean {
  return activeOwnedCount < plan.max_repos_number;
}

export function planLimitMessage(limit: number): string {
  return `You have reached the maximum number of ${limit} repositories.`;
}

export function upgradePlanMessage(planName: string): string {
  return `You can add more repositories on the ${planName} plan.`;
}

/** The plan with the smallest repository limit above `limit`, to name in the upgrade prompt. */
export function nextPlanAbove<T extends Pick<TPlanLimits, 'max_repos_number'>>(
  plans: readonly T[],
  limit: number,
): T | undefined {
  return [...plans]
    .filter((plan) => plan.max_repos_number > limit)
    .sort((a, b) => a.max_repos_number - b.max_repos_number)[0];
}

/** Whether the plan includes the PRO-only transaction types (catalogue's `transactionSettingsFor`). */
export function canUseProTypes(plan: Pick<TPlanLimits, 'transaction_types'>): boolean {
  return plan.transaction_types === 'all';
}

/**
 * A downgrade to a plan with fewer repositories must name enough of the user's repositories to
 * deactivate; answers how many more are needed (0 = enough).
 */
export function repositoriesToDeactivate(activeOwnedCount: number, newLimit: number): number {
  return Math.max(0, activeOwnedCount - newLimit);
}
