import {
  ANALYTICS_MESSAGES,
  type TAnalyticsQuery,
  type TAnalyticsResponse,
} from '@strata/contracts/analytics';
import {
  DATASETS,
  type TAnalyticsRequest,
  type TAnalyticsResult,
} from '@strata/core/analytics/analytics-types';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { requireRepositoryAccess, type TAccessUser } from '../repositories/repository-access.ts';
import { loadAnalyticsInput } from './analytics.loader.ts';
import { analyticsCache } from './analytics-cache.ts';
import type { TAnalyticsPool } from './analytics-pool.ts';

interface TLogger {
  error(object: object, message: string): void;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The engine request of a query; the position fetch is a one-period timeline ending on its date. */
export function requestOf(query: TAnalyticsQuery): TAnalyticsRequest {
  const isPosition = query.data === 'position';
  return {
    periods: isPosition ? 1 : query.periods,
    freq: query.freq,
    end: (isPosition ? query.date : query.end) ?? null,
    include_end: isPosition ? true : query.include_end,
    ...(query.currency ? { currency: query.currency } : {}),
    datasets: isPosition ? ['position_view'] : (query.datasets ?? [...DATASETS]),
    scope: query.accounts && query.accounts.length > 0 ? query.accounts : 'root',
  };
}

function positionsOnly(result: TAnalyticsResult, query: TAnalyticsQuery): TAnalyticsResult {
  const accounts = query.accounts && query.accounts.length > 0 ? new Set(query.accounts) : null;
  const assets = query.assets && query.assets.length > 0 ? new Set(query.assets) : null;
  return {
    ...result,
    position_view: (result.position_view ?? []).filter(
      (row) => (!accounts || accounts.has(row.account_id)) && (!assets || assets.has(row.asset_id)),
    ),
  };
}

export function createAnalyticsService(db: Kysely<Database>, pool: TAnalyticsPool, log: TLogger) {
  // Identical requests arriving together share one compute.
  const inFlight = new Map<string, Promise<TAnalyticsResponse>>();

  async function compute(
    repository: { id: string; currency: string; settings: Record<string, unknown> },
    request: TAnalyticsRequest,
    query: TAnalyticsQuery,
    version: number,
    key: string,
  ): Promise<TAnalyticsResponse> {
    const day = today();
    const { input, transactionCount } = await loadAnalyticsInput(db, repository, request, day);
    const base = { total_compute_time: 0, cached: false, data_version: version };
    if (transactionCount === 0) {
      return { ...base, status: 'empty', message: ANALYTICS_MESSAGES.NO_TRANSACTIONS, result: null };
    }
    const first = input.transactions[0]?.date ?? day;
    if ((request.end ?? day) < first) {
      return { ...base, status: 'empty', message: ANALYTICS_MESSAGES.NO_PERIOD, result: null };
    }
    const outcome = await pool.compute(input);
    if (!outcome.ok) {
      log.error({ repositoryId: repository.id, cause: outcome.message }, 'analytics compute failed');
      return { ...base, status: 'error', message: ANALYTICS_MESSAGES.FAILED, result: null };
    }
    const result = query.data === 'position' ? positionsOnly(outcome.result, query) : outcome.result;
    analyticsCache.set(key, repository.id, result);
    return {
      ...base,
      status: 'done',
      result: result as unknown as Record<string, unknown>,
      total_compute_time: Math.round(outcome.ms) / 1000,
    };
  }

  return {
    async get(
      user: TAccessUser | null,
      repositoryId: string,
      query: TAnalyticsQuery,
    ): Promise<TAnalyticsResponse> {
      const { repository } = await requireRepositoryAccess(db, user, repositoryId, 'read');
      const { data_version } = await db
        .selectFrom('repositories')
        .select('data_version')
        .where('id', '=', repositoryId)
        .executeTakeFirstOrThrow();
      const version = Number(data_version);
      const request = requestOf(query);
      const key = JSON.stringify([
        repositoryId,
        version,
        today(),
        request,
        query.data ?? null,
        query.assets ?? null,
      ]);
      const cached = analyticsCache.get(key);
      if (cached) {
        return {
          status: 'done',
          result: cached as unknown as Record<string, unknown>,
          total_compute_time: 0,
          cached: true,
          data_version: version,
        };
      }
      const running = inFlight.get(key);
      if (running) return running;
      const started = compute(repository, request, query, version, key).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
  };
}
