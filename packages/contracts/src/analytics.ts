import { DATASETS, FREQUENCIES } from '@strata/core/analytics/analytics-types';
import { z } from 'zod';
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

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please enter a valid date' });

export const ZAnalyticsQuery = z.object({
  periods: z.coerce.number().int().min(1).max(5000).default(12),
  freq: z.enum(FREQUENCIES).default('month'),
  /** Last day of the timeline; absent: today. */
  end: ZDay.optional(),
  include_end: ZFlag.default(true),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'Must be a currency code' })
    .optional(),
  datasets: listOf(z.enum(DATASETS)).optional(),
  /** Holding or grouping account ids (their subtrees); absent: the whole repository (root). */
  accounts: listOf(ZRecordId).optional(),
  /** The position and value fetch (core seed §7): `data=position` with `date`, `accounts`, `assets`. */
  data: z.enum(['position']).optional(),
  date: ZDay.optional(),
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
