import { describe, expect, it } from 'vitest';
import { toEpochDay } from '../dates/epoch-day.ts';
import type { TAnalyticsAsset, TAnalyticsPrice } from './analytics-types.ts';
import { Market } from './market.ts';
import { buildPriceSeries } from './price-series.ts';

const assets: TAnalyticsAsset[] = [
  { id: 'usd', type: 'currency', currency: 'USD', ticker: 'USD' },
  { id: 'eur', type: 'currency', currency: 'USD', ticker: 'EUR' },
  { id: 'chf', type: 'currency', currency: 'USD', ticker: 'CHF' },
  { id: 'gbp', type: 'currency', currency: 'GBP', ticker: 'GBP' },
  { id: 'acme', type: 'stock', currency: 'EUR' },
];
const d = toEpochDay;

function market(prices: TAnalyticsPrice[], reportCurrency = 'USD') {
  return new Market({
    assets: new Map(assets.map((a) => [a.id, a])),
    series: buildPriceSeries(prices, ['manual']),
    repositoryCurrency: 'USD',
    reportCurrency,
  });
}

const p = (asset_id: string, date: string, close: number): TAnalyticsPrice => ({
  asset_id,
  date,
  close,
  source: 'manual',
});

describe('market: FX', () => {
  const prices = [p('eur', '2024-01-01', 1.1), p('chf', '2024-01-01', 1.2), p('acme', '2024-01-02', 50)];

  it('direct: EUR quoted in USD', () => {
    expect(market(prices).fxRate('EUR', d('2024-01-05'))).toBe(1.1);
  });

  it('inverse: USD into EUR is 1 / (EUR in USD)', () => {
    expect(market(prices, 'EUR').fxRate('USD', d('2024-01-05'))).toBeCloseTo(1 / 1.1, 15);
  });

  it('cross through the repository currency: CHF → EUR = (CHF→USD) × (USD→EUR)', () => {
    expect(market(prices, 'EUR').fxRate('CHF', d('2024-01-05'))).toBeCloseTo(1.2 / 1.1, 15);
  });

  it('a rate before the first quote is missing (NaN), and valuing with it is reported', () => {
    const m = market(prices);
    expect(m.fxRate('EUR', d('2023-12-31'))).toBeNaN();
    expect(m.unitValue('eur', d('2023-12-31'))).toBeNaN();
    expect(m.missing()).toEqual([
      { asset_id: 'eur', currency: 'EUR', kind: 'fx', date: '2023-12-31', last_date: '2023-12-31', count: 1 },
    ]);
  });

  it('a currency with no path to the reporting currency is missing, not 1', () => {
    expect(market(prices).fxRate('GBP', d('2024-01-05'))).toBeNaN();
  });
});

describe('market: prices', () => {
  it('values units of a EUR stock in USD: price × rate', () => {
    const m = market([p('eur', '2024-01-01', 1.1), p('acme', '2024-01-02', 50)]);
    expect(m.unitValue('acme', d('2024-01-03'))).toBeCloseTo(55, 12);
    expect(m.unitValue('acme', d('2024-01-01'))).toBeNaN();
    expect(m.missing().map((x) => [x.asset_id, x.kind])).toEqual([['acme', 'price']]);
  });

  it('a valuation mark beats an older or same-day close; a later close beats the mark', () => {
    const m = market([p('acme', '2024-01-02', 50), p('acme', '2024-01-10', 70)]);
    m.addValuation('acme', d('2024-01-05'), 60);
    expect(m.localPrice('acme', d('2024-01-04'))).toBe(50);
    expect(m.localPrice('acme', d('2024-01-05'))).toBe(60);
    expect(m.localPrice('acme', d('2024-01-10'))).toBe(70);
  });

  it('a close from before a split is divided by its ratio; closes on or after the split are not', () => {
    const m = market([p('acme', '2024-01-02', 50), p('acme', '2024-01-09', 26)]);
    m.addSplit('acme', d('2024-01-08'), 2);
    expect(m.localPrice('acme', d('2024-01-07'))).toBe(50);
    expect(m.localPrice('acme', d('2024-01-08'))).toBe(25);
    expect(m.localPrice('acme', d('2024-01-09'))).toBe(26);
  });
});
