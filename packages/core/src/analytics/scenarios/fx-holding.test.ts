// EUR cash in a USD repository: valued at the day's rate, FX gains unrealized until the EUR is spent.
import { describe, expect, it } from 'vitest';
import { computeAnalytics } from '../compute-analytics.ts';
import { example, input, price, tx } from './fixture.ts';

const data = input({
  transactions: [
    example('deposit'), // 2024-01-02 Checking +10,000 USD
    example('currency exchange'), // 2024-02-01 −1,090 USD, +1,000 EUR, 5 USD fee; rate 1.085 → balanced
    tx('currency exchange', '2024-04-02', [
      ['bank', 'eur', '-1000'],
      ['bank', 'usd', '1100'],
    ]),
  ],
  prices: [
    price('eur', '2024-02-01', 1.085),
    price('eur', '2024-02-29', 1.08),
    price('eur', '2024-03-31', 1.1),
  ],
  request: { periods: 4, end: '2024-04-30' },
});
const repo = (result: ReturnType<typeof computeAnalytics>, end: string) =>
  result.value_view!.find((r) => r.scope_kind === 'repository' && r.end === end)!;

describe('scenario: FX holding', () => {
  const result = computeAnalytics(data);

  it('February: 8,910 USD + 1,000 EUR × 1.08 = 9,990; −10 = −5 fee − 5 FX', () => {
    const feb = repo(result, '2024-02-29');
    expect(feb.value_end).toBeCloseTo(9990, 9);
    expect(feb.net_flows).toBeCloseTo(0, 9);
    expect(feb.expenses).toBe(5);
    expect(feb.market_change).toBeCloseTo(-5, 9);
    expect(feb.unrealized).toBeCloseTo(-5, 9);
  });

  it('March: the rate moves 1.08 → 1.10: +20, all FX effect', () => {
    const march = repo(result, '2024-03-31');
    expect(march.market_change).toBeCloseTo(20, 9);
    expect(march.fx_effect).toBeCloseTo(20, 9);
    expect(march.unrealized).toBeCloseTo(20, 9);
  });

  it('April: spending the EUR at 1.10 realizes 1,100 − 1,085 = 15; unrealized −15', () => {
    const april = repo(result, '2024-04-30');
    expect(april.realized).toBeCloseTo(15, 9);
    expect(april.unrealized).toBeCloseTo(-15, 9);
    expect(april.market_change).toBeCloseTo(0, 9);
  });

  it('reported in EUR: 8,910 / 1.08 + 1,000 = 9,250 at the end of February (inverse rate)', () => {
    const inEur = computeAnalytics({ ...data, request: { ...data.request, currency: 'EUR' } });
    expect(inEur.currency).toBe('EUR');
    expect(repo(inEur, '2024-02-29').value_end).toBeCloseTo(9250, 9);
    // Before the first EUR quote no USD amount can be put in EUR: January is missing, not 1:1.
    expect(repo(inEur, '2024-01-31').value_end).toBeNull();
    expect(inEur.missing.map((m) => [m.asset_id, m.kind, m.date])).toContainEqual([
      'usd',
      'fx',
      '2024-01-02',
    ]);
  });
});
