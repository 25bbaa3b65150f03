import {
  type TSubscription,
  type TSwitchPlanBody,
  ZHostedPageSession,
  ZPlanDefinition,
  ZSubscription,
} from '@strata/contracts/subscription';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/api-client.ts';

export const SUBSCRIPTION_QUERY_KEY = ['subscription'] as const;
export const PLANS_QUERY_KEY = ['subscription', 'plans'] as const;

/** `GET /api/subscription`: status, plan and whether repository data may be read. */
export function getSubscription(signal?: AbortSignal): Promise<TSubscription> {
  // A probe: the route guard must be able to ask without a failed call signing anyone out.
  return apiFetch('/subscription', { signal, schema: ZSubscription, isAuthProbe: true });
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
  return apiFetch('/subscription/plans', { signal, schema: z.array(ZPlanDefinition) });
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
  return apiFetch('/subscription/hosted_page_session', { schema: ZHostedPageSession });
}

/** `POST /api/subscription/switch_plan`. */
export function switchPlan(body: TSwitchPlanBody): Promise<TSubscription> {
  return apiFetch('/subscription/switch_plan', { method: 'POST', body, schema: ZSubscription });
}
