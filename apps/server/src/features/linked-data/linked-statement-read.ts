import { Worker } from 'node:worker_threads';
import { LINKED_DATA_MESSAGES, type TLinkedLoader } from '@strata/contracts/linked-data';
import { parseCsv, type TCsvProfile } from '@strata/core/statements/csv';
import type { TStatementFile, TStatementTransaction } from '@strata/core/statements/model';
import { detectStatementFormat, parseStatement } from '@strata/core/statements/parse-statement';
import type { TBatchRequest, TStatementFileHead, TWorkerMessage } from './linked-statement-head.ts';

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
  const result =
    options.loader === 'csv' ? parseCsv(bytes, options.csv_profile as TCsvProfile) : parseStatement(bytes);
  if (!result.ok) throw new Error(result.error.message);
  if (result.file.statements.length === 0) throw new Error(LINKED_DATA_MESSAGES.NOTHING_TO_IMPORT);
  return result.file;
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
   * The statement's cash transactions in file order, STATEMENT_BATCH.rows at a time. The next batch is
   * asked for as one is handed out, so the worker slices it while the task writes — and goes no further.
   */
  transactions(statement: number): AsyncGenerator<TStatementTransaction[]>;
  /** Ends the worker (after the last batch, or when the task fails half-way). */
  close(): Promise<void>;
}

/**
 * `readStatementFile` in a worker thread of its own (one per load): the parse's CPU and its garbage stay
 * off the API's thread, which receives the head, then one batch of rows at a time rather than the whole
 * parsed file. Rejects with the file's refusal, as the task fails with it.
 */
export async function openStatementInWorker(
  bytes: Uint8Array,
  options: TReadOptions,
): Promise<TStatementStream> {
  const worker = new Worker(new URL('./linked-statement.worker.ts', import.meta.url), {
    workerData: {
      bytes,
      options: { loader: options.loader, csv_profile: options.csv_profile },
      batchRows: STATEMENT_BATCH.rows,
    },
  });
  // The worker answers in the order it is asked: the head first, then one batch per request.
  const waiting: { resolve: (message: TWorkerMessage) => void; reject: (error: Error) => void }[] = [];
  let failure: Error | null = null;
  let isClosed = false;
  const failAll = (error: Error) => {
    failure = error;
    for (const next of waiting.splice(0)) next.reject(error);
  };
  const receive = () => {
    const answer = new Promise<TWorkerMessage>((resolve, reject) => {
      if (failure) reject(failure);
      else waiting.push({ resolve, reject });
    });
    // A batch asked for ahead may fail before the task awaits it: it is awaited next, not unhandled.
    answer.catch(() => undefined);
    return answer;
  };
  worker.on('message', (message: TWorkerMessage) => waiting.shift()?.resolve(message));
  worker.once('error', failAll);
  worker.once('exit', (code) => {
    if (!isClosed) failAll(new Error(`The statement reader stopped (exit code ${code})`));
  });
  const close = async () => {
    isClosed = true;
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
  const ask = (statement: number): Promise<TWorkerMessage> => {
    const answer = receive();
    worker.postMessage({ statement } satisfies TBatchRequest);
    return answer;
  };
  return {
    head: first.head,
    close,
    async *transactions(statement) {
      let next = ask(statement);
      for (;;) {
        const message = await next;
        if (message.kind !== 'batch') throw new Error('The statement reader answered out of turn');
        if (message.rows.length === 0) return;
        next = ask(statement);
        yield message.rows;
      }
    },
  };
}
