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
  text: string;
  format: TJournalFormat;
  currency: string;
}

/** Parses, maps and keys a journal (core's pure reader; the hash is the server's). */
export function readJournal(input: TJournalReadInput): TJournalRead {
  const { prices, ...plan } = mapJournal(parseSource(input.text, input.format), { currency: input.currency });
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
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./journal-read.worker.ts', import.meta.url), { workerData: input });
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
