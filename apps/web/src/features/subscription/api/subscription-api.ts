import {
  getHostedPageSession as getHostedPageSessionEndpoint,
  getSubscription as getSubscriptionEndpoint,
  listPlans as listPlansEndpoint,
  switchPlan as switchPlanEndpoint,
  type TSubscription,
  type TSwitchPlanBody,
} from '@strata/contracts/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;
export const PLANS_QUERY_KEY = ['subscription', 'plans'] as const;

/** `GET /api/subscription`: status, plan and whether repository data may be read. */
export function getSubscription(signal?: AbortSignal): Promise<TSubscription> {
  // A probe: the route guard must be able to ask without a failed call signing anyone out.
  return callEndpoint(getSubscriptionEndpoint, { signal, isAuthProbe: true, isParsed: true });
}

export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: ({ signal }) => getSubscription(signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}

/** `GET /api/subscription/plans` (config/plans.json). */
export function listPlans(signal?: AbortSignal) {
  return callEndpoint(listPlansEndpoint, { signal, isParsed: true });
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: PLANS_QUERY_KEY,
    queryFn: ({ signal }) => listPlans(signal),
    staleTime: 10 * 60_000,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}

/** `GET /api/subscription/hosted_page_session`: the billing provider's page (none when self-hosted). */
export function getHostedPageSession() {
  return callEndpoint(getHostedPageSessionEndpoint, { isParsed: true });
}

/** `POST /api/subscription/switch_plan`. */
export function switchPlan(body: TSwitchPlanBody): Promise<TSubscription> {
  return callEndpoint(switchPlanEndpoint, { body, isParsed: true });
}
