// A holding with no price is reported missing, and the values that need it are null — never 0 or 1.
import { describe, expect, it } from 'vitest';
import { computeAnalytics } from '../compute-analytics.ts';
import { example, input, price, tx } from './fixture.ts';

const data = input({
  transactions: [tx('deposit', '2024-02-01', [['brokerage', 'usd', '2000']]), example('buy')],
  prices: [price('acme', '2024-05-15', 160)],
  request: { periods: 4, end: '2024-05-31' },
});
const result = computeAnalytics(data);
const repo = result.value_view!.filter((r) => r.scope_kind === 'repository');

describe('scenario: missing price', () => {
  it('months holding ACME before its first close have no value; May has 495 + 10 × 160', () => {
    expect(repo.map((r) => r.value_end)).toEqual([2000, null, null, 2095]);
  });

  it('the buy itself needs no close: its value comes from the cash paid', () => {
    expect(repo[1]!.net_flows).toBe(0);
    expect(repo[1]!.expenses).toBe(5);
  });

  it('reports the asset, the kind and the first and last date it was needed', () => {
    expect(result.missing).toEqual([
      { asset_id: 'acme', kind: 'price', date: '2024-03-01', last_date: '2024-04-30', count: 3 },
    ]);
  });

  it('returns that need the value are null with a reason; the cash scope is unaffected', () => {
    const perf = result.performance_view!.filter((r) => r.scope_kind === 'repository');
    expect(perf.map((r) => r.twr === null)).toEqual([false, true, true, true]);
    const irr = result.irr_moic_view!.find((r) => r.scope_kind === 'repository' && r.period === 1)!;
    expect(irr).toMatchObject({ irr: null, irr_reason: 'NOT_REQUESTED', moic: null });
    // A timeline ending while the price is still missing has no closing value: IRR is not defined.
    const toApril = computeAnalytics({
      ...data,
      request: { ...data.request, periods: 3, end: '2024-04-30' },
    });
    const window = toApril.irr_moic_view!.find((r) => r.scope_kind === 'repository' && r.period === -1)!;
    expect(window).toMatchObject({ irr: null, irr_reason: 'MISSING_VALUE', moic: null });
    const cash = result.value_view!.find((r) => r.scope_id === 'brokerage|usd' && r.end === '2024-03-31')!;
    expect(cash.value_end).toBe(495);
  });
});
