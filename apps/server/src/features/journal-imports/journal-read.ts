import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { TJournalFormat } from '@strata/core/journals/journal-types';
import { mapJournal, type TJournalPlan } from '@strata/core/journals/map-journal';
import { parseSource } from '@strata/core/journals/parse-source';
import { packPrices, type TPackedPrices } from './packed-prices.ts';

export interface TJournalRead {
  /** The plan but its prices, which travel packed (`prices`). */
  plan: Omit<TJournalPlan, 'prices'>;
  prices: TPackedPrices;
  /** sha256 (hex) of each planned transaction's key, in plan order: what journal_import_keys stores. */
  hashes: string[];
}

export interface TJournalReadInput {
  /** The journal; as the file's bytes it moves to the reader's thread instead of being copied there. */
  text: string | Uint8Array;
  format: TJournalFormat;
  currency: string;
}

/** Parses, maps and keys a journal (core's pure reader; the hash is the server's). */
export function readJournal(input: TJournalReadInput): TJournalRead {
  const text =
    typeof input.text === 'string'
      ? input.text
      : Buffer.from(input.text.buffer, input.text.byteOffset, input.text.byteLength).toString('utf8');
  const { prices, ...plan } = mapJournal(parseSource(text, input.format), { currency: input.currency });
  const hashes = plan.transactions.map((planned) => createHash('sha256').update(planned.key).digest('hex'));
  return { plan, prices: packPrices(prices), hashes };
}

export type TJournalReadOutcome = { ok: true; read: TJournalRead } | { ok: false; message: string };

/**
 * `readJournal` in a worker thread of its own (one per journal, ended after): 100k transactions and their
 * prices take seconds of CPU, which on the API's thread would hold every request and stop the task's
 * heartbeat (a task whose heartbeat is 10 s late is failed as abandoned).
 */
export function readJournalInWorker(input: TJournalReadInput): Promise<TJournalRead> {
  // A file's bytes that fill their own memory move (the file's Buffer is left empty): the API's thread then
  // holds no copy of an 82 MB journal while the reader holds its text. Bytes in a shared pool are copied.
  const bytes = typeof input.text === 'string' ? null : input.text;
  const isMoving = bytes !== null && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./journal-read.worker.ts', import.meta.url), {
      workerData: input,
      transferList: isMoving ? [bytes.buffer as ArrayBuffer] : [],
    });
    let isSettled = false;
    worker.once('message', (outcome: TJournalReadOutcome) => {
      isSettled = true;
      if (outcome.ok) resolve(outcome.read);
      else reject(new Error(outcome.message));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      isSettled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!isSettled) reject(new Error(`The journal reader stopped (exit code ${code})`));
    });
  });
}
