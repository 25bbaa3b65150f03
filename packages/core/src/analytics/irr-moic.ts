// IRR and MOIC of a scope (DOMAIN.md): XIRR of the scope's flows seen from the investor, with the
// opening value as money put in at the start and the closing value as money taken out at the end.
// Flows of a day are netted per transaction in the ledger pass; here a contribution (+ into the scope)
// is a negative investor cash flow. MOIC (TVPI) = (distributions + closing value) / contributions,
// DPI = distributions / contributions, RVPI = closing value / contributions, where contributions
// include the opening value. The solver is analytics/irr/xirr.ts.
import type { TIrr, TIrrMoicRow, TScopeRef } from './analytics-types.ts';
import { xirrOfDays } from './irr/xirr.ts';
import type { TPeriodGrid } from './period-grid.ts';
import type { TScopeState } from './scope-state.ts';

export interface TDatedFlow {
  day: number;
  /** Investor sign for xirrOf: negative = paid in, positive = taken out. */
  amount: number;
}

/** XIRR of investor-signed flows; a missing value makes it undefined rather than wrong. */
export function xirrOf(flows: readonly TDatedFlow[]): TIrr {
  const days: number[] = [];
  const amounts: number[] = [];
  let firstDay = Number.NaN;
  let lastDay = Number.NaN;
  for (const [i, flow] of flows.entries()) {
    if (!Number.isFinite(flow.amount)) return irrNotDefined('MISSING_VALUE');
    // The first flow (the opening value) is kept even at 0: it marks where the row starts, so a lone
    // closing value is 'NO_SIGN_CHANGE' (nothing was put in), not 'ZERO_PERIOD'.
    if (flow.amount !== 0 || i === 0) {
      days.push(flow.day);
      amounts.push(flow.amount);
    }
    if (flow.amount !== 0) {
      if (Number.isNaN(firstDay) || flow.day < firstDay) firstDay = flow.day;
      if (Number.isNaN(lastDay) || flow.day > lastDay) lastDay = flow.day;
    }
  }
  const result = xirrOfDays(days, amounts);
  if (result.kind !== 'ok') return irrNotDefined(result.reason);
  const span = lastDay - firstDay;
  const isAnnualized = span >= DAYS_PER_YEAR;
  return {
    irr: isAnnualized ? result.rate : Math.expm1((Math.log1p(result.rate) * span) / DAYS_PER_YEAR),
    is_irr_annualized: isAnnualized,
    irr_annualized: result.rate,
    irr_roots: result.roots ? [...result.roots] : null,
    irr_reason: null,
  };
}

/** XIRR's year (docs/analytics-irr.md), so a period return and its annual rate convert exactly. */
const DAYS_PER_YEAR = 365;

export const irrNotDefined = (reason: string): TIrr => ({
  irr: null,
  is_irr_annualized: null,
  irr_annualized: null,
  irr_roots: null,
  irr_reason: reason,
});

const finiteOrNull = (x: number) => (Number.isFinite(x) ? x : null);
const NOT_REQUESTED: TIrr = irrNotDefined('NOT_REQUESTED');

/** One row per period, then one for the whole timeline (period −1). */
export function irrMoicRows(
  state: TScopeState,
  grid: TPeriodGrid,
  ref: TScopeRef,
  isIrrSolved = true,
  isIrrPerPeriod = true,
  /** Rows are appended here (the engine passes one array for every scope). */
  out: TIrrMoicRow[] = [],
): TIrrMoicRow[] {
  const { boundaries, periods } = grid;
  const rows = out;
  let o = 0;
  const windowFlows: TDatedFlow[] = [{ day: boundaries[0]!, amount: -state.gridValue[0]! }];
  let windowIn = 0;
  let windowOut = 0;
  // Flows are only gathered for the IRRs asked for: most scopes get MOIC alone.
  const isPeriodSolved = isIrrSolved && isIrrPerPeriod;
  for (let i = 0; i < periods.length; i++) {
    const startValue = state.gridValue[i]!;
    const endValue = state.gridValue[i + 1]!;
    const flows: TDatedFlow[] | null = isPeriodSolved ? [{ day: boundaries[i]!, amount: -startValue }] : null;
    let inflow = 0;
    let outflow = 0;
    while (o < state.obsDays.length && state.obsDays[o]! <= boundaries[i + 1]!) {
      const net = state.obsIn[o]! + state.obsOut[o]!;
      if (net !== 0) {
        flows?.push({ day: state.obsDays[o]!, amount: -net });
        if (isIrrSolved) windowFlows.push({ day: state.obsDays[o]!, amount: -net });
      }
      inflow += state.obsIn[o]!;
      outflow -= state.obsOut[o]!;
      o++;
    }
    flows?.push({ day: boundaries[i + 1]!, amount: endValue });
    windowIn += inflow;
    windowOut += outflow;
    rows.push(
      row(
        ref,
        periods[i]!.index,
        periods[i]!.start,
        periods[i]!.end,
        startValue,
        endValue,
        inflow,
        outflow,
        flows,
      ),
    );
  }
  const last = periods.length;
  windowFlows.push({ day: boundaries[last]!, amount: state.gridValue[last]! });
  rows.push(
    row(
      ref,
      -1,
      periods[0]!.start,
      periods[last - 1]!.end,
      state.gridValue[0]!,
      state.gridValue[last]!,
      windowIn,
      windowOut,
      isIrrSolved ? windowFlows : null,
    ),
  );
  return rows;
}

function row(
  ref: TScopeRef,
  period: number,
  start: string,
  end: string,
  startValue: number,
  endValue: number,
  inflow: number,
  outflow: number,
  /** null: IRR not asked for this scope. */
  flows: TDatedFlow[] | null,
): TIrrMoicRow {
  const contributions = startValue + inflow;
  const isKnown = Number.isFinite(contributions) && Number.isFinite(endValue);
  const ratio = (x: number) => (isKnown && contributions > 0 ? x / contributions : null);
  const irr = flows === null ? NOT_REQUESTED : xirrOf(flows);
  return {
    scope_kind: ref.scope_kind,
    scope_id: ref.scope_id,
    scope_name: ref.scope_name,
    period,
    start,
    end,
    value_start: finiteOrNull(startValue),
    value_end: finiteOrNull(endValue),
    contributions: finiteOrNull(contributions),
    distributions: finiteOrNull(outflow),
    moic: ratio(outflow + endValue),
    dpi: ratio(outflow),
    rvpi: ratio(endValue),
    // Written out, not spread: a quarter of a million rows at 100k transactions share one shape.
    irr: irr.irr,
    is_irr_annualized: irr.is_irr_annualized,
    irr_annualized: irr.irr_annualized,
    irr_roots: irr.irr_roots,
    irr_reason: irr.irr_reason,
  };
}
