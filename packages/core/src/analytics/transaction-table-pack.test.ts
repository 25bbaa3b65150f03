import { describe, expect, it } from 'vitest';
import type { TAnalyticsTransaction } from './analytics-types.ts';
import { packTransactions, unpackTransactions } from './transaction-table-pack.ts';

const ACCOUNT = '11111111-1111-1111-1111-111111111111';
const USD = '22222222-2222-2222-2222-222222222222';
const ACME = '33333333-3333-3333-3333-333333333333';
const FUND = '44444444-4444-4444-4444-444444444444';

const entry = (
  account_id: string,
  asset_id: string,
  amount: string,
  role: TAnalyticsTransaction['entries'][number]['role'],
  pos_id: string | null = null,
) => ({ account_id, asset_id, amount, role, pos_id });

// As the worker parses the loader's lines: ids are seqs, in date order (so not always rising), entries in slot order.
const TRANSACTIONS: TAnalyticsTransaction[] = [
  // Before 1970: a negative epoch day.
  {
    id: '907',
    date: '1969-12-31',
    type: 'deposit',
    entries: [entry(ACCOUNT, USD, '1000000000000.123456789', 'position')],
  },
  {
    id: '12',
    date: '2024-01-01',
    type: 'buy',
    entries: [
      entry(ACCOUNT, ACME, '10', 'position'),
      entry(ACCOUNT, USD, '-1500.25', 'position'),
      entry(ACCOUNT, USD, '-1.5', 'expense'),
    ],
  },
  // No entries: it keeps its place.
  { id: '13', date: '2024-01-01', type: 'deposit', entries: [] },
  {
    id: '4',
    date: '2024-03-15',
    type: 'dividend',
    entries: [entry(ACCOUNT, USD, '-3.5', 'income', ACME), entry(ACCOUNT, USD, '3.5', 'position')],
  },
  {
    id: '5',
    date: '2024-03-15',
    type: 'split, or "odd" ünïcode',
    entries: [entry(ACCOUNT, ACME, '2', 'split')],
  },
  {
    id: '9007199254740991',
    date: '2099-12-31',
    type: 'capital call',
    entries: [entry(FUND, FUND, '-0.000001', 'commitment'), entry(FUND, FUND, '0', 'valuation')],
  },
];

describe('packed transactions', () => {
  it('unpack to the very same transactions: ids, days, types, entries, roles and amounts as text', () => {
    const unpacked = unpackTransactions(packTransactions(TRANSACTIONS));
    expect(unpacked).toEqual(TRANSACTIONS);
    expect(unpackTransactions(packTransactions([]))).toEqual([]);
  });

  it('write each id once: a few bytes an entry', () => {
    // 1,000 buys of one stock on consecutive days, seqs rising by one.
    const buys = Array.from({ length: 1000 }, (_, index) => ({
      id: String(100 + index),
      date: new Date(Date.UTC(2020, 0, 1 + index)).toISOString().slice(0, 10),
      type: 'buy',
      entries: [entry(ACCOUNT, ACME, '1', 'position'), entry(ACCOUNT, USD, '-101.37', 'position')],
    }));
    const packed = packTransactions(buys);
    // Per transaction: id and day steps, type, count (4 bytes); per entry: 3 indexes, a role, an amount's
    // length and text (6 + 1 and 6 + 7 bytes); the names (3 ids and a type) once.
    expect(packed.length).toBeLessThan(1000 * (4 + 7 + 13) + 200);
    expect(unpackTransactions(packed)).toEqual(buys);
  });

  it('refuses ids that are not seqs and amounts that are not ASCII, and bytes cut short or left over', () => {
    expect(() => packTransactions([{ ...(TRANSACTIONS[2] as TAnalyticsTransaction), id: 'abc' }])).toThrow(
      /not a seq/,
    );
    expect(() =>
      packTransactions([
        { ...(TRANSACTIONS[1] as TAnalyticsTransaction), entries: [entry(ACCOUNT, USD, '１', 'position')] },
      ]),
    ).toThrow(/ASCII/);
    const packed = packTransactions(TRANSACTIONS);
    expect(() => unpackTransactions(packed.subarray(0, packed.length - 3))).toThrow(/cut short/);
    expect(() => unpackTransactions(Uint8Array.from([...packed, 0]))).toThrow(/left over/);
    expect(() => unpackTransactions(Uint8Array.from([9, ...packed.subarray(1)]))).toThrow(/unknown version/);
  });
});
