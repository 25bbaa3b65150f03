import { ANALYTICS_MESSAGES, type TAnalyticsQuery } from '@strata/contracts/analytics';
import { passKeyOf } from '@strata/core/analytics/pass-key';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError, isAppError } from '../../plugins/app-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { userToday } from '../../shared/user-today.ts';
import {
  loadAnalyticsInput,
  type TKeepPrices,
  type TKeepTransactions,
  type TLoaderParts,
  type TLoaderRepository,
} from './analytics.loader.ts';
import type { TPackOutcome, TWorkerJob } from './analytics.worker.ts';
import type { TAnalyticsBus, TResultNote } from './analytics-bus.ts';
import type { TAnalyticsCache } from './analytics-cache.ts';
import type { TAnalyticsEvents } from './analytics-events.ts';
import { analyticsFacts, findLoaderRepository } from './analytics-loader.repository.ts';
import type { TAnalyticsPool } from './analytics-pool.ts';
import { buildPriceTable, tableKeyOf } from './analytics-price-build.ts';
import { planRequest, type TPlannedRequest } from './analytics-request.ts';
import type { TAnalyticsResultsRepository } from './analytics-results.repository.ts';
import { buildTransactionTable } from './analytics-transaction-build.ts';

interface TLogger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** The queue of analytics computes handed to worker processes (API instances with JOBS_WORKER=false). */
export const ANALYTICS_COMPUTE_QUEUE = 'analytics.compute';

/**
 * The queue of table builds after a write on an instance that computes nothing (ANALYTICS_COMPUTE=workers): a
 * worker process builds them as `tablesAfterWrite` does in a process that computes. One waiting job per
 * repository ('short' queue), started a second after it was sent: the writes of an import settle first.
 */
export const ANALYTICS_BUILD_QUEUE = 'analytics.build-tables';

/** How long a request waits for a worker's result before answering the seed's failure. */
const REMOTE_COMPUTE_TIMEOUT_MS = 2 * 60_000;

/** A result missed on the bus (its connection was lost) is found in the table after at most this long. */
const REMOTE_POLL_MS = 5_000;

/** Where computes run when this instance does not run them itself: a queue worked by worker processes. */
export interface TRemoteCompute {
  send(data: { repository_id: string; query: TAnalyticsQuery; day: string }): Promise<void>;
}

interface TComputed {
  body: string;
  note: TResultNote;
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

/**
 * How long after a repository's last committed write its price table and transactions are built in the
 * background: an import commits in many transactions, and the tables are built once they are done.
 */
const TABLES_SETTLE_MS = 1_000;

/** What a load leaves out or reads the changes of, given what one worker keeps (`loadAnalyticsInput`'s options). */
interface TLoadPlan {
  withPrices: boolean;
  changesSince: { version: number; base: string } | null;
  withTransactions: boolean;
  transactionChangesSince: { version: number; base: string } | null;
}

/**
 * How a table a worker keeps (`kept`, a `tableKeyOf` key) serves a load at `version`: as it is (2), patched with
 * the changes since its older version (1), or not at all (0: another repository's, a newer one, none).
 */
function servesAt(
  kept: string | undefined,
  repositoryId: string,
  version: number,
): { score: number; since: { version: number; base: string } | null } {
  if (kept === undefined) return { score: 0, since: null };
  const keptVersion = Number(kept.slice(repositoryId.length + 1));
  if (kept !== tableKeyOf(repositoryId, keptVersion) || keptVersion > version)
    return { score: 0, since: null };
  if (keptVersion === version) return { score: 2, since: null };
  return { score: 1, since: { version: keptVersion, base: kept } };
}

/**
 * The load that leaves out most, from the tables the workers keep (`TAnalyticsPool.heldTables`): one worker
 * must keep both what is left out, since the job goes to one (the pool picks it by the same tables).
 */
function loadPlanFor(
  held: ReadonlyArray<{ prices: string | undefined; transactions: string | undefined }>,
  repositoryId: string,
  versions: { prices: number; transactions: number },
): TLoadPlan {
  let plan: TLoadPlan = {
    withPrices: true,
    changesSince: null,
    withTransactions: true,
    transactionChangesSince: null,
  };
  let best = 0;
  for (const tables of held) {
    const prices = servesAt(tables.prices, repositoryId, versions.prices);
    const transactions = servesAt(tables.transactions, repositoryId, versions.transactions);
    if (prices.score + transactions.score <= best) continue;
    best = prices.score + transactions.score;
    plan = {
      withPrices: prices.score === 0,
      changesSince: prices.since,
      withTransactions: transactions.score === 0,
      transactionChangesSince: transactions.since,
    };
  }
  return plan;
}

export function createAnalyticsService(deps: {
  db: Kysely<Database>;
  /** The worker threads; null where computes are sent to worker processes (`remote`). */
  pool: TAnalyticsPool | null;
  results: TAnalyticsResultsRepository;
  events: TAnalyticsEvents;
  /** Returns the bus that carries this service's news to other instances (made after the service). */
  bus: () => TAnalyticsBus;
  /** Set: computes go to this queue and the answer waits for a worker's result. */
  remote: TRemoteCompute | null;
  /** Engine seconds of each compute run here (metrics). */
  observeComputeSeconds: (seconds: number) => void;
  log: TLogger;
  loaderParts: TLoaderParts;
  /** This instance's copies of recent results (plugins/caches.ts). */
  cache: TAnalyticsCache;
  /** How long after a repository's last write its tables are built (TABLES_SETTLE_MS). */
  tablesSettleMs?: number;
}) {
  const { db, pool, results, events, log, loaderParts, cache, remote } = deps;
  // Identical requests on the same data arriving together share one compute.
  const inFlight = new Map<string, Promise<TAnalyticsAnswer>>();
  // Requests waiting for a worker process's result, by repository and request hash.
  const waiters = new Map<string, Set<{ version: number; resolve: (body: string) => void }>>();

  function progress(repositoryId: string, plan: TPlannedRequest, version: number, stage: string, extra = {}) {
    const fraction = { queued: 0, loading: 0.1, computing: 0.4, saving: 0.9 }[stage] ?? 0;
    deps.bus().publish(
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

  /** The repository's data, prices and transactions versions (`analyticsFacts`). */
  interface TVersions {
    data: number;
    prices: number;
    transactions: number;
  }

  const versionsOf = (facts: {
    data_version: unknown;
    prices_version: unknown;
    transactions_version: unknown;
  }): TVersions => ({
    data: Number(facts.data_version),
    prices: Number(facts.prices_version),
    transactions: Number(facts.transactions_version),
  });

  async function compute(
    repository: TLoaderRepository,
    plan: TPlannedRequest,
    versions: TVersions,
    day: string,
  ): Promise<TComputed> {
    const version = versions.data;
    const repositoryId = repository.id;
    const note = { repository_id: repositoryId, request_hash: plan.hash, data_version: version };
    try {
      if (!pool) throw new Error('this instance sends computes to the workers');
      progress(repositoryId, plan, version, 'loading');
      const dataKey = `${repositoryId}|${version}`;
      const job: TWorkerJob = {
        source: null,
        request: plan.request,
        today: day,
        currency: repository.currency,
        positionFilter: plan.positionFilter,
        dataKey,
        memoKey: `${dataKey}|${passKeyOf(plan.request, day, repository.currency)}`,
        pricesKey: tableKeyOf(repositoryId, versions.prices),
        transactionsKey: tableKeyOf(repositoryId, versions.transactions),
      };
      // A worker that kept this version's pass for this timeline answers without the repository being read.
      const held = pool.computeHeld(job);
      if (held) progress(repositoryId, plan, version, 'computing', { queued: pool.queued });
      let outcome = held ? await held : undefined;
      let keepPrices: TKeepPrices | null = null;
      let keepTransactions: TKeepTransactions | null = null;
      if (outcome === undefined || (!outcome.ok && outcome.needsSource)) {
        // The repository's tables being built (after a write, `tablesAfterWrite`): wait for them rather than
        // read the same rows beside them — the worker that builds them then holds them.
        await builds.get(repositoryId);
        // A worker that keeps this version's prices or transactions (a write touched only the other), or an
        // older copy of them, gets the repository without them, or with only what changed since.
        const loadPlan = loadPlanFor(pool.heldTables(), repositoryId, versions);
        let loaded = await loadAnalyticsInput(db, repository, plan.request, day, loaderParts, {
          ...loadPlan,
          pricesVersion: versions.prices,
          transactionsVersion: versions.transactions,
        });
        keepPrices = loaded.keepPrices;
        keepTransactions = loaded.keepTransactions;
        if (!held) {
          progress(repositoryId, plan, version, 'computing', {
            transactions: loaded.transactionCount,
            prices: loaded.priceCount,
            queued: pool.queued,
          });
        }
        outcome = await pool.compute({ ...job, source: loaded.source });
        if (!outcome.ok && outcome.needsSource && (!loadPlan.withPrices || !loadPlan.withTransactions)) {
          // The worker let a table go, or the job reached another: read it all.
          loaded = await loadAnalyticsInput(db, repository, plan.request, day, loaderParts, {
            pricesVersion: versions.prices,
            transactionsVersion: versions.transactions,
          });
          keepPrices = loaded.keepPrices;
          keepTransactions = loaded.keepTransactions;
          outcome = await pool.compute({ ...job, source: loaded.source });
        }
      }
      if (!outcome.ok) throw new Error(outcome.message);
      deps.observeComputeSeconds(outcome.ms / 1000);
      progress(repositoryId, plan, version, 'saving');
      cache.set(repositoryId, plan.hash, version, outcome.json);
      await results.write(repositoryId, plan.hash, version, outcome.json, outcome.ms);
      // The tables read whole or patched are stored for the next load after the answer, not in its way: the
      // worker that made them packs them (0.13–0.3 s of its time at 2.6M prices), then they are written (MBs).
      // One worker holds both, so one packs after the other.
      const [keptPrices, keptTransactions] = [keepPrices, keepTransactions];
      void keepAfterAnswer(
        repositoryId,
        keptPrices && (() => pool.packPrices(job.pricesKey)),
        keptPrices,
      ).then(() =>
        keepAfterAnswer(
          repositoryId,
          keptTransactions && (() => pool.packTransactions(job.transactionsKey)),
          keptTransactions,
        ),
      );
      return {
        body: doneBody(outcome.json, Math.round(outcome.ms) / 1000, false, version),
        note: { ...note, status: 'done', compute_ms: Math.round(outcome.ms) },
      };
    } catch (error) {
      log.error(
        {
          repositoryId,
          requestHash: plan.hash,
          cause: error instanceof Error ? error.message : String(error),
        },
        'analytics compute failed',
      );
      return {
        body: answerBody('error', ANALYTICS_MESSAGES.FAILED, version),
        note: { ...note, status: 'error', compute_ms: 0 },
      };
    }
  }

  /**
   * Has a worker pack a table it made, then stores it (`keep`); resolves once packed (the worker free again),
   * not stored. A failure is only logged.
   */
  async function keepAfterAnswer(
    repositoryId: string,
    pack: (() => Promise<TPackOutcome> | null) | null,
    keep: ((packed: Uint8Array, count: number) => Promise<void>) | null,
  ): Promise<void> {
    const warn = (error: unknown) =>
      log.warn(
        { repositoryId, cause: error instanceof Error ? error.message : String(error) },
        'analytics table not kept',
      );
    if (!pack || !keep) return;
    try {
      const packed = await pack();
      if (packed?.ok) keep(packed.packed, packed.count).catch(warn);
    } catch (error) {
      warn(error);
    }
  }

  // Repositories whose tables are due to be built (`tablesAfterWrite`), the builds under way or queued (one
  // at a time), and the last of them.
  const settling = new Map<string, NodeJS.Timeout>();
  const builds = new Map<string, Promise<void>>();
  let building: Promise<void> = Promise.resolve();

  /**
   * Builds the repository's price table and transactions when a first compute would read much of them
   * (`buildPriceTable`, `buildTransactionTable`), after the builds before it (one at a time).
   */
  function buildTables(repositoryId: string): Promise<void> {
    if (!pool || !loaderParts.keepsTables) return Promise.resolve();
    const build = building
      .then(async () => {
        await buildPriceTable({ db, pool, parts: loaderParts }, repositoryId);
        await buildTransactionTable({ db, pool, parts: loaderParts }, repositoryId);
      })
      .catch((error: unknown) =>
        log.warn(
          { repositoryId, cause: error instanceof Error ? error.message : String(error) },
          'analytics tables not built',
        ),
      )
      .finally(() => {
        if (builds.get(repositoryId) === build) builds.delete(repositoryId);
      });
    building = build;
    builds.set(repositoryId, build);
    return build;
  }

  /** A committed write to the repository: its tables are built once the writes settle (`buildTables`). */
  function tablesAfterWrite(repositoryId: string): void {
    if (!pool || !loaderParts.keepsTables) return;
    clearTimeout(settling.get(repositoryId));
    const timer = setTimeout(() => {
      settling.delete(repositoryId);
      void buildTables(repositoryId);
    }, deps.tablesSettleMs ?? TABLES_SETTLE_MS);
    timer.unref();
    settling.set(repositoryId, timer);
  }

  /** The handler of ANALYTICS_BUILD_QUEUE: a write on an instance that computes nothing (`buildTables`). */
  async function buildJob(data: Record<string, unknown>): Promise<void> {
    if (typeof data.repository_id === 'string') await buildTables(data.repository_id);
  }

  function resultMessage(repositoryId: string, hash: string, version: number, body: string): string {
    return `{"type":"result","repository_id":${JSON.stringify(repositoryId)},"request_hash":"${hash}","data_version":${version},"response":${body}}`;
  }

  /** The answer a result note stands for: its stored result, or the failure; undefined when superseded. */
  async function bodyOf(note: TResultNote): Promise<string | undefined> {
    if (note.status === 'error') return answerBody('error', ANALYTICS_MESSAGES.FAILED, note.data_version);
    const stored = await results.read(note.repository_id, note.request_hash, note.data_version);
    if (stored === undefined) return undefined;
    cache.set(note.repository_id, note.request_hash, note.data_version, stored);
    return doneBody(stored, note.compute_ms / 1000, false, note.data_version);
  }

  /** Another instance computed a result: to the requests here waiting for it, and to the subscribers here. */
  async function deliver(note: TResultNote): Promise<void> {
    const key = `${note.repository_id}|${note.request_hash}`;
    const waiting = [...(waiters.get(key) ?? [])].filter((waiter) => waiter.version <= note.data_version);
    const isHeard = events.hasListeners(note.repository_id);
    if (waiting.length === 0 && !isHeard) return;
    const body = await bodyOf(note);
    if (body === undefined) return;
    for (const waiter of waiting) waiter.resolve(body);
    if (isHeard) {
      events.publish(
        note.repository_id,
        resultMessage(note.repository_id, note.request_hash, note.data_version, body),
      );
    }
  }

  /** Queues the compute for a worker process and waits for its result (announced on the bus, or polled). */
  async function computeElsewhere(
    sender: TRemoteCompute,
    repositoryId: string,
    plan: TPlannedRequest,
    query: TAnalyticsQuery,
    version: number,
    day: string,
  ): Promise<{ body: string; isDelivered: boolean }> {
    const key = `${repositoryId}|${plan.hash}`;
    const set = waiters.get(key) ?? new Set();
    waiters.set(key, set);
    let waiter: { version: number; resolve: (body: string) => void } | undefined;
    const announced = new Promise<string>((resolve) => {
      waiter = { version, resolve };
      set.add(waiter);
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      progress(repositoryId, plan, version, 'queued');
      await sender.send({ repository_id: repositoryId, query, day });
      const started = Date.now();
      for (;;) {
        const tick = new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), REMOTE_POLL_MS);
        });
        const body = await Promise.race([announced, tick]);
        clearTimeout(timer);
        // Announced: deliver() hands it to this instance's subscribers too.
        if (body !== undefined) return { body, isDelivered: true };
        const stored = await results.read(repositoryId, plan.hash, version);
        if (stored !== undefined) return { body: doneBody(stored, 0, true, version), isDelivered: false };
        if (Date.now() - started > REMOTE_COMPUTE_TIMEOUT_MS) {
          log.error({ repositoryId, requestHash: plan.hash }, 'analytics compute: no worker answered');
          return { body: answerBody('error', ANALYTICS_MESSAGES.FAILED, version), isDelivered: false };
        }
      }
    } finally {
      clearTimeout(timer);
      if (waiter) set.delete(waiter);
      if (set.size === 0 && waiters.get(key) === set) waiters.delete(key);
    }
  }

  /** A queued compute, in a worker process: computes (unless stored meanwhile) and announces the result. */
  async function computeJob(data: Record<string, unknown>): Promise<void> {
    // The query as the API parsed it (ZAnalyticsQuery's output, which its input schema would not take
    // again); only the app's own instances write to this queue, in its own database.
    const query =
      typeof data.query === 'object' && data.query !== null ? (data.query as TAnalyticsQuery) : undefined;
    const repositoryId = typeof data.repository_id === 'string' ? data.repository_id : undefined;
    const day = typeof data.day === 'string' ? data.day : undefined;
    if (!query || !repositoryId || !day) {
      log.warn({ data }, 'analytics compute job without a valid request: dropped');
      return;
    }
    const repository = await findLoaderRepository(db, repositoryId);
    if (!repository) return;
    const plan = planRequest(query, day);
    const facts = await analyticsFacts(db, repositoryId);
    const version = Number(facts.data_version);
    const stored = await results.read(repositoryId, plan.hash, version);
    const note: TResultNote = stored
      ? {
          repository_id: repositoryId,
          request_hash: plan.hash,
          data_version: version,
          status: 'done',
          compute_ms: 0,
        }
      : (await compute(repository as TLoaderRepository, plan, versionsOf(facts), day)).note;
    deps.bus().announceResult(note);
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
      if (remote) {
        const { body, isDelivered } = await computeElsewhere(remote, repositoryId, plan, query, version, day);
        return { ...base, body, isComputed: isDelivered };
      }
      const { body, note } = await compute(repository, plan, versionsOf(facts), day);
      if (events.hasListeners(repositoryId)) {
        events.publish(repositoryId, resultMessage(repositoryId, plan.hash, version, body));
      }
      deps.bus().announceResult(note);
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

    /** The handler of ANALYTICS_COMPUTE_QUEUE. */
    computeJob,

    tablesAfterWrite,

    /** The handler of ANALYTICS_BUILD_QUEUE. */
    buildJob,

    /** Stops the price tables due to be built (the app closes); resolves when the one being built is done. */
    async stopBuilding(): Promise<void> {
      for (const timer of settling.values()) clearTimeout(timer);
      settling.clear();
      await building;
    },

    /** A result announced by another instance (the bus's onResult). */
    deliver(note: TResultNote): void {
      deliver(note).catch((error: unknown) =>
        log.error({ err: error, note }, 'Could not deliver a result computed by another instance'),
      );
    },
  };
}

export type TAnalyticsService = ReturnType<typeof createAnalyticsService>;
