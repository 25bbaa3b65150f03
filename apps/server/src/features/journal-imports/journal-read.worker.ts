import { parentPort, workerData } from 'node:worker_threads';
import { readJournal, type TJournalReadInput, type TJournalReadOutcome } from './journal-read.ts';
import { transactionBlocks } from './packed-transactions.ts';

// One journal read off the API's thread (see readJournalInWorker); a failure is sent as a message.
let outcome: TJournalReadOutcome;
try {
  outcome = { ok: true, read: readJournal(workerData as TJournalReadInput, { isFreeingBytes: true }) };
} catch (error) {
  outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
}
// The packed prices' columns and the transactions' chunks move to the API's thread rather than being copied
// (tens of MB at 2.6M prices; 100k planned transactions cloned as objects were where the import peaked).
const moved = outcome.ok
  ? [
      outcome.read.prices.tickerOf.buffer,
      outcome.read.prices.days.buffer,
      outcome.read.prices.closeText.buffer,
      outcome.read.prices.closeStarts.buffer,
      outcome.read.prices.closeEnds.buffer,
      ...transactionBlocks(outcome.read.transactions),
    ]
  : [];
parentPort?.postMessage(outcome, moved as ArrayBuffer[]);
