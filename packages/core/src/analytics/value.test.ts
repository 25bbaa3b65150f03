import { describe, expect, it } from 'vitest';
import { buildPeriodGrid } from './period-grid.ts';
import { newScopeState } from './scope-state.ts';
import { unrealizedChange, valueRows } from './value.ts';

const ref = { scope_kind: 'repository' as const, scope_id: 'repository', scope_name: 'R' };
const grid = buildPeriodGrid({ periods: 1, freq: 'month', end: '2024-06-30', includeEnd: true });

describe('value and value change', () => {
  it('decomposes: 10,000 → 10,323 = 0 flows + 0 income − 2 expenses + 325 market (120 realized + 205 unrealized)', () => {
    const s = newScopeState({ index: 0, kind: 'repository', id: 'repository', name: 'R' }, 1);
    s.gridValue.set([10000, 10323]);
    s.gridCost.set([9950, 10068]); // unrealized 50 → 255
    s.realized[0] = 120;
    s.expense.set('Fees', Float64Array.of(2));
    const [row] = valueRows(s, grid, ref);
    expect(row).toMatchObject({
      value_start: 10000,
      value_end: 10323,
      net_flows: 0,
      expenses: 2,
      market_change: 325,
    });
    expect(row!.realized! + row!.unrealized!).toBe(row!.market_change);
  });

  it('cost carried by an in-kind transfer is part of unrealized change', () => {
    const s = newScopeState({ index: 0, kind: 'account', id: 'a', name: 'A' }, 1);
    s.gridValue.set([1000, 0]);
    s.gridCost.set([600, 0]);
    s.transferGap[0] = 400; // the units left at market 1,000 carrying cost 600
    expect(unrealizedChange(s, 0)).toBe(0);
  });

  it('a missing value is null, never 0', () => {
    const s = newScopeState({ index: 0, kind: 'repository', id: 'repository', name: 'R' }, 1);
    s.gridValue.set([100, Number.NaN]);
    const [row] = valueRows(s, grid, ref);
    expect(row).toMatchObject({ value_start: 100, value_end: null, market_change: null });
  });
});
