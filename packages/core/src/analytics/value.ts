// Value and value change per scope and period (DOMAIN.md "Value", "Value change"):
//   value_end − value_start = net_flows + income − expenses + market_change
//   market_change = realized + unrealized (exactly, in exact arithmetic; to float rounding here)
// market_change is the remainder of the identity; realized (sales by the cost method) and unrealized
// (the change in value − cost basis, plus cost carried by in-kind transfers) are computed
// independently from the cost book, so their sum matching market_change is a real check
// (value.test.ts, analytics.properties.test.ts). fx_effect is the part of market change due to rates:
// the end holdings' local value × (end rate − start rate).
import type { TScopeRef, TValueRow } from './analytics-types.ts';
import type { TScopeState } from './ledger-pass.ts';
import type { TPeriodGrid } from './period-grid.ts';

const orNull = (x: number) => (Number.isFinite(x) ? x : null);

export function sumCategories(map: Map<string, Float64Array>, period: number): number {
  let total = 0;
  for (const series of map.values()) total += series[period]!;
  return total;
}

/** Unrealized change of a period: Δ(value − cost) plus cost carried by in-kind transfers. */
export function unrealizedChange(state: TScopeState, period: number): number {
  const before = state.gridValue[period]! - state.gridCost[period]!;
  const after = state.gridValue[period + 1]! - state.gridCost[period + 1]!;
  return after - before + state.transferGap[period]!;
}

export function valueRows(state: TScopeState, grid: TPeriodGrid, ref: TScopeRef): TValueRow[] {
  return grid.periods.map((period, i) => {
    const start = state.gridValue[i]!;
    const end = state.gridValue[i + 1]!;
    const netFlows = state.flowsIn[i]! + state.flowsOut[i]!;
    const income = sumCategories(state.income, i);
    const expenses = sumCategories(state.expense, i);
    const marketChange = end - start - netFlows - income + expenses;
    return {
      scope_kind: ref.scope_kind,
      scope_id: ref.scope_id,
      scope_name: ref.scope_name,
      period: period.index,
      start: period.start,
      end: period.end,
      value_start: orNull(start),
      value_end: orNull(end),
      net_flows: orNull(netFlows),
      contributions: orNull(state.flowsIn[i]!),
      withdrawals: orNull(-state.flowsOut[i]!),
      income: orNull(income),
      expenses: orNull(expenses),
      market_change: orNull(marketChange),
      realized: orNull(state.realized[i]!),
      unrealized: orNull(unrealizedChange(state, i)),
      fx_effect: orNull(state.fxEffect[i]!),
    };
  });
}
