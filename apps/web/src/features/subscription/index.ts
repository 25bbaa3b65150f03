// The public entry of this feature: what other features may use. Everything else is its own business.
export {
  PLANS_QUERY_KEY,
  plansQueryOptions,
  SUBSCRIPTION_QUERY_KEY,
  subscriptionQueryOptions,
  usePlans,
  useSubscription,
} from './api/subscription-api.ts';
export { isFeatureInPlan, useOwnPlanHasFeature, useRepositoryHasFeature } from './plan-features.ts';
