// A dividend attributed to ACME: income for every scope that holds the position; for the ACME scope it
// is also a distribution (flow out), so its value change stays market-only.
import { describe, expect, it } from 'vitest';
import { computeAnalytics } from '../compute-analytics.ts';
import { example, input, price, tx } from './fixture.ts';

const result = computeAnalytics(
  input({
    transactions: [
      tx('deposit', '2024-02-01', [['brokerage', 'usd', '2000']]),
      example('buy'), // 2024-03-01 +10 ACME for 1,505 incl. 5 fee
      example('dividend'), // 2024-04-15 +12.50 USD, cash dividend attributed to ACME
    ],
    prices: [price('acme', '2024-02-29', 150)],
    request: { periods: 3, end: '2024-04-30' },
  }),
);
const row = (kind: string, id: string, end: string) =>
  result.value_view!.find((r) => r.scope_kind === kind && r.scope_id === id && r.end === end)!;

describe('scenario: dividend', () => {
  it('repository: 12.50 income, no flow, value +12.50', () => {
    expect(row('repository', 'repository', '2024-04-30')).toMatchObject({
      value_start: 1995,
      value_end: 2007.5,
      net_flows: 0,
      income: 12.5,
      market_change: 0,
    });
  });

  it('ACME scope: the dividend is income and a distribution of 12.50', () => {
    expect(row('asset', 'acme', '2024-04-30')).toMatchObject({
      value_start: 1500,
      value_end: 1500,
      net_flows: -12.5,
      income: 12.5,
      market_change: 0,
    });
  });

  it('income view: cash dividend 12.50 in April, the 5 fee as an expense in March', () => {
    const lines = result.income_view!.filter(
      (r) => r.scope_kind === 'asset' && r.scope_id === 'acme' && r.amount !== 0,
    );
    expect(lines.map((r) => [r.end, r.category, r.kind, r.amount])).toEqual([
      ['2024-04-30', 'cash dividend', 'income', 12.5],
      ['2024-03-31', 'Fees', 'expense', -5],
    ]);
  });

  it('ACME April TWR counts the dividend: (1,500 + 12.50) / 1,500 − 1', () => {
    const april = result.performance_view!.find(
      (r) => r.scope_kind === 'asset' && r.scope_id === 'acme' && r.end === '2024-04-30',
    )!;
    expect(april.twr).toBeCloseTo(12.5 / 1500, 12);
  });
});
