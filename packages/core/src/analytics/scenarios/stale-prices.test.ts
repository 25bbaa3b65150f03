// Values resting on old prices (issue 18 item 12): which held instruments the end value prices with a close
// more than 31 days old, and how old.
import { describe, expect, it } from 'vitest';
import { computeAnalytics } from '../compute-analytics.ts';
import { input, price, tx } from './fixture.ts';

const transactions = [
  tx('buy', '2024-01-10', [
    ['brokerage', 'acme', '10'],
    ['brokerage', 'usd', '-1000'],
  ]),
  tx('buy', '2024-01-10', [
    ['brokerage', 'house', '1'],
    ['brokerage', 'usd', '-5000'],
  ]),
];

function staleAt(
  end: string,
  prices = [price('acme', '2024-01-10', 100), price('house', '2024-01-10', 5000)],
) {
  return computeAnalytics(
    input({ transactions, prices, request: { periods: 1, freq: 'month', end, datasets: ['value_view'] } }),
  ).stale_prices;
}

describe('scenario: stale prices', () => {
  it('a close 31 days old is not stale; 32 days old is, with its date and age', () => {
    // 2024-01-10 + 31 days = 2024-02-10; + 32 = 2024-02-11.
    expect(staleAt('2024-02-10')).toEqual([]);
    expect(staleAt('2024-02-11')).toEqual([
      { asset_id: 'acme', price_date: '2024-01-10', age_days: 32 },
      { asset_id: 'house', price_date: '2024-01-10', age_days: 32 },
    ]);
  });

  it('the price the end value uses counts: a newer close makes it fresh; oldest first', () => {
    // Dec 31 2024: ACME last closed on Dec 20 (11 days); the house on Mar 31 (275 days: 31 Mar → 31 Dec).
    expect(
      staleAt('2024-12-31', [
        price('acme', '2024-01-10', 100),
        price('acme', '2024-12-20', 120),
        price('house', '2024-03-31', 5100),
      ]),
    ).toEqual([{ asset_id: 'house', price_date: '2024-03-31', age_days: 275 }]);
  });

  it('a sold position is not marked, and a missing price is missing, not stale', () => {
    const sold = computeAnalytics(
      input({
        transactions: [
          ...transactions,
          tx('sell', '2024-02-01', [
            ['brokerage', 'acme', '-10'],
            ['brokerage', 'usd', '1000'],
          ]),
        ],
        prices: [price('acme', '2024-01-10', 100)],
        request: { periods: 1, freq: 'month', end: '2024-06-30', datasets: ['value_view'] },
      }),
    );
    // ACME sold; the house never had a price (missing).
    expect(sold.stale_prices).toEqual([]);
    expect(sold.missing.map((item) => item.asset_id)).toContain('house');
  });
});
