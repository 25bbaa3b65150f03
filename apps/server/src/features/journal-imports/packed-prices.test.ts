import { packPrices } from '@strata/core/journals/testing/packed-prices';
import { describe, expect, it } from 'vitest';
import { priceChunks, priceCount, pricesInIndexOrder } from './packed-prices.ts';

const PRICES = [
  { ticker: 'AAPL', date: '2024-01-31', close: '185.64' },
  { ticker: 'EUR', date: '2024-01-31', close: '1.0837' },
  { ticker: 'AAPL', date: '2024-02-29', close: '180.75' },
  { ticker: 'SAP', date: '2024-02-29', close: '170' },
  { ticker: 'AAPL', date: '2024-03-28', close: '171.48' },
];

describe('packed prices', () => {
  it('gives back every price in plan order, in chunks of the size asked', () => {
    const packed = packPrices(PRICES);
    expect(priceCount(packed)).toBe(5);
    expect(packed.tickers).toEqual(['AAPL', 'EUR', 'SAP']);
    expect([...priceChunks(packed, 2)]).toEqual([
      { tickers: ['AAPL', 'EUR'], dates: ['2024-01-31', '2024-01-31'], closes: ['185.64', '1.0837'] },
      { tickers: ['AAPL', 'SAP'], dates: ['2024-02-29', '2024-02-29'], closes: ['180.75', '170'] },
      { tickers: ['AAPL'], dates: ['2024-03-28'], closes: ['171.48'] },
    ]);
  });

  it('packs no prices into no chunks', () => {
    const packed = packPrices([]);
    expect(priceCount(packed)).toBe(0);
    expect([...priceChunks(packed, 5000)]).toEqual([]);
  });

  it('orders the prices by the rank of their ticker, then by date, and chunks them in that order', () => {
    const packed = packPrices([
      { ticker: 'AAPL', date: '2024-03-28', close: '171.48' },
      { ticker: 'SAP', date: '2024-02-29', close: '170' },
      { ticker: 'AAPL', date: '2024-01-31', close: '185.64' },
      { ticker: 'EUR', date: '2024-01-31', close: '1.0837' },
      { ticker: 'SAP', date: '2024-03-28', close: '171.5' },
      { ticker: 'AAPL', date: '2024-02-29', close: '180.75' },
    ]);
    // SAP's asset first, then EUR's, then AAPL's (the order of their ids in the database).
    const rank = { SAP: 0, EUR: 1, AAPL: 2 } as Record<string, number>;
    const order = pricesInIndexOrder(packed, (ticker) => rank[ticker] as number);
    expect([...order]).toEqual([1, 4, 3, 2, 5, 0]);
    expect([...priceChunks(packed, 4, order)]).toEqual([
      {
        tickers: ['SAP', 'SAP', 'EUR', 'AAPL'],
        dates: ['2024-02-29', '2024-03-28', '2024-01-31', '2024-01-31'],
        closes: ['170', '171.5', '1.0837', '185.64'],
      },
      { tickers: ['AAPL', 'AAPL'], dates: ['2024-02-29', '2024-03-28'], closes: ['180.75', '171.48'] },
    ]);
  });
});
