// Cumulative TWR, worked by hand, with every flow on a period boundary (issue #18 item 5).
//
// Outside check: Portfolio Performance's TTWROR worked example (portfolio-performance/portfolio-help,
// docs/en/concepts/performance/time-weighted.md): "MVE 100 → 110 = a 1% market return and a 9 EUR
// deposit: TWROR 1% (101/100 − 1). A few days later 110 → 120 = a 1% market return (1.1) and an 8.9
// deposit on the last day: 1% (111.1/110 − 1). Cumulative (1 + 1%) × (1 + 1%) − 1 = 2.01%, not 20%."
// Here, one month per holding period, flows on the month ends:
//   2023-12-31 (the timeline's first boundary): deposit 100, buy 1 ACME for 100 (close 100). Flows on
//              the first boundary belong before the timeline: value_start 100, no January flow.
//   2024-01-31: ACME closes 101; deposit 9 at the end of the day. V = 101 + 9 = 110.
//              January: (110 − 9) / 100 = 1.01 → TWR 1%, cumulative 1%.
//   2024-02-29: ACME closes 102.1 (101 + 1.1: 1% of the 110 held); deposit 8.9. V = 102.1 + 9 + 8.9 = 120.
//              February: (120 − 8.9) / 110 = 111.1 / 110 = 1.01 → 1%; cumulative 1.01 × 1.01 − 1 = 2.01%.
//   2024-03-31: ACME closes 81.68 (102.1 × 0.8); the cash, 9 + 8.9 = 17.9, is withdrawn. V = 81.68.
//              March: (81.68 + 17.9) / 120 = 99.58 / 120 = 0.829833… → −17.0166…%;
//              cumulative 1.0201 × 99.58 / 120 − 1 = 101.581558 / 120 − 1 = −15.348701666…%.
// Summing the periods instead would give 1% + 1% − 17.0166…% = −15.0166…%.
import { describe, expect, it } from 'vitest';
import { computeAnalytics } from '../compute-analytics.ts';
import { input, price, tx } from './fixture.ts';

const result = computeAnalytics(
  input({
    transactions: [
      tx('deposit', '2023-12-31', [['brokerage', 'usd', '100']]),
      tx('buy', '2023-12-31', [
        ['brokerage', 'acme', '1'],
        ['brokerage', 'usd', '-100'],
      ]),
      tx('deposit', '2024-01-31', [['brokerage', 'usd', '9']]),
      tx('deposit', '2024-02-29', [['brokerage', 'usd', '8.9']]),
      tx('withdrawal', '2024-03-31', [['brokerage', 'usd', '-17.9']]),
    ],
    prices: [
      price('acme', '2023-12-31', 100),
      price('acme', '2024-01-31', 101),
      price('acme', '2024-02-29', 102.1),
      price('acme', '2024-03-31', 81.68),
    ],
    request: { periods: 3, end: '2024-03-31' },
  }),
);

const rows = (kind: string, id: string) =>
  result.performance_view!.filter((r) => r.scope_kind === kind && r.scope_id === id);

describe('scenario: cumulative TWR chain-links periods with flows on their boundaries', () => {
  for (const [kind, id] of [
    ['repository', 'repository'],
    ['account', 'brokerage'],
  ] as const) {
    it(`${kind}: Portfolio Performance's 1% and 1% make 2.01%, then a withdrawal month`, () => {
      const performance = rows(kind, id);
      expect(performance.map((r) => r.end)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
      const [january, february, march] = performance;
      expect(january!.twr).toBeCloseTo(0.01, 12);
      expect(january!.cumulative_twr).toBeCloseTo(0.01, 12);
      expect(february!.twr).toBeCloseTo(0.01, 12);
      expect(february!.cumulative_twr).toBeCloseTo(0.0201, 12);
      expect(march!.twr).toBeCloseTo(99.58 / 120 - 1, 12);
      expect(march!.cumulative_twr).toBeCloseTo(101.581558 / 120 - 1, 12);
    });
  }

  it('the flows are where the working puts them: 100 before the timeline, then +9, +8.9, −17.9', () => {
    const values = result.value_view!.filter((r) => r.scope_kind === 'repository');
    expect(values.map((r) => [r.value_start, r.net_flows])).toEqual([
      [100, 9],
      [110, 8.9],
      [120, -17.9],
    ]);
    expect(values[2]!.value_end).toBeCloseTo(81.68, 12);
  });

  it('ACME alone has no flow in the timeline: its cumulative TWR is its price change, 81.68 / 100 − 1', () => {
    const acme = rows('asset', 'acme');
    expect(acme.map((r) => r.twr)).toEqual([
      expect.closeTo(0.01, 12),
      expect.closeTo(102.1 / 101 - 1, 12),
      expect.closeTo(81.68 / 102.1 - 1, 12),
    ]);
    expect(acme[2]!.cumulative_twr).toBeCloseTo(81.68 / 100 - 1, 12);
  });
});
