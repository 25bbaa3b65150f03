import { Worker } from 'node:worker_threads';
import type { TAnalyticsInput, TAnalyticsResult } from '@strata/core/analytics/analytics-types';

type TOutcome = { ok: true; result: TAnalyticsResult; ms: number } | { ok: false; message: string };

interface TJob {
  input: TAnalyticsInput;
  resolve: (outcome: TOutcome) => void;
}

/**
 * Worker threads that run the engine, so a large compute never blocks the API's event loop. Jobs queue
 * in order; a worker that dies is replaced and its job answers as failed.
 */
export function createAnalyticsPool(size: number) {
  const url = new URL('./analytics.worker.ts', import.meta.url);
  const idle: Worker[] = [];
  const queue: TJob[] = [];
  let workers: Worker[] = [];
  let isClosed = false;

  function run(worker: Worker, job: TJob) {
    const finish = (outcome: TOutcome) => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      job.resolve(outcome);
    };
    const onMessage = (outcome: TOutcome) => {
      finish(outcome);
      release(worker);
    };
    const onError = (error: Error) => {
      finish({ ok: false, message: error.message });
      workers = workers.filter((item) => item !== worker);
      if (!isClosed) release(spawn());
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage(job.input);
  }

  function release(worker: Worker) {
    const next = queue.shift();
    if (next) run(worker, next);
    else idle.push(worker);
  }

  function spawn(): Worker {
    const worker = new Worker(url);
    worker.unref();
    workers.push(worker);
    return worker;
  }

  for (let index = 0; index < size; index += 1) idle.push(spawn());

  return {
    compute(input: TAnalyticsInput): Promise<TOutcome> {
      if (isClosed) return Promise.resolve({ ok: false, message: 'the analytics pool is closed' });
      return new Promise((resolve) => {
        const job = { input, resolve };
        const worker = idle.pop();
        if (worker) run(worker, job);
        else queue.push(job);
      });
    },
    async close() {
      isClosed = true;
      for (const job of queue.splice(0)) job.resolve({ ok: false, message: 'the server is shutting down' });
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

export type TAnalyticsPool = ReturnType<typeof createAnalyticsPool>;
