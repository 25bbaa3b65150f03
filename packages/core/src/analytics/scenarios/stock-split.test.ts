// A 2-for-1 split: units double, cost and value do not; closes from before the split are halved.
import { describe, expect, it } from 'vitest';
import { computeAnalytics, computePositions } from '../compute-analytics.ts';
import { example, input, price } from './fixture.ts';

const data = input({
  transactions: [
    example('transfer in'), // 2024-02-10 +50 ACME at the 02-09 close 140 → inflow and cost 7,000
    example('buy'), // 2024-03-01 +10 ACME, cost 1,500 → 60 units, cost 8,500
    example('sell'), // 2024-06-03 −4 ACME: cost out 8,500 × 4/60 = 566.67 → 56 units, cost 7,933.33
    example('stock split'), // 2024-07-01 × 2 → 112 units
  ],
  prices: [
    price('acme', '2024-02-09', 140),
    price('acme', '2024-06-28', 190),
    price('acme', '2024-07-15', 96),
  ],
  request: { periods: 7, end: '2024-07-31' },
});

describe('scenario: stock split', () => {
  it('before the split: 56 units × 190 = 10,640', () => {
    const { positions } = computePositions(data, {
      date: '2024-06-30',
      accounts: ['brokerage'],
      assets: ['acme'],
    });
    expect(positions).toMatchObject([{ amount: '56', position_close: 10640 }]);
  });

  it('after the split, before a new close: 112 units × 190 / 2 = 10,640 — value unchanged', () => {
    const { positions } = computePositions(data, { date: '2024-07-05', assets: ['acme'] });
    expect(positions).toHaveLength(1);
    expect(positions[0]!.amount).toBe('112');
    expect(positions[0]!.position_close).toBe(10640);
    expect(positions[0]!.cost_basis).toBeCloseTo(8500 - 8500 * (4 / 60), 9);
  });

  it('July: no flow; value 112 × 96 = 10,752; the 112 change is all unrealized', () => {
    const july = computeAnalytics(data).value_view!.find(
      (r) => r.scope_kind === 'asset' && r.scope_id === 'acme' && r.end === '2024-07-31',
    )!;
    expect(july).toMatchObject({ value_start: 10640, value_end: 10752, net_flows: 0, realized: 0 });
    expect(july.unrealized).toBeCloseTo(112, 9);
  });

  it('the split keeps the realized gain of the June sale: 720 − 566.67 = 153.33', () => {
    const june = computeAnalytics(data).value_view!.find(
      (r) => r.scope_kind === 'asset' && r.scope_id === 'acme' && r.end === '2024-06-30',
    )!;
    expect(june.realized).toBeCloseTo(720 - 8500 * (4 / 60), 9);
  });
});
