// Issue #18 item 1: a buy whose cash and fee are re-added in another order leaves a float residue.
// 2024-01-02: salary +1,000 USD into Brokerage; the same day +1 ACME for −100.3 USD with a 0.3 fee
// attributed to ACME. The share takes the balancing value −(−100.3 + 0.3) = 100; in doubles
// (−100.3 + 100) + 0.3 = 2.8e-15, not 0. Nothing entered the repository from outside, so by hand:
//   repository and Brokerage: value_start 0; value_end 1,000 − 100.3 + 1 × 100 = 999.7; net flows 0;
//     contributions 0 → MOIC, DPI and RVPI are not defined (null); the only IRR flow is the closing
//     value, so IRR is 'NO_SIGN_CHANGE'; TWR 0 (nothing was invested from outside: no sub-period counts).
//   ACME: contribution 100 (the share), an attributed fee of 0.3 paid in with it, value 100 at the
//     close → contributions 100.3, MOIC 100 / 100.3.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAnalytics } from '../compute-analytics.ts';
import { input, price, tx } from './fixture.ts';

const result = computeAnalytics(
  input({
    transactions: [
      tx('income', '2024-01-02', [
        ['brokerage', 'usd', '1000'],
        ['salary', 'usd', '-1000'],
      ]),
      tx('buy', '2024-01-02', [
        ['brokerage', 'acme', '1'],
        ['brokerage', 'usd', '-100.3'],
        ['broker-fees', 'usd', '0.3', 'acme'],
      ]),
    ],
    prices: [price('acme', '2024-01-02', 100)],
    request: { periods: 1, end: '2024-01-31' },
  }),
);

const find = <T extends { scope_kind: string; scope_id: string; period: number }>(
  rows: T[] | undefined,
  kind: string,
  id: string,
  period: number,
) => rows!.find((r) => r.scope_kind === kind && r.scope_id === id && r.period === period)!;

describe('scenario: a fee re-added in another order leaves no contribution', () => {
  for (const [kind, id] of [
    ['repository', 'repository'],
    ['account', 'brokerage'],
  ] as const) {
    it(`${kind}: no flow, so MOIC, DPI and RVPI are null and IRR has no sign change`, () => {
      const timeline = find(result.irr_moic_view, kind, id, -1);
      expect(timeline).toMatchObject({
        value_start: 0,
        contributions: 0,
        distributions: 0,
        moic: null,
        dpi: null,
        rvpi: null,
        irr: null,
        irr_reason: 'NO_SIGN_CHANGE',
      });
      expect(timeline.value_end).toBeCloseTo(999.7, 9);
      const value = find(result.value_view, kind, id, 0);
      expect(value.net_flows).toBe(0);
      expect(value.contributions).toBe(0);
      expect(find(result.performance_view, kind, id, 0)).toMatchObject({ twr: 0, cumulative_twr: 0 });
    });
  }

  it('ACME: 100 for the share and 0.3 fee paid in, MOIC 100 / 100.3', () => {
    const timeline = find(result.irr_moic_view, 'asset', 'acme', -1);
    expect(timeline.contributions).toBeCloseTo(100.3, 9);
    expect(timeline.moic).toBeCloseTo(100 / 100.3, 12);
  });
});

describe('property: a trade that balances in decimals makes no flow outside the traded asset', () => {
  it('buys and sells with fees, any cents: repository and account net flows are exactly 0', () => {
    const decimal = (cents: number) => (cents / 100).toFixed(2);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            isBuy: fc.boolean(),
            units: fc.integer({ min: 1, max: 1000 }),
            grossCents: fc.integer({ min: 1, max: 100_000_000 }),
            feeCents: fc.integer({ min: 0, max: 100_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (trades) => {
          // Salary first, so the account's value stays positive; every trade balances in decimals:
          // cash = −(gross + fee) for a buy, gross − fee for a sale, the fee booked as an expense.
          const transactions = [
            tx('income', '2024-01-02', [
              ['brokerage', 'usd', '2000000'],
              ['salary', 'usd', '-2000000'],
            ]),
            ...trades.map(({ isBuy, units, grossCents, feeCents }) =>
              tx(isBuy ? 'buy' : 'sell', '2024-01-03', [
                ['brokerage', 'acme', isBuy ? String(units) : `-${units}`],
                ['brokerage', 'usd', decimal(isBuy ? -(grossCents + feeCents) : grossCents - feeCents)],
                ['broker-fees', 'usd', decimal(feeCents), 'acme'],
              ]),
            ),
          ];
          const result = computeAnalytics(
            input({
              transactions,
              prices: [price('acme', '2024-01-02', 100)],
              request: { periods: 1, end: '2024-01-31', datasets: ['value_view'] },
            }),
          );
          for (const [kind, id] of [
            ['repository', 'repository'],
            ['account', 'brokerage'],
          ])
            expect(find(result.value_view, kind!, id!, 0).net_flows).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});
