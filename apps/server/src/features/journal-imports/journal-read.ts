import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { TJournalFormat } from '@strata/core/journals/journal-types';
import {
  JournalMapper,
  mapJournal,
  type TJournalPlan,
  type TJournalPlanHead,
} from '@strata/core/journals/map-journal';
import { parseJournal } from '@strata/core/journals/parse-journal';
import { parseSource } from '@strata/core/journals/parse-source';
import { PlannedPrices, type TPackedPrices } from '@strata/core/journals/planned-prices';
import { AppError } from '../../plugins/app-error.ts';
import { type TPackedTransactions, TransactionPacker } from './packed-transactions.ts';

export interface TJournalRead {
  /** The plan but its prices and transactions, which travel packed (`prices`, `transactions`). */
  plan: Omit<TJournalPlan, 'prices' | 'transactions'>;
  prices: TPackedPrices;
  /** In chunks, with their keys' hashes and not the keys (packed-transactions.ts). */
  transactions: TPackedTransactions;
}

export interface TJournalReadInput {
  /** The journal; as the file's bytes it moves to the reader's thread instead of being copied there. */
  text: string | Uint8Array;
  format: TJournalFormat;
  currency: string;
  /** Planned transactions a packed chunk (tests make them small to see several chunks of a small journal). */
  transactionsPerChunk?: number;
}

/**
 * The reader thread's heap (V8 old generation), in MiB. The journal (100k transactions, 2.6M
 * prices) reads within 128 (the file's bytes and the packed prices are outside it); before transactions
 * were mapped as read it needed 256 to 400. A journal that needs more is refused, not read at the
 * expense of every other request of the server.
 */
export const READER_HEAP_LIMIT_MIB = 512;
export const JOURNAL_TOO_LARGE =
  'The journal needs more memory than an import may use: import it in parts (a year or two a file)';

/**
 * A file's lines as core's `journalLines` gives them from its text, each decoded from the bytes on its own:
 * the whole text beside the bytes was another 82 MB for the journal.
 */
export function* bytesLines(bytes: Uint8Array): Generator<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let start = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  for (;;) {
    const end = buffer.indexOf(10, start);
    if (end < 0) {
      yield buffer.toString('utf8', start);
      return;
    }
    yield buffer.toString('utf8', start, end > start && buffer[end - 1] === 13 ? end - 1 : end);
    start = end + 1;
  }
}

/**
 * Parses, maps and keys a journal (core's pure reader; the hash is the server's). A ledger or beancount
 * journal is read line by line, each price packed as it is read (no object per price, no whole text) and
 * each transaction mapped as it is read (JournalMapper), then planned and packed one by one; the other
 * formats are small exports, parsed whole.
 */
export function readJournal(
  input: TJournalReadInput,
  /** The bytes are the reader's own (moved or copied to its thread): freed once parsed, before the mapping. */
  options: { isFreeingBytes?: boolean } = {},
): TJournalRead {
  const { format, currency } = input;
  const packer = new TransactionPacker(
    (key) => createHash('sha256').update(key).digest('hex'),
    input.transactionsPerChunk,
  );
  const pack = (planned: TJournalPlan['transactions'][number]) => packer.add(planned);
  let head: TJournalPlanHead;
  if (format === 'ledger' || format === 'beancount') {
    const prices = new PlannedPrices(currency);
    const mapper = new JournalMapper({ format, currency, prices });
    const lines = typeof input.text === 'string' ? input.text : bytesLines(input.text);
    const parsed = parseJournal(lines, format, { prices, transactions: mapper });
    // Detached: the 82 MB of the journal go now, not when the thread ends.
    if (options.isFreeingBytes && typeof input.text !== 'string')
      (input.text.buffer as ArrayBuffer).transfer(0);
    head = mapper.finish(parsed, pack);
  } else {
    const text =
      typeof input.text === 'string'
        ? input.text
        : Buffer.from(input.text.buffer, input.text.byteOffset, input.text.byteLength).toString('utf8');
    const { transactions, ...rest } = mapJournal(parseSource(text, format), { currency });
    for (const planned of transactions) pack(planned);
    head = rest;
  }
  const { prices, ...plan } = head;
  return { plan, prices, transactions: packer.finish() };
}

export type TJournalReadOutcome = { ok: true; read: TJournalRead } | { ok: false; message: string };

/**
 * `readJournal` in a worker thread of its own (one per journal, ended after): 100k transactions and their
 * prices take seconds of CPU, which on the API's thread would hold every request and stop the task's
 * heartbeat (a task whose heartbeat is 10 s late is failed as abandoned).
 */
export function readJournalInWorker(
  input: TJournalReadInput,
  options: { heapLimitMib?: number } = {},
): Promise<TJournalRead> {
  // A file's bytes that fill their own memory move (the file's Buffer is left empty): the API's thread then
  // holds no copy of an 82 MB journal while the reader reads its lines. Bytes in a shared pool are copied.
  const bytes = typeof input.text === 'string' ? null : input.text;
  const isMoving = bytes !== null && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./journal-read.worker.ts', import.meta.url), {
      workerData: input,
      transferList: isMoving ? [bytes.buffer as ArrayBuffer] : [],
      resourceLimits: { maxOldGenerationSizeMb: options.heapLimitMib ?? READER_HEAP_LIMIT_MIB },
    });
    let isSettled = false;
    worker.once('message', (outcome: TJournalReadOutcome) => {
      isSettled = true;
      // Answered once the thread has ended: the import's writes do not start while the reader's heap (the
      // parsed journal, the plan's objects: ≈ 350 MiB for 100k transactions) is still being torn down.
      const settle = () => (outcome.ok ? resolve(outcome.read) : reject(new Error(outcome.message)));
      worker.terminate().then(settle, settle);
    });
    worker.once('error', (error: Error & { code?: string }) => {
      isSettled = true;
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError('PAYLOAD_TOO_LARGE', JOURNAL_TOO_LARGE, { cause: error })
          : error,
      );
    });
    worker.once('exit', (code) => {
      if (!isSettled) reject(new Error(`The journal reader stopped (exit code ${code})`));
    });
  });
}
