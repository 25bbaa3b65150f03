// The planned transactions as they reach the API's thread: in chunks, without their keys (only the keys'
// hashes), and unpacked into the very transactions core planned.
import { createHash } from 'node:crypto';
import { mapJournal } from '@strata/core/journals/map-journal';
import { journalLines, parseJournal } from '@strata/core/journals/parse-journal';
import { PlannedPrices } from '@strata/core/journals/planned-prices';
import { describe, expect, it } from 'vitest';
import { readJournalInWorker } from './journal-read.ts';
import { TransactionPacker, unpackChunk, unpackTransactions } from './packed-transactions.ts';

const JOURNAL = `2024-01-05 * Buy Apple
    Assets:Broker:US         10 AAPL @ 181.18 USD
    Assets:Bank:Checking    -1811.80 USD

2024-01-06 * Buy Apple
    Assets:Broker:US         1 AAPL @ 180 USD
    Assets:Bank:Checking    -180 USD

2024-02-15 * Apple dividend
    Assets:Bank:Checking     2.40 USD
    Income:Dividends:AAPL
`;

describe('the planned transactions packed for the API’s thread', () => {
  it('arrive in chunks with their keys’ hashes and not the keys, unpacked as core planned them', async () => {
    const read = await readJournalInWorker({
      text: JOURNAL,
      format: 'ledger',
      currency: 'USD',
      transactionsPerChunk: 2,
    });
    expect('transactions' in read.plan).toBe(false);
    expect(read.transactions.count).toBe(3);
    expect(read.transactions.chunks).toHaveLength(2);
    expect(read.transactions.typeOf).toEqual(new Uint16Array([0, 0, 1]));
    expect(read.transactions.typeNames).toHaveLength(2);
    // What core plans from the same text in this thread: the same rows in the same order, and the hash of
    // each of its keys — which themselves never crossed over.
    const planned = mapJournal(
      parseJournal(journalLines(JOURNAL), 'ledger', { prices: new PlannedPrices('USD') }),
      {
        currency: 'USD',
        prices: new PlannedPrices('USD'),
      },
    ).transactions;
    expect(planned.map((row) => row.line)).toEqual([1, 5, 9]);
    expect([...unpackTransactions(read.transactions)]).toEqual(
      planned.map(({ line, transaction }) => ({ line, transaction })),
    );
    expect(read.transactions.hashes).toEqual(
      planned.map((row) => createHash('sha256').update(row.key).digest('hex')),
    );
    for (const chunk of unpackChunk(read.transactions, 0))
      expect(Object.keys(chunk)).toEqual(['line', 'transaction']);
  });

  it('keeps every field of a row as it was: nulls, exact amounts, repeated ids, the last short chunk', () => {
    const rows = [
      {
        line: 3,
        key: 'first',
        transaction: {
          type: 'buy',
          date: '2024-01-05',
          description: null,
          entries: [
            { account_id: 'account:Broker', asset_id: 'asset:AAPL', amount: '10', pos_id: null },
            { account_id: 'account:Bank', asset_id: 'asset:USD', amount: '-1811.800000001', pos_id: null },
          ],
        },
      },
      {
        line: 70000,
        key: 'second',
        transaction: {
          type: 'dividend',
          date: '2024-02-15',
          description: 'Café ☕',
          entries: [
            { account_id: 'account:Bank', asset_id: 'asset:USD', amount: '2.4', pos_id: 'asset:AAPL' },
          ],
        },
      },
      {
        line: 71000,
        key: 'third',
        transaction: { type: 'buy', date: '2024-03-01', description: '', entries: [] },
      },
    ];
    const expected = rows.map(({ line, transaction }) => ({
      line,
      transaction: structuredClone(transaction),
    }));
    const packer = new TransactionPacker((key) => `#${key}`, 2);
    for (const row of rows) packer.add(row);
    const packed = packer.finish();
    expect(packed).toMatchObject({ count: 3, perChunk: 2, hashes: ['#first', '#second', '#third'] });
    expect(packed.typeNames).toEqual(['buy', 'dividend']);
    expect(packed.typeOf).toEqual(new Uint16Array([0, 1, 0]));
    expect(unpackChunk(packed, 1)).toEqual([expected[2]]);
    expect([...unpackTransactions(packed)]).toEqual(expected);
  });
});
