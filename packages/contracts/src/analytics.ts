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
  /** Holding or grouping account ids (their subtrees); absent: the whole repository (root). */
  accounts: listOf(ZRecordId).optional(),
  /** The position and value fetch (core seed §7): `data=position` with `date`, `accounts`, `assets`. */
  data: z.enum(['position']).optional(),
  date: ZCalendarDay.optional(),
  assets: listOf(ZRecordId).optional(),
});
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/**
 * 'done' with the result; 'empty' for the seed's answers that are not errors ('No transactions found',
 * 'No analytics to compute for provided period'); 'error' with 'Analytics calculated with an error'.
 */
export const ZAnalyticsResponse = z.object({
  status: z.enum(['done', 'empty', 'error']),
  message: z.string().optional(),
  /** The engine's result (value_view, income_view, …; see docs/analytics.md); null unless done. */
  result: z.record(z.string(), z.unknown()).nullable(),
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
