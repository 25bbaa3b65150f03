// What the ledger pass leaves for each scope: per-period sums, values at the grid boundaries and the
// observations TWR and IRR read. The strategies (value.ts, income.ts, irr-moic.ts, twr.ts, tree.ts)
// read these and nothing else of the pass, so this file imports no part of the pass.
import type { TScope } from './scopes.ts';

export interface TScopeState {
  scope: TScope;
  /** Value and cost basis at each boundary (periods + 1); NaN when a holding has no price or rate. */
  gridValue: Float64Array;
  gridCost: Float64Array;
  flowsIn: Float64Array;
  flowsOut: Float64Array;
  realized: Float64Array;
  /** Cost carried by in-kind transfers minus the value they moved: part of unrealized change. */
  transferGap: Float64Array;
  fxEffect: Float64Array;
  income: Map<string, Float64Array>;
  expense: Map<string, Float64Array>;
  /** Days inside the timeline with a flow, plus every boundary after the first (observation-log.ts). */
  obsDays: Int32Array;
  obsValues: Float64Array;
  obsIn: Float64Array;
  obsOut: Float64Array;
  /** Value at the close of the day before each observation, with that day's holdings (NaN if no flow). */
  obsBefore: Float64Array;
  txNet: number;
  txStamp: number;
  dayIn: number;
  dayOut: number;
  dayStamp: number;
}

/** Series filled in at the end of the pass (views into its matrices). */
const UNFILLED = new Float64Array(0);

/** A scope's state with zeroed series (tests build states by hand); the pass passes false and fills them at its end. */
export function newScopeState(scope: TScope, periodCount: number, isAllocated = true): TScopeState {
  const series = (length: number) => (isAllocated ? new Float64Array(length) : UNFILLED);
  return {
    scope,
    gridValue: series(periodCount + 1),
    gridCost: series(periodCount + 1),
    flowsIn: series(periodCount),
    flowsOut: series(periodCount),
    realized: series(periodCount),
    transferGap: series(periodCount),
    fxEffect: series(periodCount),
    income: new Map(),
    expense: new Map(),
    obsDays: new Int32Array(0),
    obsValues: new Float64Array(0),
    obsIn: new Float64Array(0),
    obsOut: new Float64Array(0),
    obsBefore: new Float64Array(0),
    txNet: 0,
    txStamp: 0,
    dayIn: 0,
    dayOut: 0,
    dayStamp: Number.NaN,
  };
}

/** Observations for a hand-built state (tests): day, value, inflow, outflow, value the evening before. */
export function setObservations(
  state: TScopeState,
  rows: readonly (readonly [day: number, value: number, inflow: number, outflow: number, before: number])[],
): void {
  state.obsDays = Int32Array.from(rows, (row) => row[0]);
  state.obsValues = Float64Array.from(rows, (row) => row[1]);
  state.obsIn = Float64Array.from(rows, (row) => row[2]);
  state.obsOut = Float64Array.from(rows, (row) => row[3]);
  state.obsBefore = Float64Array.from(rows, (row) => row[4]);
}
