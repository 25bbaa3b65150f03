import { parentPort, workerData } from 'node:worker_threads';
import type { TStatementTransaction } from '@strata/core/statements/model';
import { headOf, type TBatchRequest, type TWorkerMessage } from './linked-statement-head.ts';
import { readStatementFile, type TReadOptions } from './linked-statement-read.ts';

// One statement file read off the API's thread (see openStatementInWorker): its head first, or its refusal,
// then one batch of cash transactions per request of the task — never ahead of the task's asking.
const { bytes, options, batchRows } = workerData as {
  bytes: Uint8Array;
  options: TReadOptions;
  batchRows: number;
};
const send = (message: TWorkerMessage) => parentPort?.postMessage(message);

let statements: (TStatementTransaction | undefined)[][] = [];
try {
  const file = readStatementFile(bytes, options);
  statements = file.statements.map((statement) => statement.transactions);
  send({ kind: 'head', head: headOf(file) });
} catch (error) {
  send({ kind: 'refused', message: error instanceof Error ? error.message : String(error) });
}

const sent: number[] = statements.map(() => 0);
parentPort?.on('message', ({ statement }: TBatchRequest) => {
  const rows = statements[statement] ?? [];
  const start = sent[statement] ?? 0;
  const end = Math.min(start + batchRows, rows.length);
  const batch = rows.slice(start, end) as TStatementTransaction[];
  // Handed over (copied into the message): this thread's rows can go, so it too holds only what is unsent.
  rows.fill(undefined, start, end);
  sent[statement] = end;
  send({ kind: 'batch', rows: batch });
});
