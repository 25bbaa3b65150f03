import { describe, expect, it } from 'vitest';
import { incomeRows, REALIZED_CATEGORY, UNREALIZED_CATEGORY } from './income.ts';
import { buildPeriodGrid } from './period-grid.ts';
import { newScopeState } from './scope-state.ts';

const ref = { scope_kind: 'repository' as const, scope_id: 'repository', scope_name: 'R' };
const grid = buildPeriodGrid({ periods: 2, freq: 'month', end: '2024-02-29', includeEnd: true });

describe('income view', () => {
  it('books categories, adds computed realized and unrealized gains, and leaves zero rows out', () => {
    const s = newScopeState({ index: 0, kind: 'repository', id: 'repository', name: 'R' }, 2);
    s.income.set('cash dividend', Float64Array.of(12.5, 0));
    s.income.set(REALIZED_CATEGORY, Float64Array.of(0, 1000)); // a fund-reported gain
    s.expense.set('Fees', Float64Array.of(5, 0));
    s.realized.set([0, 120]);
    s.gridValue.set([0, 100, 150]);
    s.gridCost.set([0, 100, 100]);
    const rows = incomeRows(s, grid, ref).map((r) => [r.period, r.category, r.amount]);
    expect(rows).toEqual([
      [0, 'cash dividend', 12.5],
      [1, REALIZED_CATEGORY, 1120],
      [1, UNREALIZED_CATEGORY, 50],
      [0, 'Fees', -5],
    ]);
  });
});
