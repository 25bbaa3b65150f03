// Deposit, fund the brokerage, buy 10 ACME, sell 4, sell the last 6: hand-worked in docs/analytics.md.
import { describe, expect, it } from 'vitest';
import type { TAnalyticsResult, TValueRow } from '../analytics-types.ts';
import { computeAnalytics } from '../compute-analytics.ts';
import { example, input, price, tx } from './fixture.ts';

const data = input({
  transactions: [
    example('deposit'), // 2024-01-02 Checking +10,000
    example('transfer'), // 2024-02-05 Checking → Brokerage 2,000
    example('buy'), // 2024-03-01 +10 ACME for 1,505 (fee 5)
    example('sell'), // 2024-06-03 −4 ACME for 718 net (fee 2)
    tx('sell', '2024-08-01', [
      ['brokerage', 'acme', '-6'],
      ['brokerage', 'usd', '1140'],
    ]),
  ],
  prices: [
    price('acme', '2024-02-29', 148),
    price('acme', '2024-03-31', 155),
    price('acme', '2024-06-30', 185),
    price('acme', '2024-07-31', 188),
    price('acme', '2024-08-31', 200),
  ],
  request: { periods: 8, end: '2024-08-31', irr_scope_kinds: ['repository', 'asset'] },
});
const result: TAnalyticsResult = computeAnalytics(data);
const rows = (kind: string, id: string) =>
  result.value_view!.filter((r) => r.scope_kind === kind && r.scope_id === id);
const month = (kind: string, id: string, end: string): TValueRow =>
  rows(kind, id).find((r) => r.end === end)!;

describe('scenario: buy-sell round trip', () => {
  it('repository values at month ends', () => {
    // Mar: cash 10,000 − 1,505 = 8,495 + 10 × 155 = 10,045. Apr–May: no new ACME close, still 155.
    // Jun: 8,495 + 718 = 9,213 + 6 × 185 = 10,323. Jul: 9,213 + 6 × 188 = 10,341. Aug: 9,213 + 1,140.
    expect(rows('repository', 'repository').map((r) => r.value_end)).toEqual([
      10000, 10000, 10045, 10045, 10045, 10323, 10341, 10353,
    ]);
  });

  it('the deposit is the only external flow; the internal transfer is none', () => {
    const repo = rows('repository', 'repository');
    expect(repo.map((r) => r.net_flows)).toEqual([10000, 0, 0, 0, 0, 0, 0, 0]);
    // Per account, the transfer is an outflow of Checking and an inflow of Brokerage.
    expect(month('account', 'bank', '2024-02-29').net_flows).toBe(-2000);
    expect(month('account', 'brokerage', '2024-02-29').net_flows).toBe(2000);
  });

  it('March: market change 45 + 5 fee = 50, all unrealized (1,550 − 1,500)', () => {
    const march = month('repository', 'repository', '2024-03-31');
    expect(march).toMatchObject({ expenses: 5, market_change: 50, realized: 0, unrealized: 50 });
  });

  it('June: realized 720 − 600 = 120 by average cost; unrealized (1,110 − 900) − 50 = 160', () => {
    const june = month('repository', 'repository', '2024-06-30');
    expect(june.market_change).toBeCloseTo(280, 9);
    expect(june.realized).toBeCloseTo(120, 9);
    expect(june.unrealized).toBeCloseTo(160, 9);
  });

  it('August: realized 1,140 − 900 = 240 reverses the 228 unrealized; the position is exactly 0', () => {
    // Brokerage cash: 2,000 − 1,505 + 718 + 1,140 = 2,353; ACME 10 − 4 − 6 = 0 is left out.
    const august = month('repository', 'repository', '2024-08-31');
    expect(august.realized).toBeCloseTo(240, 9);
    expect(august.unrealized).toBeCloseTo(-228, 9);
    expect(result.position_view!.map((p) => [p.account_id, p.asset_id, p.amount])).toEqual([
      ['bank', 'usd', '8000'],
      ['brokerage', 'usd', '2353'],
    ]);
  });

  it('FIFO realizes the same here (one lot)', () => {
    const fifo = computeAnalytics({ ...data, request: { ...data.request, cost_method: 'fifo' } });
    const june = fifo.value_view!.find((r) => r.scope_kind === 'repository' && r.end === '2024-06-30')!;
    expect(june.realized).toBeCloseTo(120, 9);
  });

  it('ACME scope: contributions 1,505 (1,500 + fee); distributions 718 and 1,140; MOIC 1,858 / 1,505', () => {
    expect(month('asset', 'acme', '2024-03-31')).toMatchObject({
      contributions: 1505,
      expenses: 5,
      value_end: 1550,
    });
    const window = result.irr_moic_view!.find(
      (r) => r.scope_kind === 'asset' && r.scope_id === 'acme' && r.period === -1,
    )!;
    expect(window.contributions).toBe(1505);
    expect(window.distributions).toBe(1858);
    expect(window.moic).toBeCloseTo(1858 / 1505, 12);
    // IRR: −1,505 on 03-01, +718 on 06-03, +1,140 on 08-01 → NPV at the annual rate is 0. The flows
    // span 153 days, under a year: the row shows the return over them, (1 + r)^(153/365) − 1.
    const r = window.irr_annualized!;
    const t = (days: number) => (1 + r) ** (-days / 365);
    expect(-1505 + 718 * t(94) + 1140 * t(153)).toBeCloseTo(0, 6);
    expect(window.is_irr_annualized).toBe(false);
    expect(window.irr).toBeCloseTo((1 + r) ** (153 / 365) - 1, 12);
  });

  it('ACME March TWR: buy day 1,480 / 1,505 (close 148 vs price paid with fee), then 1,550 / 1,480', () => {
    const march = result.performance_view!.find(
      (r) => r.scope_kind === 'asset' && r.scope_id === 'acme' && r.end === '2024-03-31',
    )!;
    expect(march.twr).toBeCloseTo(1550 / 1505 - 1, 12);
  });

  it('nothing is missing', () => {
    expect(result.missing).toEqual([]);
  });
});
