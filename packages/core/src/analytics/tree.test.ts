import { describe, expect, it } from 'vitest';
import type { TAnalyticsAsset } from './analytics-types.ts';
import { computeAnalytics } from './compute-analytics.ts';
import { input, price, tx } from './scenarios/fixture.ts';

const assets: TAnalyticsAsset[] = [
  { id: 'usd', type: 'currency', currency: 'USD', ticker: 'USD' },
  { id: 'acme', type: 'stock', currency: 'USD', name: 'ACME' },
  { id: 'group', type: 'grouping account', currency: 'USD', name: 'Investments' },
  { id: 'broker', type: 'investment account', currency: 'USD', name: 'Broker', parent_id: 'group' },
  { id: 'bank', type: 'bank account', currency: 'USD', name: 'Bank' },
];

describe('tree view', () => {
  it('nests positions under accounts under grouping accounts, with values at the end', () => {
    const result = computeAnalytics(
      input({
        assets,
        transactions: [
          tx('deposit', '2024-01-02', [['bank', 'usd', '500']]),
          tx('transfer in', '2024-01-03', [['broker', 'acme', '10']]),
        ],
        prices: [price('acme', '2024-01-02', 10), price('acme', '2024-01-31', 12)],
        request: { periods: 1, end: '2024-01-31' },
      }),
    );
    const nodes = result.tree_view!.map((n) => [n.depth, n.node_id, n.parent_id, n.value]);
    expect(nodes).toEqual([
      [0, 'repository', null, 620],
      [1, 'account:bank', 'repository', 500],
      [2, 'position:bank|usd', 'account:bank', 500],
      [1, 'account:group', 'repository', 120],
      [2, 'account:broker', 'account:group', 120],
      [3, 'position:broker|acme', 'account:broker', 120],
    ]);
    const broker = result.tree_view!.find((n) => n.node_id === 'account:broker')!;
    expect(broker).toMatchObject({ cost_basis: 100, unrealized_gain: 20, value_change: 120 });
  });
});
