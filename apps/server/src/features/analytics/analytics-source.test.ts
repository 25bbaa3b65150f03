import { describe, expect, it } from 'vitest';
import { parseTransactionLines, seriesOf, withChangedTransactions } from './analytics-source.ts';

describe('price series from the database text', () => {
  it('reads epoch days and closes in order', () => {
    const series = seriesOf({
      asset_id: 'a',
      source: 'manual',
      days: '19000,19001,19003',
      closes: '1.5,2,2.25',
    });
    expect([...series.days]).toEqual([19000, 19001, 19003]);
    expect([...series.closes]).toEqual([1.5, 2, 2.25]);
  });

  it('sorts days that arrive out of order, keeping each close with its day', () => {
    const series = seriesOf({ asset_id: 'a', source: 'manual', days: '19003,19000,19001', closes: '3,1,2' });
    expect([...series.days]).toEqual([19000, 19001, 19003]);
    expect([...series.closes]).toEqual([1, 2, 3]);
  });
});

describe("transactions from the loader's entry lines", () => {
  it("groups entries by transaction number, dates epoch days and gives each entry its slot's role", () => {
    const text = [
      '1,19723,0,acct,aapl,10,,buy',
      '1,19723,1,acct,usd,-1500.25,,buy',
      '1,19723,2,fees,usd,-1.5,,buy',
      '2,19724,,,,,,deposit',
      '3,19725,1,divs,usd,-3.5,aapl,dividend',
      '3,19725,0,acct,usd,3.5,,dividend',
      '4,19725,0,acct,usd,1,,some, odd type',
    ].join('\n');
    const transactions = parseTransactionLines(text);
    expect(transactions.map(({ id, date, type }) => [id, date, type])).toEqual([
      ['1', '2024-01-01', 'buy'],
      ['2', '2024-01-02', 'deposit'],
      ['3', '2024-01-03', 'dividend'],
      ['4', '2024-01-03', 'some, odd type'],
    ]);
    expect(transactions[0]?.entries).toEqual([
      { account_id: 'acct', asset_id: 'aapl', amount: '10', role: 'position', pos_id: null },
      { account_id: 'acct', asset_id: 'usd', amount: '-1500.25', role: 'position', pos_id: null },
      { account_id: 'fees', asset_id: 'usd', amount: '-1.5', role: 'expense', pos_id: null },
    ]);
    // A transaction without entries keeps its place with none.
    expect(transactions[1]?.entries).toEqual([]);
    expect(transactions[2]?.entries.map((entry) => [entry.role, entry.pos_id])).toEqual([
      ['income', 'aapl'],
      ['position', null],
    ]);
    // A type outside the catalogue: its entries are positions.
    expect(transactions[3]?.entries.map((entry) => entry.role)).toEqual(['position']);
    expect(parseTransactionLines('')).toEqual([]);
  });

  it('refuses a line without its seven fields', () => {
    expect(() => parseTransactionLines('1,19723,0,acct')).toThrow(/malformed/);
  });
});

describe('kept transactions patched with the changed ones', () => {
  // Seqs 10, 11, 12 and 14 on three days (14 written before 12's day was); the list in the loader's order.
  const kept = parseTransactionLines(
    [
      '10,19723,0,acct,usd,1,,deposit',
      '14,19723,0,acct,usd,4,,deposit',
      '11,19724,0,acct,usd,2,,deposit',
      '12,19725,0,acct,usd,3,,deposit',
    ].join('\n'),
  );
  const order = (list: ReturnType<typeof parseTransactionLines>) =>
    list.map((transaction) => [transaction.id, transaction.date, transaction.entries[0]?.amount]);

  it('puts a changed transaction where its day and seq place it, and a new one likewise', () => {
    // 11 moved to the first day (after 10, before 14 by seq), 12 changed in place, 13 new on the last day.
    const changed = parseTransactionLines(
      [
        '11,19723,0,acct,usd,20,,deposit',
        '12,19725,0,acct,usd,30,,deposit',
        '13,19725,0,acct,usd,5,,deposit',
      ].join('\n'),
    );
    expect(order(withChangedTransactions(kept, [11, 12, 13], changed))).toEqual([
      ['10', '2024-01-01', '1'],
      ['11', '2024-01-01', '20'],
      ['14', '2024-01-01', '4'],
      ['12', '2024-01-03', '30'],
      ['13', '2024-01-03', '5'],
    ]);
  });

  it('drops a deleted transaction, and every copy of a changed one (a load that raced a write)', () => {
    const twice = [
      ...kept.slice(0, 3),
      { ...(kept[2] as (typeof kept)[number]), date: '2024-01-03' },
      kept[3],
    ];
    expect(order(withChangedTransactions(twice as typeof kept, [11, 14], []))).toEqual([
      ['10', '2024-01-01', '1'],
      ['12', '2024-01-03', '3'],
    ]);
  });

  it('leaves the list as it was when nothing changed', () => {
    expect(withChangedTransactions(kept, [], [])).toEqual(kept);
  });
});
