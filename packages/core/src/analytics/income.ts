// Income per scope, period and category (DOMAIN.md "Income"): income and expense entries by their
// account's Category tag (the fixed reporting categories, or the account's own category), plus the
// computed gains: realized gain or loss on sales by the cost method is added to 'realized gain or loss'
// and the period's unrealized change to 'unrealized gain and income'. Income is positive, expenses
// negative. Rows are sparse: a (scope, period, category) with nothing booked has no row (read it as 0).
import type { TIncomeRow, TScopeRef } from './analytics-types.ts';
import type { TScopeState } from './ledger-pass.ts';
import type { TPeriodGrid } from './period-grid.ts';
import { unrealizedChange } from './value.ts';

export const REALIZED_CATEGORY = 'realized gain or loss';
export const UNREALIZED_CATEGORY = 'unrealized gain and income';

export function incomeRows(state: TScopeState, grid: TPeriodGrid, ref: TScopeRef): TIncomeRow[] {
  const periodCount = grid.periods.length;
  const incomes = new Map<string, Float64Array>();
  for (const [category, series] of state.income) incomes.set(category, Float64Array.from(series));
  const add = (category: string, pick: (i: number) => number) => {
    let series = incomes.get(category);
    const computed = Float64Array.from({ length: periodCount }, (_, i) => pick(i));
    if (!series && computed.every((x) => x === 0)) return;
    if (!series) {
      series = new Float64Array(periodCount);
      incomes.set(category, series);
    }
    for (let i = 0; i < periodCount; i++) series[i]! += computed[i]!;
  };
  add(REALIZED_CATEGORY, (i) => state.realized[i]!);
  add(UNREALIZED_CATEGORY, (i) => unrealizedChange(state, i));

  const rows: TIncomeRow[] = [];
  const emit = (category: string, kind: 'income' | 'expense', series: Float64Array, sign: number) => {
    for (let i = 0; i < periodCount; i++) {
      const period = grid.periods[i]!;
      const amount = sign * series[i]!;
      if (amount === 0) continue;
      rows.push({
        ...ref,
        period: period.index,
        start: period.start,
        end: period.end,
        category,
        kind,
        amount: Number.isFinite(amount) ? amount : null,
      });
    }
  };
  for (const [category, series] of [...incomes].sort(([a], [b]) => (a < b ? -1 : 1)))
    emit(category, 'income', series, 1);
  for (const [category, series] of [...state.expense].sort(([a], [b]) => (a < b ? -1 : 1)))
    emit(category, 'expense', series, -1);
  return rows;
}
