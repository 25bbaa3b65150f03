import type { TPlanDefinition } from '@strata/contracts/subscription';
import { planHasFeature, type TPlanFeature } from '@strata/core/plans/plan-features';
import { useQuery } from '@tanstack/react-query';
import { plansQueryOptions, subscriptionQueryOptions, usePlans } from './api/subscription-api.ts';

/**
 * Whether the plan `planId` has `feature`. Until the plans are known (or for a plan not in the list) the
 * action stays offered: the server refuses it with the upgrade message anyway (docs/repositories.md).
 */
export function isFeatureInPlan(
  plans: readonly TPlanDefinition[] | undefined,
  planId: string | undefined,
  feature: TPlanFeature,
): boolean {
  const plan = plans?.find((candidate) => candidate.id === planId);
  return plan ? planHasFeature(plan, feature) : true;
}

/** Inside a repository the owner's plan decides (the repository's `plan`). */
export function useRepositoryHasFeature(planId: string | undefined, feature: TPlanFeature): boolean {
  return isFeatureInPlan(usePlans().data, planId, feature);
}

/** What the caller creates for themselves (an import) follows their own plan; asks only once signed in. */
export function useOwnPlanHasFeature(feature: TPlanFeature, isSignedIn = true): boolean {
  const subscription = useQuery({ ...subscriptionQueryOptions(), enabled: isSignedIn });
  const plans = useQuery({ ...plansQueryOptions(), enabled: isSignedIn });
  return isFeatureInPlan(plans.data, subscription.data?.plan.plan_id, feature);
}
