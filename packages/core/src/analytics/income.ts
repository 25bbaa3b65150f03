// Income per scope, period and category (DOMAIN.md "Income"): income and expense entries by their
// account's Category tag (the fixed reporting categories, or the account's own category), plus the
// computed gains: realized gain or loss on sales by the cost method is added to 'realized gain or loss'
// and the period's unrealized change to 'unrealized gain and income'. Income is positive, expenses
// negative. Rows are sparse: a (scope, period, category) with nothing booked has no row (read it as 0).
import type { TIncomeRow, TScopeRef } from './analytics-types.ts';
import type { TPeriodGrid } from './period-grid.ts';
import type { TScopeState } from './scope-state.ts';
import { unrealizedChange } from './value.ts';

export const REALIZED_CATEGORY = 'realized gain or loss';
export const UNREALIZED_CATEGORY = 'unrealized gain and income';

/** The scope's rows, appended to `out`. */
export function incomeRows(
  state: TScopeState,
  grid: TPeriodGrid,
  ref: TScopeRef,
  out: TIncomeRow[] = [],
): TIncomeRow[] {
  const periodCount = grid.periods.length;
  // The computed gains join the booked income: added to a booked category of the same name, else a
  // series of their own when not all zero.
  const incomes = new Map<string, Float64Array>(state.income);
  const add = (category: string, computed: Float64Array) => {
    const booked = incomes.get(category);
    if (booked) {
      const sum = Float64Array.from(booked);
      for (let i = 0; i < periodCount; i++) sum[i]! += computed[i]!;
      incomes.set(category, sum);
    } else if (computed.some((x) => x !== 0)) incomes.set(category, computed);
  };
  add(REALIZED_CATEGORY, state.realized);
  const unrealized = new Float64Array(periodCount);
  for (let i = 0; i < periodCount; i++) unrealized[i] = unrealizedChange(state, i);
  add(UNREALIZED_CATEGORY, unrealized);

  const rows = out;
  const emit = (category: string, kind: 'income' | 'expense', series: Float64Array, sign: number) => {
    for (let i = 0; i < periodCount; i++) {
      const period = grid.periods[i]!;
      const amount = sign * series[i]!;
      if (amount === 0) continue;
      rows.push({
        scope_kind: ref.scope_kind,
        scope_id: ref.scope_id,
        scope_name: ref.scope_name,
        period: period.index,
        start: period.start,
        end: period.end,
        category,
        kind,
        amount: Number.isFinite(amount) ? amount : null,
      });
    }
  };
  const byName = ([a]: [string, Float64Array], [b]: [string, Float64Array]) => (a < b ? -1 : 1);
  for (const [category, series] of [...incomes].sort(byName)) emit(category, 'income', series, 1);
  for (const [category, series] of [...state.expense].sort(byName)) emit(category, 'expense', series, -1);
  return rows;
}
