import { describe, expect, it } from 'vitest';
import { toEpochDay } from '../dates/epoch-day.ts';
import type { TAnalyticsAsset, TAnalyticsEntry, TAnalyticsTransaction } from './analytics-types.ts';
import { Market } from './market.ts';
import { buildPriceSeries } from './price-series.ts';
import { valueTransaction } from './transaction-values.ts';

const assets: TAnalyticsAsset[] = [
  { id: 'usd', type: 'currency', currency: 'USD', ticker: 'USD' },
  { id: 'eur', type: 'currency', currency: 'USD', ticker: 'EUR' },
  { id: 'acme', type: 'stock', currency: 'USD' },
  { id: 'beta', type: 'stock', currency: 'USD' },
];
const market = () =>
  new Market({
    assets: new Map(assets.map((a) => [a.id, a])),
    series: buildPriceSeries(
      [
        { asset_id: 'eur', date: '2024-02-01', close: 1.085, source: 'manual' },
        { asset_id: 'acme', date: '2024-02-01', close: 152, source: 'manual' },
        { asset_id: 'beta', date: '2024-02-01', close: 50, source: 'manual' },
      ],
      [],
    ),
    repositoryCurrency: 'USD',
    reportCurrency: 'USD',
  });

function value(entries: TAnalyticsEntry[]) {
  const tx: TAnalyticsTransaction = { id: 't', date: '2024-02-01', type: 'x', entries };
  const amounts = Float64Array.from(entries.map((e) => Number(e.amount)));
  const result = valueTransaction(tx, amounts, toEpochDay('2024-02-01'), market());
  return { values: [...result.values], external: result.external };
}
const pos = (account_id: string, asset_id: string, amount: string): TAnalyticsEntry => ({
  account_id,
  asset_id,
  amount,
  role: 'position',
});

describe('transaction values (DOMAIN.md value flows)', () => {
  it('a buy values the shares at the cash paid less the fee (1,505 − 5 = 1,500), not the close', () => {
    const result = value([
      pos('brokerage', 'acme', '10'),
      pos('brokerage', 'usd', '-1505'),
      { account_id: 'fees', asset_id: 'usd', amount: '5', role: 'expense', pos_id: 'acme' },
    ]);
    expect(result).toEqual({ values: [1500, -1505, 5], external: 0 });
  });

  it('a deposit is an external inflow', () => {
    expect(value([pos('bank', 'usd', '10000')])).toEqual({ values: [10000], external: 10000 });
  });

  it('a currency exchange at a rate off the day’s FX leaves the spread as an external flow', () => {
    // −1,090 USD + 1,000 EUR × 1.085 + 5 fee = −1,090 + 1,085 + 5 = 0
    const result = value([
      pos('bank', 'usd', '-1090'),
      pos('bank', 'eur', '1000'),
      { account_id: 'fees', asset_id: 'usd', amount: '5', role: 'expense' },
    ]);
    expect(result.external).toBeCloseTo(0, 9);
    const spread = value([pos('bank', 'usd', '-1100'), pos('bank', 'eur', '1000')]);
    expect(spread.external).toBeCloseTo(-15, 9);
  });

  it('an in-kind transfer in is valued at market (50 × 152) and is an external inflow', () => {
    expect(value([pos('brokerage', 'acme', '50')])).toEqual({ values: [7600], external: 7600 });
  });

  it('two non-currency entries share the balancing value by market value', () => {
    // Market: 10 ACME = 1,520, 20 BETA = 1,000; paid 2,280 → shares 1,520/2,520 and 1,000/2,520.
    const result = value([pos('b', 'acme', '10'), pos('b', 'beta', '20'), pos('b', 'usd', '-2280')]);
    expect(result.values[0]).toBeCloseTo((2280 * 1520) / 2520, 9);
    expect(result.values[1]).toBeCloseTo((2280 * 1000) / 2520, 9);
    expect(result.external).toBe(0);
  });

  it('commitment, split and valuation entries carry no value', () => {
    const result = value([{ account_id: 'b', asset_id: 'acme', amount: '2', role: 'split' }]);
    expect(result).toEqual({ values: [0], external: 0 });
  });
});
