import { describe, expect, it } from 'vitest';
import { parseTransactionLines, seriesOf } from './analytics-source.ts';

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
