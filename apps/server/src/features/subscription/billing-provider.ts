import type { THostedPageSession, TSubscription } from '@strata/contracts/subscription';

/**
 * The port a billing service plugs into (Chargebee, Stripe, …). The built-in self-hosted provider
 * (self-hosted-billing-provider.ts) needs no service: the operator sets plans with `npm run admin`.
 */
export interface TBillingProvider {
  readonly id: string;
  getSubscription(userId: string): Promise<TSubscription>;
  hostedPageSession(userId: string): Promise<THostedPageSession>;
  /** Moves the user to a plan; the caller has already checked the repository limit. */
  switchPlan(userId: string, input: { planId: string; periodUnit: 'month' | 'year' }): Promise<TSubscription>;
}
