import { APPLY_STATUSES, RULE_TYPES } from '@strata/core/rules/rule-model';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody, ZVersion } from './errors.ts';
import { ZMessageResponse, ZRecordId } from './repositories.ts';

// Tagging and mapping rules (linked seed §3, §4, §7 "Rules"). The shape of criteria and actions is checked
// here only as far as JSON goes; core's `parseRuleData` decides what a valid rule is and names each problem
// by its path, so the web form and the server refuse the same rules with the same words.

export const RULE_API_MESSAGES = {
  NOT_FOUND: 'Rule not found',
  CREATED: 'Rule created',
  UPDATED: 'Rule updated',
  DELETED: 'Rule deleted',
} as const;

const ZCriterionParam = z.object({ comparison: z.string().nullish(), value: z.unknown() });
const ZCriterion = z.object({
  type: z.string().max(100),
  logic: z.enum(['AND', 'OR']).nullish(),
  params: z.array(ZCriterionParam).max(50),
});
/** An action as JSON: its `type` names it; tag_ids, value, or the mapped transaction's fields follow. */
const ZAction = z.looseObject({ type: z.string().max(100) });

export const ZRuleData = z.object({
  criteria: z.array(ZCriterion).max(50),
  actions: z.array(ZAction).max(20),
});
export type TRuleDataBody = z.infer<typeof ZRuleData>;

export const ZRuleType = z.enum(RULE_TYPES);
export const ZApplyStatus = z.enum(APPLY_STATUSES);

export const ZRule = z.object({
  id: z.string(),
  repository_id: z.string(),
  order: z.number().int(),
  type: ZRuleType,
  data: ZRuleData,
  apply_to_existing_transactions: z.boolean(),
  apply_status: ZApplyStatus.nullable(),
  enabled: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  version: ZVersion,
});
export type TRule = z.infer<typeof ZRule>;

/** What applying a rule did: the seed's apply_status and the counts behind it. */
export const ZApplySummary = z.object({
  apply_status: ZApplyStatus,
  matched: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
});
export type TApplySummary = z.infer<typeof ZApplySummary>;

export const ZRuleWithSummary = ZRule.extend({ summary: ZApplySummary.nullable() });

export const ZListRulesQuery = z.object({ repository_id: ZRecordId, type: ZRuleType.optional() });
export const ZCreateRuleBody = z.object({
  repository_id: ZRecordId,
  type: ZRuleType,
  /** Absent: a tagging rule goes last, a mapping rule first (linked seed §4 "Rule order"). */
  order: z.number().int().min(1).max(1_000_000).optional(),
  data: ZRuleData,
  apply_to_existing_transactions: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
export type TCreateRuleBody = z.infer<typeof ZCreateRuleBody>;
export const ZUpdateRuleBody = z.object({
  type: ZRuleType,
  data: ZRuleData,
  apply_to_existing_transactions: z.boolean().default(false),
  version: ZVersion.nullish(),
});
export type TUpdateRuleBody = z.infer<typeof ZUpdateRuleBody>;
export const ZReorderRuleBody = z.object({ order: z.number().int().min(1).max(1_000_000) });
export const ZRuleParams = z.object({ id: ZRecordId });

/**
 * 'Apply to historic' on a saved rule, with the data the dialog shows: the rule's id records where it was
 * applied, so applying again changes nothing (a sign flip does not flip back).
 */
export const ZApplyRuleBody = z.object({
  repository_id: ZRecordId,
  id: ZRecordId,
  type: ZRuleType,
  data: ZRuleData,
});
export type TApplyRuleBody = z.infer<typeof ZApplyRuleBody>;

export const ZPreviewRulesBody = z.object({
  repository_id: ZRecordId,
  type: ZRuleType,
  /** The rule being edited, if saved: transactions it was already applied to show as unchanged. */
  id: ZRecordId.optional(),
  data: ZRuleData,
  page_no: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(200).default(50),
});
export type TPreviewRulesBody = z.infer<typeof ZPreviewRulesBody>;

export const ZPreviewOutcome = z.enum(['changed', 'mapped', 'failed', 'unchanged']);
const ZMappedEntry = z.object({
  account_id: z.string(),
  asset_id: z.string(),
  amount: z.string(),
  pos_id: z.string().nullable(),
});
export const ZPreviewRow = z.object({
  id: z.string(),
  date: z.string(),
  account_name: z.string().nullable(),
  counterparty: z.string().nullable(),
  description: z.string().nullable(),
  amount: z.string(),
  outcome: ZPreviewOutcome,
  /** Each field the rule changes, before and after. */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  /** The smart transaction a mapping rule would make. */
  transaction: z
    .object({
      type: z.string(),
      date: z.string(),
      description: z.string().nullable(),
      entries: z.array(ZMappedEntry),
    })
    .nullable(),
  /** Why the mapping would fail. */
  reason: z.string().nullable(),
});
export type TPreviewRow = z.infer<typeof ZPreviewRow>;
export const ZPreviewPage = z.object({
  data: z.array(ZPreviewRow),
  meta: z.object({ page_no: z.number(), page_size: z.number(), total: z.number() }),
});
export type TPreviewPage = z.infer<typeof ZPreviewPage>;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const listRules = defineEndpoint({
  method: 'GET',
  url: '/rules',
  summary: "A repository's tagging and mapping rules, by type and order",
  querystring: ZListRulesQuery,
  response: { 200: z.array(ZRule), ...errors },
});

export const createRule = defineEndpoint({
  method: 'POST',
  url: '/rules',
  summary:
    'Create a rule, applied to existing linked transactions when asked; the answer carries apply_status',
  body: ZCreateRuleBody,
  response: { 201: ZRuleWithSummary, ...errors },
});

export const updateRule = defineEndpoint({
  method: 'PUT',
  url: '/rules/:id',
  summary: "Change a rule's criteria and actions, applied to existing linked transactions when asked",
  params: ZRuleParams,
  body: ZUpdateRuleBody,
  response: { 200: ZRuleWithSummary, ...errors, 409: ZErrorBody },
});

export const deleteRule = defineEndpoint({
  method: 'DELETE',
  url: '/rules/:id',
  summary: 'Delete a rule (what it did to transactions stays)',
  params: ZRuleParams,
  response: { 200: ZMessageResponse, ...errors },
});

export const reorderRule = defineEndpoint({
  method: 'PUT',
  url: '/rules/:id/reorder',
  summary: 'Move a rule to a position among the rules of its type',
  params: ZRuleParams,
  body: ZReorderRuleBody,
  response: { 200: z.array(ZRule), ...errors },
});

export const enableRule = defineEndpoint({
  method: 'PUT',
  url: '/rules/:id/enable',
  summary: 'Enable a rule: it runs on newly imported transactions again',
  params: ZRuleParams,
  response: { 200: ZRule, ...errors },
});

export const disableRule = defineEndpoint({
  method: 'PUT',
  url: '/rules/:id/disable',
  summary: 'Disable a rule: it no longer runs on newly imported transactions',
  params: ZRuleParams,
  response: { 200: ZRule, ...errors },
});

export const applyRule = defineEndpoint({
  method: 'POST',
  url: '/rules/apply',
  summary: "Apply a rule's data to the repository's existing linked transactions",
  body: ZApplyRuleBody,
  response: { 200: ZApplySummary, ...errors },
});

export const previewRuleTransactions = defineEndpoint({
  method: 'POST',
  url: '/rules/transactions_preview',
  summary: 'The linked transactions a rule matches, by page, each before and after: nothing is written',
  body: ZPreviewRulesBody,
  response: { 200: ZPreviewPage, ...errors },
});
