// The subscription feature's public entry: what other features and shared modules may use of it.
export { plans } from './plans.ts';
export { assertPlanFeature, requirePlanFeature } from './route-plan-features.ts';
export { createSubscriptionRepository } from './subscription.repository.ts';
export {
  getEffectiveSubscription,
  isStoredStatusActive,
  requireActiveSubscription,
  storedPlanOrDefault,
  type TEffectiveSubscription,
} from './subscription-state.ts';
