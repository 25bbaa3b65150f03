// Value and value change per scope and period (DOMAIN.md "Value", "Value change"):
//   value_end − value_start = net_flows + income − expenses + market_change
//   market_change = realized + unrealized (exactly, in exact arithmetic; to float rounding here)
// market_change is the remainder of the identity; realized (sales by the cost method) and unrealized
// (the change in value − cost basis, plus cost carried by in-kind transfers) are computed
// independently from the cost book, so their sum matching market_change is a real check
// (value.test.ts, analytics.properties.test.ts). fx_effect is the part of market change due to rates:
// the end holdings' local value × (end rate − start rate).
import type { TScopeRef, TValueRow } from './analytics-types.ts';
import type { TPeriodGrid } from './period-grid.ts';
import type { TScopeState } from './scope-state.ts';

const orNull = (x: number) => (Number.isFinite(x) ? x : null);

/** Unrealized change of a period: Δ(value − cost) plus cost carried by in-kind transfers. */
export function unrealizedChange(state: TScopeState, period: number): number {
  const before = state.gridValue[period]! - state.gridCost[period]!;
  const after = state.gridValue[period + 1]! - state.gridCost[period + 1]!;
  return after - before + state.transferGap[period]!;
}

/**
 * One row per period, appended to `out` (the engine passes one array for every scope: 100k-transaction
 * repositories have hundreds of thousands of rows, so no per-scope arrays and no per-period closures).
 */
export function valueRows(
  state: TScopeState,
  grid: TPeriodGrid,
  ref: TScopeRef,
  out: TValueRow[] = [],
): TValueRow[] {
  const { periods } = grid;
  const incomes = periodTotals(state.income, periods.length);
  const expenses = periodTotals(state.expense, periods.length);
  const { gridValue, flowsIn, flowsOut } = state;
  for (let i = 0; i < periods.length; i++) {
    const period = periods[i]!;
    const start = gridValue[i]!;
    const end = gridValue[i + 1]!;
    const netFlows = flowsIn[i]! + flowsOut[i]!;
    const income = incomes[i]!;
    const expense = expenses[i]!;
    const marketChange = end - start - netFlows - income + expense;
    out.push({
      scope_kind: ref.scope_kind,
      scope_id: ref.scope_id,
      scope_name: ref.scope_name,
      period: period.index,
      start: period.start,
      end: period.end,
      value_start: orNull(start),
      value_end: orNull(end),
      net_flows: orNull(netFlows),
      contributions: orNull(flowsIn[i]!),
      withdrawals: orNull(-flowsOut[i]!),
      income: orNull(income),
      expenses: orNull(expense),
      market_change: orNull(marketChange),
      realized: orNull(state.realized[i]!),
      unrealized: orNull(unrealizedChange(state, i)),
      fx_effect: orNull(state.fxEffect[i]!),
    });
  }
  return out;
}

/** Σ over categories, per period. */
function periodTotals(map: Map<string, Float64Array>, periodCount: number): Float64Array {
  const totals = new Float64Array(periodCount);
  for (const series of map.values()) for (let i = 0; i < periodCount; i++) totals[i]! += series[i]!;
  return totals;
}
