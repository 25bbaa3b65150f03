import { ANALYTICS_MESSAGES, type TAnalyticsQuery } from '@strata/contracts/analytics';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError, isAppError } from '../../plugins/app-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { userToday } from '../../shared/user-today.ts';
import { loadAnalyticsInput, type TLoaderParts, type TLoaderRepository } from './analytics.loader.ts';
import type { TAnalyticsCache } from './analytics-cache.ts';
import type { TAnalyticsEvents } from './analytics-events.ts';
import { analyticsFacts } from './analytics-loader.repository.ts';
import type { TAnalyticsPool } from './analytics-pool.ts';
import { planRequest, type TPlannedRequest } from './analytics-request.ts';
import type { TAnalyticsResultsRepository } from './analytics-results.repository.ts';

interface TLogger {
  error(object: object, message: string): void;
}

export interface TAnalyticsAnswer {
  /** The response body (ZAnalyticsResponse) as JSON text: a large result is spliced in, never re-serialized. */
  body: string;
  repositoryId: string;
  requestHash: string;
  dataVersion: number;
  /** A compute ran (and published progress and its result to the repository's listeners). */
  isComputed: boolean;
}

function doneBody(json: string, seconds: number, isCached: boolean, version: number): string {
  return `{"status":"done","result":${json},"total_compute_time":${seconds},"cached":${isCached},"data_version":${version}}`;
}

function answerBody(status: 'empty' | 'error', message: string, version: number): string {
  return JSON.stringify({
    status,
    message,
    result: null,
    total_compute_time: 0,
    cached: false,
    data_version: version,
  });
}

export function createAnalyticsService(deps: {
  db: Kysely<Database>;
  pool: TAnalyticsPool;
  results: TAnalyticsResultsRepository;
  events: TAnalyticsEvents;
  log: TLogger;
  loaderParts: TLoaderParts;
  /** This instance's copies of recent results (plugins/caches.ts). */
  cache: TAnalyticsCache;
}) {
  const { db, pool, results, events, log, loaderParts, cache } = deps;
  // Identical requests on the same data arriving together share one compute.
  const inFlight = new Map<string, Promise<TAnalyticsAnswer>>();

  function progress(repositoryId: string, plan: TPlannedRequest, version: number, stage: string, extra = {}) {
    if (!events.hasListeners(repositoryId)) return;
    const fraction = { queued: 0, loading: 0.1, computing: 0.4, saving: 0.9 }[stage] ?? 0;
    events.publish(
      repositoryId,
      JSON.stringify({
        type: 'progress',
        repository_id: repositoryId,
        request_hash: plan.hash,
        data_version: version,
        stage,
        progress: fraction,
        ...extra,
      }),
    );
  }

  async function compute(
    repository: TLoaderRepository,
    plan: TPlannedRequest,
    version: number,
    day: string,
  ): Promise<string> {
    const repositoryId = repository.id;
    try {
      progress(repositoryId, plan, version, 'loading');
      const loaded = await loadAnalyticsInput(db, repository, plan.request, day, loaderParts);
      progress(repositoryId, plan, version, 'computing', {
        transactions: loaded.transactionCount,
        prices: loaded.priceCount,
        queued: pool.queued,
      });
      const outcome = await pool.compute({ source: loaded.source, positionFilter: plan.positionFilter });
      if (!outcome.ok) throw new Error(outcome.message);
      progress(repositoryId, plan, version, 'saving');
      cache.set(repositoryId, plan.hash, version, outcome.json);
      await results.write(repositoryId, plan.hash, version, outcome.json, outcome.ms);
      return doneBody(outcome.json, Math.round(outcome.ms) / 1000, false, version);
    } catch (error) {
      log.error(
        {
          repositoryId,
          requestHash: plan.hash,
          cause: error instanceof Error ? error.message : String(error),
        },
        'analytics compute failed',
      );
      return answerBody('error', ANALYTICS_MESSAGES.FAILED, version);
    }
  }

  /** Access as every repository call checks it; a 404 carries the seed's analytics wording. */
  async function requireRead(user: TAccessUser | null, repositoryId: string) {
    try {
      return (await requireRepositoryAccess(db, user, repositoryId, 'read')).repository;
    } catch (error) {
      if (isAppError(error) && error.code === 'NOT_FOUND') {
        throw AppError.notFound(ANALYTICS_MESSAGES.REPOSITORY_NOT_FOUND);
      }
      throw error;
    }
  }

  async function answer(
    repository: TLoaderRepository,
    query: TAnalyticsQuery,
    day: string,
    onPlanned?: (requestHash: string) => void,
  ): Promise<TAnalyticsAnswer> {
    const repositoryId = repository.id;
    const plan = planRequest(query, day);
    onPlanned?.(plan.hash);
    const facts = await analyticsFacts(db, repositoryId);
    const version = Number(facts.data_version);
    const base = { repositoryId, requestHash: plan.hash, dataVersion: version, isComputed: false };
    // The seed's answers that are not errors: cheap to know, so never computed nor cached.
    const first = facts.first_date as string | null;
    if (!first) return { ...base, body: answerBody('empty', ANALYTICS_MESSAGES.NO_TRANSACTIONS, version) };
    if ((plan.request.end ?? day) < first) {
      return { ...base, body: answerBody('empty', ANALYTICS_MESSAGES.NO_PERIOD, version) };
    }

    const remembered = cache.get(repositoryId, plan.hash, version);
    if (remembered) return { ...base, body: doneBody(remembered, 0, true, version) };
    const key = `${repositoryId}|${plan.hash}|${version}`;
    const running = inFlight.get(key);
    if (running) return running;
    const started = (async (): Promise<TAnalyticsAnswer> => {
      const stored = await results.read(repositoryId, plan.hash, version);
      if (stored) {
        cache.set(repositoryId, plan.hash, version, stored);
        return { ...base, body: doneBody(stored, 0, true, version) };
      }
      const body = await compute(repository, plan, version, day);
      if (events.hasListeners(repositoryId)) {
        events.publish(
          repositoryId,
          `{"type":"result","repository_id":${JSON.stringify(repositoryId)},"request_hash":"${plan.hash}","data_version":${version},"response":${body}}`,
        );
      }
      return { ...base, body, isComputed: true };
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  return {
    /** `onPlanned` hears the request hash before any work (the WebSocket 'accepted' message). */
    async get(
      user: TAccessUser | null,
      repositoryId: string,
      query: TAnalyticsQuery,
      onPlanned?: (requestHash: string) => void,
    ): Promise<TAnalyticsAnswer> {
      const repository = await requireRead(user, repositoryId);
      // An open timeline ends on the asker's calendar day; the day is part of the request's hash.
      return answer(repository, query, await userToday(db, user?.id), onPlanned);
    },

    /** The read access a WebSocket subscription needs (same errors as the HTTP route). */
    async requireRead(user: TAccessUser | null, repositoryId: string): Promise<void> {
      await requireRead(user, repositoryId);
    },
  };
}

export type TAnalyticsService = ReturnType<typeof createAnalyticsService>;
