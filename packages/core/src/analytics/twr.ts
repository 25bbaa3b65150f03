// True time-weighted return (DOMAIN.md "Performance"): daily sub-periods cut at every flow, chain-linked.
// The scope is valued at the close of each flow day d and of the day before it (d−1), so
//   • between observations, without flows:      1 + r = V(d−1) / V(previous observation)
//   • on the flow day, flows at the end of day:  1 + r = (V(d) − net flow(d)) / V(d−1)
// Trades at the day's close therefore earn exactly the price change, whatever their size. When nothing
// was invested the evening before (V(d−1) ≤ 0: a position being opened), the day's inflows count at
// its start instead, 1 + r = (V(d) + outflows) / (V(d−1) + inflows), so the cost of buying above the
// close (and fees attributed to the position) shows on the opening day. A sub-period with nothing
// invested at either point has no return and is skipped. A missing value makes the period's TWR null.
import type { TPerformanceRow, TScopeRef } from './analytics-types.ts';
import type { TPeriodGrid } from './period-grid.ts';
import type { TScopeState } from './scope-state.ts';

/** Growth factor (1 + r) of each period; NaN where a value was missing. */
export function twrFactors(state: TScopeState, grid: TPeriodGrid): Float64Array {
  const { boundaries } = grid;
  const periodCount = grid.periods.length;
  const factors = new Float64Array(periodCount).fill(1);
  let previous = state.gridValue[0]!;
  let o = 0;
  for (let i = 0; i < periodCount; i++) {
    let factor = 1;
    while (o < state.obsDays.length && state.obsDays[o]! <= boundaries[i + 1]!) {
      const value = state.obsValues[o]!;
      const inflow = state.obsIn[o]!;
      const outflow = state.obsOut[o]!;
      if (inflow === 0 && outflow === 0) {
        factor *= growth(value, previous);
      } else {
        const before = state.obsBefore[o]!;
        factor *= growth(before, previous);
        if (Number.isNaN(before) || Number.isNaN(value)) factor = Number.NaN;
        else if (before > 0) factor *= (value - inflow - outflow) / before;
        else if (before + inflow > 0) factor *= (value - outflow) / (before + inflow);
      }
      previous = value;
      o++;
    }
    factors[i] = factor;
  }
  return factors;
}

/** V(to) / V(from) with nothing flowing in between; 1 when nothing was invested; NaN when unknown. */
function growth(to: number, from: number): number {
  if (Number.isNaN(to) || Number.isNaN(from)) return Number.NaN;
  return from > 0 ? to / from : 1;
}

/** One row per period, appended to `out`. */
export function performanceRows(
  state: TScopeState,
  grid: TPeriodGrid,
  ref: TScopeRef,
  out: TPerformanceRow[] = [],
): TPerformanceRow[] {
  const factors = twrFactors(state, grid);
  const rows = out;
  let cumulative = 1;
  for (let i = 0; i < factors.length; i++) {
    cumulative *= factors[i]!;
    const period = grid.periods[i]!;
    rows.push({
      scope_kind: ref.scope_kind,
      scope_id: ref.scope_id,
      scope_name: ref.scope_name,
      period: period.index,
      start: period.start,
      end: period.end,
      twr: Number.isFinite(factors[i]!) ? factors[i]! - 1 : null,
      cumulative_twr: Number.isFinite(cumulative) ? cumulative - 1 : null,
    });
  }
  return rows;
}
