import { describe, expect, it } from 'vitest';
import { sampleResult, valueRow } from '../dashboards/testing.ts';
import {
  childNodes,
  incomeByCategory,
  incomeRowsOf,
  resolvePath,
  scopeOfNode,
  summarizeIncome,
  summarizeValue,
  valueRowsOf,
} from './analytics-drill.ts';

describe('analytics drill-down', () => {
  it('walks repository → grouping account → account → position along the tree', () => {
    const result = sampleResult();
    expect(childNodes(result, 'repository').map((node) => node.name)).toEqual(['Bank', 'Investments']);
    const trail = resolvePath(result, ['acc-group', 'acc-broker', 'acc-broker|ast-acme']);
    expect(trail.map((node) => node.name)).toEqual(['Repository', 'Investments', 'Brokerage', 'ACME']);
    expect(scopeOfNode(trail[3] as never)).toEqual({
      scope_kind: 'position',
      scope_id: 'acc-broker|ast-acme',
    });
    // A stale path stops where it no longer matches the tree.
    expect(resolvePath(result, ['acc-broker']).map((node) => node.name)).toEqual(['Repository']);
  });

  it("sums a scope's flows over the timeline and keeps the values at its ends", () => {
    const result = sampleResult();
    const summary = summarizeValue(valueRowsOf(result, { scope_kind: 'repository', scope_id: 'repository' }));
    expect(summary).toMatchObject({
      value_start: 0,
      net_flows: 10_000,
      income: 45,
      expenses: 35,
      market_change: 100,
      value_end: 10_110,
      change: 10_110,
      change_ratio: null,
    });
  });

  it('keeps a missing value missing', () => {
    const rows = [
      valueRow(['account', 'a', 'A'], 0, { value_start: 100, value_end: null, market_change: null }),
      valueRow(['account', 'a', 'A'], 1, { value_start: null, value_end: 120, market_change: 5 }),
    ];
    const summary = summarizeValue(rows);
    expect(summary.market_change).toBeNull();
    expect(summary.change).toBe(20);
    expect(summary.change_ratio).toBeCloseTo(0.2, 10);
  });

  it('splits income and expenses by category', () => {
    const rows = incomeRowsOf(sampleResult(), { scope_kind: 'repository', scope_id: 'repository' });
    expect(summarizeIncome(rows)).toEqual({ income: 145, expenses: 35, net: 110 });
    expect(incomeByCategory(rows)).toEqual([
      { category: 'unrealized gain and income', kind: 'income', amount: 100 },
      { category: 'cash dividend', kind: 'income', amount: 45 },
      { category: 'fees', kind: 'expense', amount: -30 },
      { category: 'interest expense', kind: 'expense', amount: -5 },
    ]);
  });
});
