// IRR per asset and per position (issue 18 item 9), hand-worked in docs/analytics.md ('IRR of an asset and
// of its positions'): ACME bought in two accounts half a year apart, its close up 10% each half-year.
import { describe, expect, it } from 'vitest';
import type { TIrrMoicRow } from '../analytics-types.ts';
import { computeAnalytics, irrSolvedFor } from '../compute-analytics.ts';
import { input, price, tx } from './fixture.ts';

const transactions = [
  // 2023-01-01: 10 ACME for 1,000 in the brokerage.
  tx('buy', '2023-01-01', [
    ['brokerage', 'acme', '10'],
    ['brokerage', 'usd', '-1000'],
  ]),
  // 2023-07-02 (182 days later): 5 ACME for 550 in the bank account.
  tx('buy', '2023-07-02', [
    ['bank', 'acme', '5'],
    ['bank', 'usd', '-550'],
  ]),
];
const prices = [
  price('acme', '2023-01-01', 100),
  price('acme', '2023-07-02', 110),
  price('acme', '2023-12-31', 121),
];
const request = {
  periods: 1,
  freq: 'year' as const,
  end: '2023-12-31',
  datasets: ['irr_moic_view' as const],
};

function window(rows: TIrrMoicRow[] | undefined, kind: string, id: string): TIrrMoicRow {
  const row = rows?.find((item) => item.scope_kind === kind && item.scope_id === id && item.period === -1);
  if (!row) throw new Error(`no ${kind} ${id} row`);
  return row;
}

describe('scenario: IRR of an asset and of its positions', () => {
  const result = computeAnalytics(
    input({ transactions, prices, request: { ...request, irr_scope_kinds: ['asset', 'position'] } }),
  );
  const rows = result.irr_moic_view;

  it('the asset: 1,000 and 550 in, 15 × 121 = 1,815 at the end → 21% over 364 days, MOIC 1,815 / 1,550', () => {
    // x = (1 + r)^(182/365): 1,000 x² + 550 x = 1,815 → x = (−550 + √(550² + 4 · 1,000 · 1,815)) / 2,000
    // = (−550 + 2,750) / 2,000 = 1.1, so the 364 days' return is x² − 1 = 0.21.
    const acme = window(rows, 'asset', 'acme');
    expect(acme).toMatchObject({ value_start: 0, value_end: 1815, contributions: 1550, distributions: 0 });
    expect(acme.moic).toBeCloseTo(1.1709677419354838, 12);
    expect(acme.irr).toBeCloseTo(0.21, 12);
    expect(acme.is_irr_annualized).toBe(false);
    // 1.21^(365/364) − 1, for a user who asks for the annual rate.
    expect(acme.irr_annualized).toBeCloseTo(0.210633821537084, 12);
    expect(acme.irr_reason).toBeNull();
  });

  it('each position: the brokerage’s 1,000 → 1,210 is 21%; the bank’s 550 → 605 over 182 days is 10%', () => {
    const brokerage = window(rows, 'position', 'brokerage|acme');
    expect(brokerage).toMatchObject({ contributions: 1000, value_end: 1210 });
    expect(brokerage.irr).toBeCloseTo(0.21, 12);
    const bank = window(rows, 'position', 'bank|acme');
    expect(bank).toMatchObject({ contributions: 550, value_end: 605 });
    expect(bank.irr).toBeCloseTo(0.1, 12);
    expect(bank.is_irr_annualized).toBe(false);
    // 1.1^(365/182) − 1: the same annual rate as the asset's, as the close grew at one rate.
    expect(bank.irr_annualized).toBeCloseTo(0.2106338215370842, 12);
  });

  it('is solved only when asked: by default an asset says NOT_REQUESTED, with MOIC all the same', () => {
    const plain = computeAnalytics(input({ transactions, prices, request }));
    const acme = window(plain.irr_moic_view, 'asset', 'acme');
    expect(acme).toMatchObject({ irr: null, irr_reason: 'NOT_REQUESTED' });
    expect(acme.moic).toBeCloseTo(1.1709677419354838, 12);
  });

  it('irr_asset_ids narrows asset and position IRRs to those assets, and leaves other kinds alone', () => {
    const isSolved = irrSolvedFor({
      irr_scope_kinds: ['repository', 'asset', 'position'],
      irr_asset_ids: ['acme'],
    });
    expect(isSolved({ kind: 'asset', id: 'acme' })).toBe(true);
    expect(isSolved({ kind: 'asset', id: 'house' })).toBe(false);
    expect(isSolved({ kind: 'position', id: 'bank|acme' })).toBe(true);
    expect(isSolved({ kind: 'position', id: 'bank|house' })).toBe(false);
    expect(isSolved({ kind: 'repository', id: 'repository' })).toBe(true);
    expect(isSolved({ kind: 'account', id: 'bank' })).toBe(false);
    const other = computeAnalytics(
      input({
        transactions,
        prices,
        request: { ...request, irr_scope_kinds: ['asset', 'position'], irr_asset_ids: ['house'] },
      }),
    );
    expect(window(other.irr_moic_view, 'asset', 'acme').irr_reason).toBe('NOT_REQUESTED');
    expect(window(other.irr_moic_view, 'position', 'bank|acme').irr_reason).toBe('NOT_REQUESTED');
  });
});
