import { SUBSCRIPTION_STATUSES } from '@strata/core/plans/subscription-status';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZRecordId } from './repositories.ts';

export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export const ZPeriodUnit = z.enum(['month', 'year']);

/** Seed §3 plan schema. `name` is what the UI shows (professional shows as PRO). */
export const ZPlanSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  max_repos_number: z.number().int().min(0),
  /** 'all' includes the PRO-only transaction types; 'standard' serves them read-only. */
  transaction_types: z.enum(['all', 'standard']),
  /** 'all' or the widget kinds the plan offers. */
  dashboard_widgets: z.union([z.literal('all'), z.array(z.string())]),
  features: z.array(z.string()),
});
export type TPlanSchema = z.infer<typeof ZPlanSchema>;

export const ZPlanPrice = z.object({
  period_unit: ZPeriodUnit,
  /** Decimal string. */
  price: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.string(),
});

export const ZPlanDefinition = ZPlanSchema.extend({ prices: z.array(ZPlanPrice) });
export type TPlanDefinition = z.infer<typeof ZPlanDefinition>;

/** config/plans.json */
export const ZPlansFile = z.object({
  plans: z
    .array(ZPlanDefinition)
    .min(1)
    .refine((plans) => new Set(plans.map((plan) => plan.id)).size === plans.length, {
      error: 'plan ids must be unique',
    }),
});
export type TPlansFile = z.infer<typeof ZPlansFile>;

export const ZSubscription = z.object({
  status: ZSubscriptionStatus.nullable(),
  /** False for paused, cancelled, inactive or no subscription: repository data calls answer 402. */
  is_active: z.boolean(),
  end_date: z.iso.date().nullable(),
  plan: z.object({
    plan_id: z.string(),
    price: z.string().nullable(),
    period_unit: ZPeriodUnit,
    trial_period_unit: ZPeriodUnit.nullable(),
    plan_schema: ZPlanSchema,
  }),
  /** Which billing provider manages it ('self-hosted' = the operator, through `npm run admin`). */
  provider: z.string(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZHostedPageSession = z.object({
  provider: z.string(),
  /** Where to manage payment; null when the provider has no hosted page (self-hosted). */
  url: z.string().nullable(),
  message: z.string(),
});
export type THostedPageSession = z.infer<typeof ZHostedPageSession>;

export const ZSwitchPlanBody = z.strictObject({
  plan_id: z.string().min(1),
  period_unit: ZPeriodUnit,
  /** Repositories to make read-only when the new plan allows fewer than the caller owns. */
  deactivated_repositories: z.array(ZRecordId).default([]),
});
export type TSwitchPlanBody = z.infer<typeof ZSwitchPlanBody>;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const getSubscription = defineEndpoint({
  method: 'GET',
  url: '/subscription',
  summary: "The caller's subscription and plan",
  response: { 200: ZSubscription, 401: ZErrorBody },
});

export const listPlans = defineEndpoint({
  method: 'GET',
  url: '/subscription/plans',
  summary: 'The plans on offer (config/plans.json)',
  response: { 200: z.array(ZPlanDefinition), 401: ZErrorBody },
});

export const getHostedPageSession = defineEndpoint({
  method: 'GET',
  url: '/subscription/hosted_page_session',
  summary: "A session on the billing provider's hosted page",
  response: { 200: ZHostedPageSession, 401: ZErrorBody },
});

export const switchPlan = defineEndpoint({
  method: 'POST',
  url: '/subscription/switch_plan',
  summary: 'Change plan; a downgrade names the repositories to deactivate',
  body: ZSwitchPlanBody,
  response: { 200: ZSubscription, ...errors },
});
