import { DATASETS, FREQUENCIES, SCOPE_KINDS } from '@strata/core/analytics/analytics-types';
import { z } from 'zod';
import { ZCalendarDay } from './calendar-day.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZRecordId, ZRepositoryIdParams } from './repositories.ts';

const ZFlag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((value) => value === true || value === '1' || value === 'true');

/** A list in a query string: a JSON array or a comma list. */
function listOf<T extends z.ZodType<string>>(item: T) {
  return z
    .string()
    .max(20_000)
    .transform((raw, context) => {
      let items: unknown = raw
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (raw.trim().startsWith('[')) {
        try {
          items = JSON.parse(raw);
        } catch {
          context.issues.push({ code: 'custom', message: 'Must be a JSON list or a comma list', input: raw });
          return z.NEVER;
        }
      }
      return items;
    })
    .pipe(z.array(item));
}

export const ZAnalyticsQuery = z.object({
  periods: z.coerce.number().int().min(1).max(5000).default(12),
  freq: z.enum(FREQUENCIES).default('month'),
  /** Last day of the timeline; absent: today. */
  end: ZCalendarDay.optional(),
  include_end: ZFlag.default(true),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'Must be a currency code' })
    .optional(),
  datasets: listOf(z.enum(DATASETS)).optional(),
  /**
   * Scope kinds that get rows (repository, account, asset, position, tag); absent: all. A dashboard that
   * groups by account and tag needs no per-asset or per-position rows — at 100k transactions over 1,000
   * assets those are most of a result's size.
   */
  scopes: listOf(z.enum(SCOPE_KINDS)).optional(),
  /**
   * Scope kinds whose IRR is solved; absent: repository, account, tag. Asset and position IRRs are asked for
   * (the IRR and MOIC widget grouped by asset, the asset drawer): each costs a solve, and a position with
   * years of trades costs milliseconds.
   */
  irr_scopes: listOf(z.enum(SCOPE_KINDS)).optional(),
  /** Only these assets' asset and position IRRs are solved (the asset drawer asks for one asset). */
  irr_assets: listOf(ZRecordId).optional(),
  /** Holding or grouping account ids (their subtrees); absent: the whole repository (root). */
  accounts: listOf(ZRecordId).optional(),
  /** The position and value fetch (core seed §7): `data=position` with `date`, `accounts`, `assets`. */
  data: z.enum(['position']).optional(),
  date: ZCalendarDay.optional(),
  assets: listOf(ZRecordId).optional(),
});
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

// --- The engine's result (core analytics-types.ts `TAnalyticsResult`; docs/analytics.md) --------------------
// Amounts are numbers in the reporting currency, null where a price or rate is missing. analytics.test.ts
// checks at compile time that each inferred type is the engine's own, so neither can drift alone.

const ZAmount = z.number().nullable();
const ZScopeRef = {
  scope_kind: z.enum(SCOPE_KINDS),
  /** 'repository'; an account id; an asset id; 'account_id|asset_id'; 'Name=Value'. */
  scope_id: z.string(),
  scope_name: z.string(),
};
const ZPeriodRef = { period: z.number(), start: z.string(), end: z.string() };
const ZIrr = {
  irr: ZAmount,
  is_irr_annualized: z.boolean().nullable(),
  irr_annualized: ZAmount,
  irr_roots: z.array(z.number()).nullable(),
  irr_reason: z.string().nullable(),
};

/** A held instrument whose end value rests on a price more than 31 days old (core's stale-prices.ts). */
export const ZStalePrice = z.object({ asset_id: z.string(), price_date: z.string(), age_days: z.number() });

export const ZAnalyticsPeriod = z.object({ index: z.number(), start: z.string(), end: z.string() });
export type TAnalyticsPeriod = z.infer<typeof ZAnalyticsPeriod>;

/** A value that could not be computed: a price or rate missing from `date` to `last_date`. */
export const ZAnalyticsMissing = z.object({
  asset_id: z.string(),
  currency: z.string().optional(),
  kind: z.enum(['price', 'fx']),
  date: z.string(),
  last_date: z.string(),
  count: z.number(),
});
export type TAnalyticsMissing = z.infer<typeof ZAnalyticsMissing>;

export const ZValueRow = z.object({
  ...ZScopeRef,
  ...ZPeriodRef,
  value_start: ZAmount,
  value_end: ZAmount,
  net_flows: ZAmount,
  contributions: ZAmount,
  withdrawals: ZAmount,
  income: ZAmount,
  expenses: ZAmount,
  market_change: ZAmount,
  realized: ZAmount,
  unrealized: ZAmount,
  fx_effect: ZAmount,
});
export type TValueRow = z.infer<typeof ZValueRow>;

export const ZIncomeRow = z.object({
  ...ZScopeRef,
  ...ZPeriodRef,
  category: z.string(),
  kind: z.enum(['income', 'expense']),
  amount: ZAmount,
});
export type TIncomeRow = z.infer<typeof ZIncomeRow>;

/** `period` -1 is the whole timeline. */
export const ZIrrMoicRow = z.object({
  ...ZScopeRef,
  ...ZIrr,
  ...ZPeriodRef,
  value_start: ZAmount,
  value_end: ZAmount,
  contributions: ZAmount,
  distributions: ZAmount,
  moic: ZAmount,
  dpi: ZAmount,
  rvpi: ZAmount,
});
export type TIrrMoicRow = z.infer<typeof ZIrrMoicRow>;

export const ZPerformanceRow = z.object({
  ...ZScopeRef,
  ...ZPeriodRef,
  twr: ZAmount,
  cumulative_twr: ZAmount,
});
export type TPerformanceRow = z.infer<typeof ZPerformanceRow>;

export const ZPositionRow = z.object({
  account_id: z.string(),
  asset_id: z.string(),
  /** Exact units. */
  amount: z.string(),
  position_close: ZAmount,
  position_gain: ZAmount,
  cost_basis: ZAmount,
  date: z.string(),
});
export type TPositionRow = z.infer<typeof ZPositionRow>;

export const ZTreeNode = z.object({
  node_id: z.string(),
  parent_id: z.string().nullable(),
  node_kind: z.enum(['repository', 'account', 'position']),
  account_id: z.string().nullable(),
  asset_id: z.string().nullable(),
  name: z.string(),
  depth: z.number(),
  value: ZAmount,
  value_change: ZAmount,
  cost_basis: ZAmount,
  unrealized_gain: ZAmount,
});
export type TTreeNode = z.infer<typeof ZTreeNode>;

/** `account_id` and `asset_id` are null on the total row. */
export const ZCommitmentRow = z.object({
  ...ZIrr,
  account_id: z.string().nullable(),
  asset_id: z.string().nullable(),
  name: z.string(),
  date: z.string(),
  commitment: z.number(),
  called: z.number(),
  contributed: z.number(),
  recallable: z.number(),
  unfunded: z.number(),
  distributions: z.number(),
  paid_in: z.number(),
  nav: ZAmount,
  dpi: ZAmount,
  rvpi: ZAmount,
  tvpi: ZAmount,
});
export type TCommitmentRow = z.infer<typeof ZCommitmentRow>;

/** The datasets asked for (`datasets`) are present; the others are absent. */
export const ZAnalyticsResult = z.object({
  currency: z.string(),
  periods: z.array(ZAnalyticsPeriod),
  missing: z.array(ZAnalyticsMissing),
  /** Absent in results cached before issue 18. */
  stale_prices: z.array(ZStalePrice).optional(),
  value_view: z.array(ZValueRow).optional(),
  income_view: z.array(ZIncomeRow).optional(),
  irr_moic_view: z.array(ZIrrMoicRow).optional(),
  performance_view: z.array(ZPerformanceRow).optional(),
  position_view: z.array(ZPositionRow).optional(),
  tree_view: z.array(ZTreeNode).optional(),
  commitments_view: z.array(ZCommitmentRow).optional(),
});
export type TAnalyticsResult = z.infer<typeof ZAnalyticsResult>;

/**
 * 'done' with the result; 'empty' for the seed's answers that are not errors ('No transactions found',
 * 'No analytics to compute for provided period'); 'error' with 'Analytics calculated with an error'.
 */
export const ZAnalyticsResponse = z.object({
  status: z.enum(['done', 'empty', 'error']),
  message: z.string().optional(),
  /** The engine's result; null unless done. */
  result: ZAnalyticsResult.nullable(),
  /** Seconds the compute took (0 when served from the cache). */
  total_compute_time: z.number(),
  cached: z.boolean(),
  data_version: z.number(),
});
export type TAnalyticsResponse = z.infer<typeof ZAnalyticsResponse>;

export const ANALYTICS_MESSAGES = {
  /** The 404 of this feature (for a non-member too): the client shows it as an answer, not an error. */
  REPOSITORY_NOT_FOUND: 'Repository is not found',
  NO_TRANSACTIONS: 'No transactions found',
  NO_PERIOD: 'No analytics to compute for provided period',
  FAILED: 'Analytics calculated with an error',
} as const;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const getAnalytics = defineEndpoint({
  method: 'GET',
  url: '/repositories/:id/analytics',
  summary: 'Analytics of a repository (or of accounts) over a timeline; cached per data version',
  params: ZRepositoryIdParams,
  querystring: ZAnalyticsQuery,
  response: { 200: ZAnalyticsResponse, ...errors },
});

// --- WebSocket channel 'analytics' (GET /api/ws/analytics; docs/analytics-api.md) -------------------------

/** The channel's address: a WebSocket upgrade, authenticated by the session cookie; a plain GET is a 400. */
export const openAnalyticsChannel = defineEndpoint({
  method: 'GET',
  url: '/ws/analytics',
  summary: "The WebSocket channel 'analytics'",
  response: { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody },
});

/** What a client sends: follow a repository's computes, stop, or ask for a compute over the socket. */
export const ZAnalyticsClientMessage = z.discriminatedUnion('action', [
  z.object({ action: z.literal('subscribe'), repository_id: ZRecordId }),
  z.object({ action: z.literal('unsubscribe'), repository_id: ZRecordId }),
  z.object({
    action: z.literal('compute'),
    repository_id: ZRecordId,
    /** Echoed in the 'accepted' answer so the client can match the request_hash of later messages. */
    request_id: z.string().max(100).optional(),
    /** The query of GET /api/repositories/:id/analytics, as strings or already typed values. */
    query: z.record(z.string(), z.unknown()).default({}),
  }),
]);
export type TAnalyticsClientMessage = z.infer<typeof ZAnalyticsClientMessage>;

export const ANALYTICS_STAGES = ['loading', 'computing', 'saving'] as const;

/** What the server sends. `result.response` is exactly the HTTP answer (ZAnalyticsResponse). */
export const ZAnalyticsServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), repository_id: z.string() }),
  z.object({ type: z.literal('unsubscribed'), repository_id: z.string() }),
  z.object({
    type: z.literal('accepted'),
    repository_id: z.string(),
    request_id: z.string().optional(),
    request_hash: z.string(),
  }),
  z.object({
    type: z.literal('progress'),
    repository_id: z.string(),
    request_hash: z.string(),
    data_version: z.number(),
    stage: z.enum(ANALYTICS_STAGES),
    /** 0–1, by stage (the engine's single pass has no finer steps). */
    progress: z.number(),
    transactions: z.number().optional(),
    prices: z.number().optional(),
    /** Computes waiting for a worker thread when this one was handed over. */
    queued: z.number().optional(),
  }),
  z.object({
    type: z.literal('result'),
    repository_id: z.string(),
    request_hash: z.string(),
    data_version: z.number(),
    response: ZAnalyticsResponse,
  }),
  /** The repository's data changed (committed): results of older data versions are out of date. */
  z.object({ type: z.literal('deprecated'), repository_id: z.string(), data_version: z.number() }),
  z.object({
    type: z.literal('error'),
    repository_id: z.string().optional(),
    request_id: z.string().optional(),
    /** The HTTP status the same call would get (400, 402, 403, 404). */
    status: z.number(),
    message: z.string(),
  }),
]);
export type TAnalyticsServerMessage = z.infer<typeof ZAnalyticsServerMessage>;
