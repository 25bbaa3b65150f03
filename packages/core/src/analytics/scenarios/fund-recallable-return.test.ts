// A private fund through its life (the type examples of docs/domain.md), with valuation marks for NAV.
import { describe, expect, it } from 'vitest';
import { computeAnalytics } from '../compute-analytics.ts';
import { example, input, tx } from './fixture.ts';

const result = computeAnalytics(
  input({
    transactions: [
      tx('deposit', '2024-01-02', [['brokerage', 'usd', '200000']]),
      example('subscribe and commit'), // 01-15 commitment 1,000,000
      example('capital call'), // 03-20 called 100,000; +100,000 units for 100,000 USD
      tx('valuation', '2024-03-20', [['brokerage', 'growth-fund', '100000']]),
      example('capital contribution'), // 04-02 +5,000 units for 5,000 USD (not called)
      example('fund fees'), // 06-30 2,500 fee attributed to the fund, drawn from the commitment
      tx('valuation', '2024-06-30', [['brokerage', 'growth-fund', '110000']]),
      example('cash dividend'), // 08-15 4,000 attributed
      example('capital return'), // 09-30 30,000 units returned for 30,000
      example('recallable capital return'), // 10-15 20,000 returned, 20,000 recallable
      example('realized gain or loss'), // 11-30 12,000 attributed gain
      example('release of commitment'), // 12-31 −50,000
      tx('valuation', '2024-12-31', [['brokerage', 'growth-fund', '60000']]),
    ],
  }),
);

describe('scenario: private fund with a recallable return', () => {
  const [fund, total] = result.commitments_view!;

  it('commitment, called, contributed, recallable, unfunded', () => {
    expect(fund).toMatchObject({
      account_id: 'brokerage',
      asset_id: 'growth-fund',
      commitment: 950_000, // 1,000,000 − 50,000 released
      called: 102_500, // 100,000 call + 2,500 fees drawn
      contributed: 105_000, // 100,000 + 5,000 paid for units
      recallable: 20_000,
      unfunded: 867_500, // 950,000 − 102,500 + 20,000
    });
  });

  it('paid in 107,500 (incl. fees); distributions 4,000 + 30,000 + 20,000 + 12,000 = 66,000; NAV 60,000', () => {
    expect(fund!.paid_in).toBe(107_500);
    expect(fund!.distributions).toBe(66_000);
    expect(fund!.nav).toBeCloseTo(60_000, 6);
    expect(fund!.dpi).toBeCloseTo(66_000 / 107_500, 12);
    expect(fund!.rvpi).toBeCloseTo(60_000 / 107_500, 9);
    expect(fund!.tvpi).toBeCloseTo(126_000 / 107_500, 9);
  });

  it('IRR solves the fund’s dated flows', () => {
    const flows: [number, number][] = [
      [-100_000, 0], // 03-20
      [-5_000, 13], // 04-02
      [-2_500, 102], // 06-30
      [4_000, 148], // 08-15
      [30_000, 194], // 09-30
      [20_000, 209], // 10-15
      [12_000, 255], // 11-30
      [60_000, 286], // 12-31 NAV
    ];
    const r = fund!.irr_annualized!;
    expect(flows.reduce((npv, [amount, days]) => npv + amount * (1 + r) ** (-days / 365), 0)).toBeCloseTo(
      0,
      5,
    );
    // 286 days since inception, under a year (GIPS): shown as the return since inception.
    expect(fund!.is_irr_annualized).toBe(false);
    expect(fund!.irr).toBeCloseTo((1 + r) ** (286 / 365) - 1, 12);
  });

  it('the total row adds the funds up', () => {
    expect(total).toMatchObject({ name: 'Total', account_id: null, commitment: 950_000, unfunded: 867_500 });
  });

  it('the repository sees no flow from fund activity, only the deposit', () => {
    const flows = result.value_view!.filter((r) => r.scope_kind === 'repository').map((r) => r.net_flows);
    expect(flows).toEqual([200_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
