import { afterCommit } from '@strata/db/after-commit';
import type { Kysely } from 'kysely';
import { PgBoss } from 'pg-boss';
import {
  JobsUnavailableError,
  jobsDatabaseInTransaction,
  jobsDatabaseOf,
  type TJobsDatabaseHandle,
} from './jobs-database.ts';

/** The subset of a pino logger used here. */
export interface TJobsLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export type TJobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface TQueueOptions {
  /** Jobs of this queue one process works at once (default 1). */
  concurrency?: number;
  /** Seconds between polls of this queue (default the runner's). */
  pollingIntervalSeconds?: number;
  /**
   * A job that did not finish before its worker stopped goes back to the queue for another worker
   * (pg-boss retries it). Only for work that may simply run again: a task's job fails for good instead.
   */
  isHandedBackOnShutdown?: boolean;
  /**
   * 'short': at most one job of a `singletonKey` waits in the queue (more sends while one waits are dropped),
   * for work that one run covers however many times it was asked for. Set when the queue is created.
   */
  policy?: 'standard' | 'short';
}

export interface TJobRunnerOptions {
  database: TJobsDatabaseHandle;
  logger: TJobsLogger;
  /** Work the queues in this process (default). Off: this process only sends; workers run elsewhere. */
  isWorker: boolean;
  /** Seconds between polls when no notification arrives (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * Seconds between pg-boss's cron passes (1–45, default 30) and between its forwarding of their jobs
   * (default 5): tests shorten both so a per-second schedule fires within seconds.
   */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
}

export interface TSendOptions {
  /** Send inside this open transaction: the job exists only if the transaction commits. */
  // biome-ignore lint/suspicious/noExplicitAny: any schema
  trx?: Kysely<any>;
  startAfterSeconds?: number;
  /** With a 'short' queue: one waiting job per key. */
  singletonKey?: string;
}

export interface TJobRunner {
  /** Registers the handler of a queue; call before start(). */
  define(queue: string, handler: TJobHandler, options?: TQueueOptions): void;
  send(queue: string, data: Record<string, unknown>, options?: TSendOptions): Promise<string | null>;
  /**
   * Registers a queue whose jobs pg-boss's cron sends (UTC expression, minutes or seconds fields), with its
   * handler; `cron` null removes a schedule an earlier start stored. Call before start(). Only a worker
   * writes or removes the schedule and runs the cron passes; pg-boss sends one job per occurrence however
   * many workers share the database (a claimed pass, and a singleton slot per occurrence).
   */
  schedule(queue: string, cron: string | null, handler: TJobHandler): void;
  /** Creates the queues and, when this process is a worker, starts working them. */
  start(): Promise<void>;
  /** Fetches and handles every job waiting in `queue` now, one by one (tests, maintenance scripts). */
  runPending(queue: string): Promise<number>;
  /**
   * Stops taking jobs and waits for the running ones up to `timeoutMs`; then pg-boss fails what still
   * runs (a queue with `isHandedBackOnShutdown` retries it elsewhere) and stops.
   */
  stop(timeoutMs?: number): Promise<void>;
  readonly isStarted: boolean;
  /** Whether this process works the queues (JOBS_WORKER). */
  readonly isWorker: boolean;
  /** Jobs handled by this process since it started, by queue, while still running. */
  readonly running: ReadonlyMap<string, number>;
}

/**
 * Queue defaults: a job's failure is recorded on its task and is final, so pg-boss never retries;
 * an hour is ample for the longest import and frees a job whose worker died.
 */
const QUEUE_OPTIONS = { retryLimit: 0, expireInSeconds: 60 * 60, notify: true } as const;

/**
 * On PostgreSQL a working job's worker refreshes its heartbeat every half of this (pg-boss does it from the
 * pool), so a job whose process died is known within this time, not after the hour of expiry. Not on
 * PGlite: there the heartbeat would wait behind the task's transaction on the one connection and the job
 * would look dead while it works; one process owns a PGlite database, so its dead tasks are found at start.
 */
export const JOB_HEARTBEAT_SECONDS = 10;

const NO_JOB_ID = '00000000-0000-0000-0000-000000000000';

export function createJobRunner(options: TJobRunnerOptions): TJobRunner {
  const { db, backend } = jobsDatabaseOf(options.database);
  const boss = new PgBoss({
    db,
    backend,
    schema: 'pgboss',
    // Only PGlite's adapter can listen; on PostgreSQL through the app pool, workers poll.
    useListenNotify: backend === 'pglite',
    // The cron passes run in workers only: an API instance (JOBS_WORKER=false) neither sends nor works them.
    schedule: options.isWorker,
    ...(options.cronMonitorIntervalSeconds
      ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds }
      : {}),
    ...(options.cronWorkerIntervalSeconds
      ? { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds }
      : {}),
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'Job queue error'));
  boss.on('warning', (warning) => options.logger.warn({ warning }, 'Job queue warning'));

  const handlers = new Map<string, TJobHandler>();
  // The pg-boss worker of each queue this process works (set by start()), to wake it when a job is sent.
  const workerIds = new Map<string, string>();
  const schedules = new Map<string, string | null>();
  const queueOptions = new Map<string, TQueueOptions>();
  const running = new Map<string, number>();
  const heartbeatSeconds = backend === 'postgres' ? JOB_HEARTBEAT_SECONDS : undefined;
  let isStarted = false;
  let isStopped = false;

  async function handle(queue: string, data: Record<string, unknown>): Promise<void> {
    const handler = handlers.get(queue);
    if (!handler) throw new Error(`No handler for queue ${queue}`);
    running.set(queue, (running.get(queue) ?? 0) + 1);
    try {
      await handler(data);
    } finally {
      running.set(queue, (running.get(queue) ?? 1) - 1);
    }
  }

  return {
    get isStarted() {
      return isStarted;
    },

    isWorker: options.isWorker,
    running,

    define(queue, handler, definedOptions = {}) {
      if (isStarted) throw new Error(`Define queue ${queue} before the job runner starts`);
      handlers.set(queue, handler);
      queueOptions.set(queue, definedOptions);
    },

    schedule(queue, cron, handler) {
      if (isStarted) throw new Error(`Schedule queue ${queue} before the job runner starts`);
      handlers.set(queue, handler);
      schedules.set(queue, cron);
    },

    async send(queue, data, sendOptions = {}) {
      if (isStopped) throw new JobsUnavailableError('The job runner has stopped');
      const id = await boss.send(queue, data, {
        ...(sendOptions.trx ? { db: jobsDatabaseInTransaction(sendOptions.trx) } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
      // This process works the queue: its worker fetches now rather than at its next poll (up to 2 s on; an
      // import waited for it). Once the job can be seen — after the sending transaction commits.
      const worker = workerIds.get(queue);
      if (worker && !sendOptions.startAfterSeconds) {
        const wake = () => boss.notifyWorker(worker);
        if (sendOptions.trx) await afterCommit(sendOptions.trx, `jobs-wake|${queue}`, wake);
        else wake();
      }
      return id;
    },

    async start() {
      if (isStarted) return;
      await boss.start();
      isStarted = true;
      for (const queue of handlers.keys()) {
        const existing = await boss.getQueue(queue);
        // Handed back: one retry, at once, so another worker takes the job the stopping one let go.
        const retryLimit = queueOptions.get(queue)?.isHandedBackOnShutdown ? 1 : QUEUE_OPTIONS.retryLimit;
        if (!existing)
          await boss.createQueue(queue, {
            ...QUEUE_OPTIONS,
            ...(queueOptions.get(queue)?.policy ? { policy: queueOptions.get(queue)?.policy } : {}),
            retryLimit,
            retryDelay: 0,
            ...(heartbeatSeconds ? { heartbeatSeconds } : {}),
          });
        else if (
          (existing.heartbeatSeconds ?? undefined) !== heartbeatSeconds ||
          existing.retryLimit !== retryLimit
        )
          await boss.updateQueue(queue, { heartbeatSeconds: heartbeatSeconds ?? null, retryLimit });
        // Loads the queue into pg-boss's cache now. Otherwise the first send() looks it up on pg-boss's own
        // connection, and on PGlite, inside an open transaction (send with `trx`), that waits forever.
        await boss.findJobs(queue, { id: NO_JOB_ID });
      }
      if (!options.isWorker) return;
      for (const [queue, cron] of schedules) {
        // `once`: an occurrence missed while no worker ran (a deploy, a night down) is sent when one starts.
        if (cron) await boss.schedule(queue, cron, {}, { tz: 'UTC', missed: 'once' });
        else await boss.unschedule(queue);
      }
      for (const queue of handlers.keys()) {
        const defined = queueOptions.get(queue) ?? {};
        const workerId = await boss.work<Record<string, unknown>>(
          queue,
          {
            batchSize: 1,
            localConcurrency: defined.concurrency ?? 1,
            pollingIntervalSeconds: defined.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? 2,
          },
          async ([job]) => {
            if (job) await handle(queue, job.data);
          },
        );
        workerIds.set(queue, workerId);
      }
      options.logger.info({ queues: [...handlers.keys()] }, 'Job worker started');
    },

    async runPending(queue) {
      let count = 0;
      for (;;) {
        const [job] = await boss.fetch<Record<string, unknown>>(queue, { batchSize: 1 });
        if (!job) return count;
        // As work() does: a fetched job whose heartbeat stops is taken for one whose worker died.
        const heartbeat = heartbeatSeconds
          ? setInterval(
              () => {
                boss.touch(queue, job.id).catch(() => {});
              },
              (heartbeatSeconds * 1000) / 2,
            )
          : undefined;
        try {
          await handle(queue, job.data);
          await boss.complete(queue, job.id);
        } catch (error) {
          await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
        } finally {
          clearInterval(heartbeat);
        }
        count += 1;
      }
    },

    async stop(timeoutMs = 10_000) {
      if (!isStarted || isStopped) return;
      isStopped = true;
      // graceful: running handlers finish (their work is one transaction, so none is left half done).
      await boss.stop({ graceful: true, close: true, timeout: timeoutMs });
    },
  };
}

/**
 * Stands in when pg-boss cannot run on the given database handle: the app still starts and serves
 * everything else, and queuing a job answers 503 with the reason.
 */
export function createUnavailableJobRunner(reason: string): TJobRunner {
  const unavailable = () =>
    Promise.reject(new JobsUnavailableError(`Background jobs are not available: ${reason}`));
  return {
    isStarted: false,
    isWorker: false,
    running: new Map(),
    define() {},
    schedule() {},
    send: unavailable,
    start: async () => {},
    runPending: unavailable,
    stop: async () => {},
  };
}
