import { Worker } from 'node:worker_threads';
import type {
  TBuildJob,
  TBuildTransactionsJob,
  TPackJob,
  TPackOutcome,
  TWorkerJob,
  TWorkerOutcome,
} from './analytics.worker.ts';
import { KEEP_PASS_MS } from './analytics-keep.ts';

interface TQueued {
  job: TWorkerJob;
  resolve: (outcome: TWorkerOutcome) => void;
}

/**
 * Worker threads that run the engine (ANALYTICS_WORKERS of them), so a large compute never blocks the
 * API's event loop. Jobs queue in order; a worker that dies is replaced and its job answers as failed.
 */
export function createAnalyticsPool(size: number) {
  const url = new URL('./analytics.worker.ts', import.meta.url);
  const idle: Worker[] = [];
  const queue: TQueued[] = [];
  let workers: Worker[] = [];
  let isClosed = false;
  // The pass each worker kept from its last successful job (its `memoKey`; the worker may have let it go since).
  const held = new Map<Worker, string>();
  // The price table (`pricesKey`) and the transactions (`transactionsKey`) each worker kept from its last
  // successful job with a source (a price table built ahead: its prices only).
  const heldPrices = new Map<Worker, string>();
  const heldTransactions = new Map<Worker, string>();
  // When each worker last finished a job: past KEEP_PASS_MS it has let its table go.
  const finishedAt = new Map<Worker, number>();

  function run(worker: Worker, queued: TQueued) {
    const finish = (outcome: TWorkerOutcome) => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      queued.resolve(outcome);
    };
    const onMessage = (outcome: TWorkerOutcome) => {
      if (outcome.ok) {
        held.set(worker, queued.job.memoKey);
        if (queued.job.source) {
          heldPrices.set(worker, queued.job.pricesKey);
          heldTransactions.set(worker, queued.job.transactionsKey);
        }
      } else {
        held.delete(worker);
        // A source that found a table missing keeps the other (analytics.worker.ts); not worth telling apart.
        heldPrices.delete(worker);
        heldTransactions.delete(worker);
      }
      finishedAt.set(worker, Date.now());
      finish(outcome);
      release(worker);
    };
    const onError = (error: Error) => {
      finish({ ok: false, message: error.message });
      replaceDead(worker);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage(queued.job);
  }

  function release(worker: Worker) {
    const next = queue.shift();
    if (next) run(worker, next);
    else idle.push(worker);
  }

  /** A worker that died is forgotten with what it held, and another takes its place. */
  function replaceDead(worker: Worker) {
    workers = workers.filter((item) => item !== worker);
    held.delete(worker);
    heldPrices.delete(worker);
    heldTransactions.delete(worker);
    finishedAt.delete(worker);
    if (!isClosed) release(spawn());
  }

  function spawn(): Worker {
    const worker = new Worker(url);
    worker.unref();
    workers.push(worker);
    return worker;
  }

  for (let index = 0; index < size; index += 1) idle.push(spawn());

  /** A table's message (TPackJob, TBuildJob) to a worker taken from `idle`, released after. */
  function runTable(
    worker: Worker,
    message: TPackJob | TBuildJob | TBuildTransactionsJob,
    heard: (outcome: TPackOutcome) => void = () => {},
  ): Promise<TPackOutcome> {
    return new Promise((resolve) => {
      const finish = (outcome: TPackOutcome) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        resolve(outcome);
      };
      const onMessage = (outcome: TPackOutcome) => {
        heard(outcome);
        finish(outcome);
        release(worker);
      };
      const onError = () => {
        heard({ ok: false });
        finish({ ok: false });
        replaceDead(worker);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(message);
    });
  }

  /** The first idle worker that `matches`, taken out of `idle`; undefined when none does or the pool is closed. */
  function takeIdle(matches: (worker: Worker) => boolean): Worker | undefined {
    if (isClosed) return undefined;
    const at = idle.findIndex(matches);
    return at === -1 ? undefined : idle.splice(at, 1)[0];
  }

  /** Workers that finished a job recently enough to still keep its tables: a minute short of their own timer. */
  function recentWorkers(): Worker[] {
    const since = Date.now() - (KEEP_PASS_MS - 60_000);
    return workers.filter((worker) => (finishedAt.get(worker) ?? 0) > since);
  }

  function heldPriceKeys(): string[] {
    return recentWorkers().flatMap((worker) => heldPrices.get(worker) ?? []);
  }

  /**
   * How many of the tables a source leaves out the worker keeps: its prices (or the older table its changes
   * apply to) and its transactions (likewise). A source that carries both needs none.
   */
  function tablesHeldFor(worker: Worker, job: TWorkerJob): number {
    const source = job.source;
    if (!source) return 0;
    const holds = (kept: string | undefined, key: string, base: string | undefined) =>
      kept !== undefined && (kept === key || kept === base) ? 1 : 0;
    const prices = source.prices === null && !source.packedPrices ? 1 : 0;
    const transactions = source.transactionsText === null && !source.packedTransactions ? 1 : 0;
    return (
      prices * holds(heldPrices.get(worker), job.pricesKey, source.priceChanges?.base) +
      transactions * holds(heldTransactions.get(worker), job.transactionsKey, source.transactionChanges?.base)
    );
  }

  return {
    /** Jobs waiting for a free worker (reported as progress). */
    get queued(): number {
      return queue.length;
    },
    compute(job: TWorkerJob): Promise<TWorkerOutcome> {
      if (isClosed) return Promise.resolve({ ok: false, message: 'the analytics pool is closed' });
      return new Promise((resolve) => {
        const queued = { job, resolve };
        // The idle worker that keeps most of what the source leaves out (its prices, its transactions, or the
        // older copies their changes apply to); else any.
        let keeper = -1;
        let best = 0;
        idle.forEach((worker, at) => {
          const holds = tablesHeldFor(worker, job);
          if (holds > best) [keeper, best] = [at, holds];
        });
        const worker = keeper === -1 ? idle.pop() : idle.splice(keeper, 1)[0];
        if (worker) run(worker, queued);
        else queue.push(queued);
      });
    },
    /**
     * Whether a worker kept this price table (`pricesKey`), so the repository may be loaded without its prices.
     * A hint: the job may reach another worker, or this one may have let the table go (idle) or replaced it by
     * then, and the job then answers `needsSource`.
     */
    holdsPrices(pricesKey: string): boolean {
      return heldPriceKeys().includes(pricesKey);
    },
    /**
     * The tables each worker keeps (`pricesKey`, `transactionsKey`), with the same hint's caveats as
     * `holdsPrices`: a source leaves out what one worker keeps both of.
     */
    heldTables(): Array<{ prices: string | undefined; transactions: string | undefined }> {
      return recentWorkers().map((worker) => ({
        prices: heldPrices.get(worker),
        transactions: heldTransactions.get(worker),
      }));
    },
    /**
     * Runs the job (its source left out) on an idle worker that holds its pass, so the caller need not load
     * the repository; null when no idle worker does. The answer may still be `needsSource`.
     */
    computeHeld(job: TWorkerJob): Promise<TWorkerOutcome> | null {
      const worker = takeIdle((candidate) => held.get(candidate) === job.memoKey);
      return worker ? new Promise((resolve) => run(worker, { job, resolve })) : null;
    },
    /**
     * The price table `pricesKey` packed by an idle worker that keeps it (the one that just computed from it),
     * to be kept in the database; null when no idle worker keeps it (busy, or let go: the next load that
     * aggregates or patches the table offers it again).
     */
    packPrices(pricesKey: string): Promise<TPackOutcome> | null {
      const worker = takeIdle((candidate) => heldPrices.get(candidate) === pricesKey);
      return worker ? runTable(worker, { pack: pricesKey }) : null;
    },
    /** The same for the transactions `transactionsKey` (TWorkerJob.transactionsKey). */
    packTransactions(transactionsKey: string): Promise<TPackOutcome> | null {
      const worker = takeIdle((candidate) => heldTransactions.get(candidate) === transactionsKey);
      return worker ? runTable(worker, { pack: transactionsKey, table: 'transactions' }) : null;
    },
    /**
     * Has an idle worker make and keep the price table `build.build` of the prices read (then the next compute
     * reads no prices), and answer it packed; null when no worker is idle (a compute then reads them itself).
     */
    buildPrices(build: TBuildJob): Promise<TPackOutcome> | null {
      if (isClosed) return null;
      const worker = idle.pop();
      if (!worker) return null;
      return runTable(worker, build, (outcome) => {
        if (outcome.ok) {
          heldPrices.set(worker, build.build);
          finishedAt.set(worker, Date.now());
        } else heldPrices.delete(worker);
      });
    },
    /** Whether a worker kept these transactions (`transactionsKey`), with `holdsPrices`' caveats. */
    holdsTransactions(transactionsKey: string): boolean {
      return recentWorkers().some((worker) => heldTransactions.get(worker) === transactionsKey);
    },
    /**
     * Has an idle worker parse and keep the transactions `build.buildTransactions` of the lines read (then the
     * next compute reads none), and answer them packed; null when no worker is idle. The one that keeps the
     * price table `pricesKey` is preferred.
     */
    buildTransactions(build: TBuildTransactionsJob, pricesKey?: string): Promise<TPackOutcome> | null {
      if (isClosed) return null;
      // The worker that keeps the repository's prices, if idle: a compute finds both there.
      const keeper = idle.findIndex((worker) => heldPrices.get(worker) === pricesKey);
      const worker = keeper === -1 ? idle.pop() : idle.splice(keeper, 1)[0];
      if (!worker) return null;
      return runTable(worker, build, (outcome) => {
        if (outcome.ok) {
          heldTransactions.set(worker, build.buildTransactions);
          finishedAt.set(worker, Date.now());
        } else heldTransactions.delete(worker);
      });
    },
    async close() {
      isClosed = true;
      for (const queued of queue.splice(0))
        queued.resolve({ ok: false, message: 'the server is shutting down' });
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

export type TAnalyticsPool = ReturnType<typeof createAnalyticsPool>;
