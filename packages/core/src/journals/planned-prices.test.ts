import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapJournal } from './map-journal.ts';
import { journalLines, parseJournal } from './parse-journal.ts';
import { PlannedPrices, priceCount } from './planned-prices.ts';
import { packPrices, unpackPrices } from './testing/packed-prices.ts';

// Hand-written: every price rule of the mapping on a few lines, read as the server reads a journal (its
// lines, each price handed to the packer as it is parsed). Expected values worked by hand line by line.
const JOURNAL = [
  '\uFEFF; prices, then a buy', // 1
  'P 2024-01-31 AAPL 185.64 USD', // 2
  'P 2024/01/31 EUR 1.0837 USD\r', // 3 (a CRLF line)
  'P 2024-02-30 AAPL 180 USD', // 4: no such day
  'P 2024-02-29 AAPL 1,80.75 USD', // 5: not a number
  'P 2024-02-29 AAPL 180.75 USD', // 6
  'P 2024-02-29 SAP 170 EUR', // 7: SAP is quoted in EUR from here on
  'P 2024-02-29 SAP 171.5 USD', // 8: refused
  'P 2024-02-29 USD 0.92 EUR', // 9: refused, the rate goes the other way
  'P 2024-01-31 AAPL 184.40 USD', // 10: back in time: the day's last price, where the day was first
  'P 2024-03-28 "AAPL" 0.000001 USD ; a comment', // 11
  '', // 12
  '2024-03-29 * Buy', // 13
  '    Assets:Broker   2 AAPL @ 171.48 USD', // 14
  '    Assets:Bank', // 15
  '',
].join('\n');

describe('prices packed as the journal is read', () => {
  it('packs each price into the columns as it is parsed, with the mapping rules, and no price objects', () => {
    const prices = new PlannedPrices('USD');
    const journal = parseJournal(journalLines(JOURNAL), 'ledger', { prices });
    expect(journal.prices).toEqual([]);
    const plan = mapJournal(journal, { currency: 'USD', prices });

    expect(plan.prices.tickers).toEqual(['AAPL', 'EUR', 'SAP']);
    expect([...plan.prices.tickerOf]).toEqual([0, 1, 0, 2, 0]);
    expect([...plan.prices.days]).toEqual([20240131, 20240131, 20240229, 20240229, 20240328]);
    expect(unpackPrices(plan.prices)).toEqual([
      { ticker: 'AAPL', date: '2024-01-31', close: '184.40' },
      { ticker: 'EUR', date: '2024-01-31', close: '1.0837' },
      { ticker: 'AAPL', date: '2024-02-29', close: '180.75' },
      { ticker: 'SAP', date: '2024-02-29', close: '170' },
      { ticker: 'AAPL', date: '2024-03-28', close: '0.000001' },
    ]);
    expect(plan.instruments).toEqual([
      { ticker: 'EUR', type: 'currency', currency: 'USD' },
      { ticker: 'USD', type: 'currency', currency: 'USD' },
      { ticker: 'AAPL', type: 'stock', currency: 'USD' },
      { ticker: 'SAP', type: 'stock', currency: 'EUR' },
    ]);
    expect(plan.refused).toEqual([
      { line: 4, message: 'Not a real date' },
      { line: 5, message: "Cannot read the price '1,80.75 USD'" },
      { line: 8, message: 'SAP is quoted in EUR, not USD' },
      { line: 9, message: 'Strata keeps FX rates as EUR in USD: give the rate of EUR instead' },
    ]);
    expect(plan.transactions.map((planned) => planned.line)).toEqual([13]);
  });

  it('gives the same plan as the journal parsed whole, its prices mapped after', () => {
    for (const [name, format] of [
      ['portfolio.ledger', 'ledger'],
      ['portfolio.beancount', 'beancount'],
    ] as const) {
      const text = readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
      const whole = mapJournal(parseJournal(text, format), { currency: 'USD' });
      const prices = new PlannedPrices('USD');
      const streamed = mapJournal(parseJournal(journalLines(text), format, { prices }), {
        currency: 'USD',
        prices,
      });
      expect(priceCount(streamed.prices)).toBe(24);
      expect(unpackPrices(streamed.prices)).toEqual(unpackPrices(whole.prices));
      expect(streamed).toEqual(whole);
    }
  });

  it('reads lines as split(/\\r?\\n/) does, without the byte order mark', () => {
    expect([...journalLines('\uFEFFa\r\nb\n\nc\r')]).toEqual(['a', 'b', '', 'c\r']);
    expect([...journalLines('a\n')]).toEqual(['a', '']);
    expect([...journalLines('')]).toEqual(['']);
  });

  it('packs planned prices as they are', () => {
    const packed = packPrices([
      { ticker: 'AAPL', date: '2024-01-31', close: '1234567.123456789' },
      { ticker: 'EUR', date: '2024-12-01', close: '-0.5' },
    ]);
    expect([...packed.days]).toEqual([20240131, 20241201]);
    expect(unpackPrices(packed)).toEqual([
      { ticker: 'AAPL', date: '2024-01-31', close: '1234567.123456789' },
      { ticker: 'EUR', date: '2024-12-01', close: '-0.5' },
    ]);
  });
});
