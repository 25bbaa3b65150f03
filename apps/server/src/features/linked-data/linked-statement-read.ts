import { Worker } from 'node:worker_threads';
import { LINKED_DATA_MESSAGES, type TLinkedLoader } from '@strata/contracts/linked-data';
import { parseCsv, type TCsvProfile } from '@strata/core/statements/csv';
import type { TStatementFile } from '@strata/core/statements/model';
import { detectStatementFormat, parseStatement } from '@strata/core/statements/parse-statement';

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

export type TReadOutcome = { ok: true; file: TStatementFile } | { ok: false; message: string };

/**
 * `readStatementFile` in a worker thread of its own (one per load, ended after): the parse's CPU and its
 * garbage stay off the API's thread, which only receives the typed statements.
 */
export function readStatementInWorker(bytes: Uint8Array, options: TReadOptions): Promise<TStatementFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./linked-statement.worker.ts', import.meta.url), {
      workerData: { bytes, options: { loader: options.loader, csv_profile: options.csv_profile } },
    });
    let isSettled = false;
    worker.once('message', (outcome: TReadOutcome) => {
      isSettled = true;
      if (outcome.ok) resolve(outcome.file);
      else reject(new Error(outcome.message));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      isSettled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!isSettled) reject(new Error(`The statement reader stopped (exit code ${code})`));
    });
  });
}
