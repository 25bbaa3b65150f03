// The reader's thread has ended, its heap given back, by the time its answer arrives: the import's writes
// then do not run beside 100k planned transactions' objects still held by a thread being torn down.
import type * as WorkerThreads from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { readJournalInWorker } from './journal-read.ts';

const started: WorkerThreads.Worker[] = [];

vi.mock('node:worker_threads', async (original) => {
  const actual = await original<typeof WorkerThreads>();
  class RecordedWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      started.push(this);
    }
  }
  return { ...actual, Worker: RecordedWorker };
});

describe('the journal reader’s thread', () => {
  it('has ended when the read journal is answered', async () => {
    const read = await readJournalInWorker({
      text: '2024-01-05 * Opening\n    Assets:Bank  5 USD\n    Equity:Opening\n',
      format: 'ledger',
      currency: 'USD',
    });
    expect(read.transactions.count).toBe(1);
    expect(started).toHaveLength(1);
    // A worker's threadId is -1 once its thread has stopped.
    expect(started[0]?.threadId).toBe(-1);
  });
});
