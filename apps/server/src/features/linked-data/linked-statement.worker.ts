import { parentPort, workerData } from 'node:worker_threads';
import { detectStatementFormat } from '@strata/core/statements/parse-statement';
import { emitOfx, emitWhole, type TEmitter } from './linked-statement-emit.ts';
import type { TWorkerMessage } from './linked-statement-head.ts';
import { checkStatementFile, readStatementFile, type TReadOptions } from './linked-statement-read.ts';

// One statement file read off the API's thread (see openStatementInWorker): its head or its refusal, then
// one batch of cash transactions per credit the task grants. The parse is synchronous, so the worker waits
// for credits with Atomics.wait on the shared counters — never more than the task asked for ahead.
const { bytes, options, batchRows, signals, accountsWithHistory } = workerData as {
  bytes: Uint8Array;
  options: TReadOptions;
  batchRows: number;
  accountsWithHistory: string[];
  /**
   * [0] credits granted and not yet used, [1] 1 once the task has closed the reader, [2] the first
   * statement whose rows the task still wants (it skips a statement none of whose rows is new).
   */
  signals: SharedArrayBuffer;
};
const counters = new Int32Array(signals);
const post = (message: TWorkerMessage) => parentPort?.postMessage(message);

const emitter: TEmitter = {
  post,
  batchRows,
  accountsWithHistory,
  waitForCredit(statement) {
    for (;;) {
      // Closed (the task failed or ended): stop here rather than wait for a credit that will not come.
      if (Atomics.load(counters, 1) === 1) throw new Error('The statement reader was closed');
      if (Atomics.load(counters, 2) > statement) return false;
      const credits = Atomics.load(counters, 0);
      if (credits > 0) {
        if (Atomics.compareExchange(counters, 0, credits, credits - 1) === credits) return true;
      } else Atomics.wait(counters, 0, 0);
    }
  },
};

try {
  checkStatementFile(bytes, options);
  if (options.loader !== 'csv' && detectStatementFormat(bytes) === 'ofx') emitOfx(emitter, bytes);
  else emitWhole(emitter, readStatementFile(bytes, options));
} catch (error) {
  // Before the head, this is the file's refusal; after it the task has stopped asking and is not listening.
  post({ kind: 'refused', message: error instanceof Error ? error.message : String(error) });
}
