import { Worker } from 'node:worker_threads';
import { LINKED_DATA_MESSAGES, type TLinkedLoader } from '@strata/contracts/linked-data';
import { parseCsv, type TCsvProfile } from '@strata/core/statements/csv';
import type { TStatementFile, TStatementTransaction } from '@strata/core/statements/model';
import { detectStatementFormat, parseStatement } from '@strata/core/statements/parse-statement';
import type { TStatementFileHead, TWorkerMessage } from './linked-statement-head.ts';

/** What reading a file needs of the loader's payload. */
export interface TReadOptions {
  loader: TLinkedLoader;
  csv_profile?: TCsvProfile;
}

/** The format a loader reads, as core's detector names it (QFX is OFX with Intuit's extra tags). */
const LOADER_FORMATS: Record<TLinkedLoader, string> = { ofx: 'ofx', qfx: 'ofx', qif: 'qif', csv: 'csv' };

/**
 * Reads the file with core's parsers, or throws the message the task fails with. A file of another known
 * format than the loader's is refused by name, rather than read by a parser it was not meant for.
 */
export function readStatementFile(bytes: Uint8Array, options: TReadOptions): TStatementFile {
  checkStatementFile(bytes, options);
  const result =
    options.loader === 'csv' ? parseCsv(bytes, options.csv_profile as TCsvProfile) : parseStatement(bytes);
  if (!result.ok) throw new Error(result.error.message);
  if (result.file.statements.length === 0) throw new Error(LINKED_DATA_MESSAGES.NOTHING_TO_IMPORT);
  return result.file;
}

/** What is refused before any parse: no bytes, another format than the loader's, a CSV without profile. */
export function checkStatementFile(bytes: Uint8Array, options: TReadOptions): void {
  if (bytes.length === 0) throw new Error(LINKED_DATA_MESSAGES.NOTHING_TO_IMPORT);
  const detected = detectStatementFormat(bytes);
  const expected = LOADER_FORMATS[options.loader];
  if (options.loader !== 'csv' && ['ofx', 'qif', 'csv'].includes(detected) && detected !== expected) {
    throw new Error(
      `This file is not ${options.loader.toUpperCase()}: it looks like ${detected.toUpperCase()}; choose the ${detected.toUpperCase()} loader`,
    );
  }
  if (options.loader === 'csv' && !options.csv_profile)
    throw new Error(LINKED_DATA_MESSAGES.CSV_NEEDS_PROFILE);
}

/**
 * Cash transactions per batch the worker hands over (and per INSERT). An object, so a db test can make
 * batches of a few rows and put identical ones on both sides of a boundary.
 */
export const STATEMENT_BATCH = { rows: 5_000 };

/** A statement file being read in its worker: its head now, its cash transactions batch by batch. */
export interface TStatementStream {
  head: TStatementFileHead;
  /**
   * The statement's cash transactions in file order, STATEMENT_BATCH.rows at a time (statements in their
   * order: each is read to its end before the next). The next batch is asked for as one is handed out, so
   * the worker reads it while the task writes — and goes no further.
   */
  transactions(statement: number): AsyncGenerator<TStatementTransaction[]>;
  /** Tells the worker the statement's rows are not wanted (none is new): it reads past them unsent. */
  skip(statement: number): void;
  /** Ends the worker (after the last batch, or when the task fails half-way). */
  close(): Promise<void>;
}

/**
 * The file read in a worker thread of its own (one per load; linked-statement-emit.ts says how): the parse's
 * CPU and its garbage stay off the API's thread, which receives the head, then one batch of rows per credit
 * it grants rather than the whole parsed file. Rejects with the file's refusal, as the task fails with it.
 */
export async function openStatementInWorker(
  bytes: Uint8Array,
  options: TReadOptions,
  /** External ids of the connector's accounts that hold cash transactions (only theirs need keys). */
  accountsWithHistory: readonly string[],
): Promise<TStatementStream> {
  const signals = new SharedArrayBuffer(12);
  const counters = new Int32Array(signals);
  // Moved, not copied, when the bytes own their whole buffer (a file read whole does): the API's thread has
  // no use for them once the worker has them. A view into a shared or pooled buffer is copied.
  const isOwnBuffer =
    bytes.buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  const worker = new Worker(new URL('./linked-statement.worker.ts', import.meta.url), {
    // A small young generation: the reader's rows die young by the batch, and a large one only lets the
    // heap grow (measured: 400k rows peaked ~60 MiB higher with V8's default; docs/benchmarks.md).
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
    transferList: isOwnBuffer ? [bytes.buffer] : [],
    workerData: {
      bytes,
      options: { loader: options.loader, csv_profile: options.csv_profile },
      batchRows: STATEMENT_BATCH.rows,
      signals,
      accountsWithHistory,
    },
  });
  // Messages come in order — the head, then one batch per credit — and wait here until they are taken.
  const inbox: TWorkerMessage[] = [];
  const waiting: { resolve: (message: TWorkerMessage) => void; reject: (error: Error) => void }[] = [];
  let failure: Error | null = null;
  let isClosed = false;
  const failAll = (error: Error) => {
    failure = error;
    for (const next of waiting.splice(0)) next.reject(error);
  };
  const receive = () =>
    new Promise<TWorkerMessage>((resolve, reject) => {
      const message = inbox.shift();
      if (message) resolve(message);
      else if (failure) reject(failure);
      else waiting.push({ resolve, reject });
    });
  worker.on('message', (message: TWorkerMessage) => {
    const next = waiting.shift();
    if (next) next.resolve(message);
    else inbox.push(message);
  });
  worker.once('error', failAll);
  worker.once('exit', (code) => {
    // Ending on its own after its last batch is normal; anything else before the task closed it is not.
    if (!isClosed && code !== 0) failAll(new Error(`The statement reader stopped (exit code ${code})`));
  });
  const grant = () => {
    Atomics.add(counters, 0, 1);
    Atomics.notify(counters, 0);
  };
  const close = async () => {
    isClosed = true;
    // Wakes a worker waiting for a credit, which then stops; terminate ends it wherever it is.
    Atomics.store(counters, 1, 1);
    Atomics.notify(counters, 0);
    await worker.terminate();
  };
  const first = await receive().catch(async (error: unknown) => {
    await close();
    throw error;
  });
  if (first.kind !== 'head') {
    await close();
    throw new Error(first.kind === 'refused' ? first.message : 'The statement reader answered out of turn');
  }
  const head = first.head;
  return {
    head,
    close,
    skip(statement) {
      // Only before any of its batches was granted: every batch the worker sends has been asked for.
      Atomics.store(counters, 2, statement + 1);
      Atomics.notify(counters, 0);
    },
    async *transactions(statement) {
      const count = head.statements[statement]?.transactionCount ?? 0;
      let received = 0;
      if (count === 0) return;
      grant();
      for (;;) {
        const message = await receive();
        if (message.kind === 'refused') throw new Error(message.message);
        if (message.kind !== 'batch' || message.statement !== statement)
          throw new Error('The statement reader answered out of turn');
        received += message.rows.length;
        // The next batch is asked for before this one is written: the worker reads it meanwhile, no further.
        if (received < count) grant();
        yield message.rows;
        if (received >= count) return;
      }
    },
  };
}
