import type { TSubscription } from '@strata/contracts/subscription';

export type TPeriod = 'month' | 'year';

export function repositoryLimitLabel(maxReposNumber: number): string {
  return `Up to ${maxReposNumber} ${maxReposNumber === 1 ? 'repository' : 'repositories'}`;
}

/** A card is the current one for the subscription's plan and period, active or not (its state is shown apart). */
export function isCurrentChoice(
  subscription: Pick<TSubscription, 'plan'> | undefined,
  planId: string,
  period: TPeriod,
): boolean {
  return subscription?.plan.plan_id === planId && subscription.plan.period_unit === period;
}

/**
 * What a switch did. A switch changes the plan only: an inactive subscription stays inactive (and its
 * repositories locked) until it is activated, so saying 'Plan switched' alone would promise access.
 */
export function switchOutcome(subscription: Pick<TSubscription, 'is_active' | 'status' | 'plan'>): {
  tone: 'success' | 'warn';
  message: string;
} {
  const name = subscription.plan.plan_schema.name;
  if (subscription.is_active) return { tone: 'success', message: `Plan switched to ${name}` };
  return {
    tone: 'warn',
    message: `Plan changed to ${name}, but the subscription is still ${subscription.status ?? 'inactive'}: activate it to use your repositories`,
  };
}
