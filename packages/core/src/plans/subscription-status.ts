// Subscription statuses (core seed §4). Inactive means paused, cancelled, inactive, or no subscription;
// an inactive subscription stops repository data calls (402).

export const SUBSCRIPTION_STATUSES = [
  'future',
  'in_trial',
  'active',
  'non_renewing',
  'paused',
  'cancelled',
  'transferred',
  'inactive',
  'waiting_for_payment',
] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const INACTIVE_SUBSCRIPTION_STATUSES: readonly TSubscriptionStatus[] = [
  'paused',
  'cancelled',
  'inactive',
];

export function isSubscriptionStatus(value: string): value is TSubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** null/undefined = the user has no subscription at all. */
export function isSubscriptionActive(status: string | null | undefined): boolean {
  if (!status || !isSubscriptionStatus(status)) return false;
  return !INACTIVE_SUBSCRIPTION_STATUSES.includes(status);
}
