// Every scope's figures while the ledger pass runs, by scope index: the per-period sums (flows in and
// out, realized gain, transfer differences, FX effect, income and expense by category), the values and
// cost at each grid boundary, the day's values, and the observations for TWR and IRR. Positions add to
// the scopes they belong to (`position.scopes`); at the end `finish` hands each scope state its series.
import type { TPositionState } from './ledger-pass-types.ts';
import { ObservationLog } from './observation-log.ts';
import { ScopeMatrix } from './scope-matrix.ts';
import { newScopeState, type TScopeState } from './scope-state.ts';
import type { ScopeIndex } from './scopes.ts';

export class ScopeSums {
  readonly scopes: TScopeState[] = [];
  // Per-period sums by period and scope (scope-matrix.ts); copied into the scope states at the end.
  readonly flowsIn: ScopeMatrix;
  readonly flowsOut: ScopeMatrix;
  readonly realized: ScopeMatrix;
  readonly transferGap: ScopeMatrix;
  readonly fxEffect: ScopeMatrix;
  readonly gridValue: ScopeMatrix;
  readonly gridCost: ScopeMatrix;
  private readonly matrices: ScopeMatrix[];
  /** Income and expense by (scope, category) pair: column = index in `categoryTargets`, the series it fills at the end. */
  private readonly categories: ScopeMatrix;
  private readonly categoryTargets: { map: Map<string, Float64Array>; category: string }[] = [];
  private readonly categoryColumns = new Map<Float64Array, number>();
  private readonly observations = new ObservationLog();
  // Scope values of the day being valued, and of the evening before the day's flows (flat arrays: the
  // valuation loop is the hot one).
  dayValues = new Float64Array(256);
  dayBefores = new Float64Array(256);
  dayCosts = new Float64Array(256);
  /** Scopes whose net the current transaction changed (`txNet`, stamped with `txStamp`). */
  readonly touched: TScopeState[] = [];
  private txStamp = 0;
  /** Scopes with a flow on the current day, inside the timeline. */
  private readonly flowScopes: TScopeState[] = [];

  private readonly scopeIndex: ScopeIndex;
  private readonly periodCount: number;

  constructor(scopeIndex: ScopeIndex, periodCount: number) {
    this.scopeIndex = scopeIndex;
    this.periodCount = periodCount;
    this.flowsIn = new ScopeMatrix(periodCount);
    this.flowsOut = new ScopeMatrix(periodCount);
    this.realized = new ScopeMatrix(periodCount);
    this.transferGap = new ScopeMatrix(periodCount);
    this.fxEffect = new ScopeMatrix(periodCount);
    this.gridValue = new ScopeMatrix(periodCount + 1);
    this.gridCost = new ScopeMatrix(periodCount + 1);
    this.matrices = [
      this.flowsIn,
      this.flowsOut,
      this.realized,
      this.transferGap,
      this.fxEffect,
      this.gridValue,
      this.gridCost,
    ];
    this.categories = new ScopeMatrix(periodCount);
    this.ensureScopes();
  }

  /** A state and a column for every scope the index has made so far (positions add scopes as they open). */
  ensureScopes(): void {
    const { scopes } = this;
    while (scopes.length < this.scopeIndex.scopes.length)
      scopes.push(newScopeState(this.scopeIndex.scopes[scopes.length]!, this.periodCount, false));
    for (const matrix of this.matrices) matrix.ensureColumns(scopes.length);
    if (scopes.length > this.dayValues.length) {
      const grow = (from: Float64Array) => {
        const to = new Float64Array(Math.max(scopes.length, from.length * 2));
        to.set(from);
        return to;
      };
      this.dayValues = grow(this.dayValues);
      this.dayBefores = grow(this.dayBefores);
      this.dayCosts = grow(this.dayCosts);
    }
  }

  /** A new transaction: the nets of the previous one no longer count. */
  beginTransaction(): void {
    this.txStamp++;
  }

  /** The transaction's value entering (+) or leaving (−) each scope of the position. */
  addNet(position: TPositionState, value: number): void {
    const { scopes, txStamp, touched } = this;
    for (const s of position.scopes) {
      const state = scopes[s]!;
      if (state.txStamp !== txStamp) {
        state.txStamp = txStamp;
        state.txNet = 0;
        touched.push(state);
      }
      state.txNet += value;
    }
  }

  /** A settled net flow of the current transaction into (+) or out of (−) a scope, in a period of the timeline. */
  addFlow(state: TScopeState, day: number, period: number, net: number): void {
    if (state.dayStamp !== day) {
      state.dayStamp = day;
      state.dayIn = 0;
      state.dayOut = 0;
      this.flowScopes.push(state);
    }
    if (net > 0) {
      this.flowsIn.data[this.flowsIn.at(period, state.scope.index)]! += net;
      state.dayIn += net;
    } else {
      this.flowsOut.data[this.flowsOut.at(period, state.scope.index)]! += net;
      state.dayOut += net;
    }
  }

  addToPeriod(
    position: TPositionState,
    field: 'realized' | 'transferGap',
    period: number,
    value: number,
  ): void {
    if (period < 0) return;
    const matrix = field === 'realized' ? this.realized : this.transferGap;
    const { data } = matrix;
    const base = matrix.at(period, 0);
    for (const s of position.scopes) data[base + s]! += value;
  }

  addCategory(
    position: TPositionState,
    kind: 'income' | 'expense',
    category: string,
    categoryNumber: number,
    period: number,
    value: number,
  ): void {
    if (period < 0) return;
    const { categories } = this;
    position.categoryTargets ??= { income: [], expense: [] };
    const byCategory = position.categoryTargets[kind];
    let targets = byCategory[categoryNumber];
    if (!targets) {
      targets = new Int32Array(position.scopes.length);
      for (const [k, s] of position.scopes.entries()) {
        const map = this.scopes[s]![kind];
        // A placeholder until the end of the pass, when the column's sums replace it.
        let series = map.get(category);
        if (!series) {
          series = new Float64Array(0);
          map.set(category, series);
          this.categoryColumns.set(series, this.categoryTargets.length);
          this.categoryTargets.push({ map, category });
          categories.ensureColumns(this.categoryTargets.length);
        }
        targets[k] = this.categoryColumns.get(series)!;
      }
      byCategory[categoryNumber] = targets;
    }
    const { data } = categories;
    const base = categories.at(period, 0);
    for (let k = 0; k < targets.length; k++) data[base + targets[k]!]! += value;
  }

  /** The day's values as the evening before the first flows of the next day. */
  keepBefores(): void {
    this.dayBefores.set(this.dayValues.subarray(0, this.scopes.length));
  }

  /**
   * After the day's values are in `dayValues` (and `dayCosts` on a boundary): on a boundary (gridIndex ≥ 0)
   * store them and observe every scope; on a flow day (−1) observe the scopes with a flow.
   */
  recordDay(day: number, gridIndex: number): void {
    const n = this.scopes.length;
    if (gridIndex >= 0) {
      this.gridValue.row(gridIndex).set(this.dayValues.subarray(0, n));
      this.gridCost.row(gridIndex).set(this.dayCosts.subarray(0, n));
      if (gridIndex > 0) for (let i = 0; i < n; i++) this.observe(this.scopes[i]!, day);
    } else {
      for (const state of this.flowScopes) this.observe(state, day);
    }
    this.flowScopes.length = 0;
  }

  private observe(state: TScopeState, day: number): void {
    const hasFlow = state.dayStamp === day;
    const index = state.scope.index;
    this.observations.append(
      index,
      day,
      this.dayValues[index]!,
      hasFlow ? state.dayIn : 0,
      hasFlow ? state.dayOut : 0,
      hasFlow ? this.dayBefores[index]! : Number.NaN,
    );
  }

  /** Each scope's series as views into one buffer per figure (thousands of scopes: no small arrays). */
  finish(): TScopeState[] {
    const { scopes } = this;
    const count = scopes.length;
    const fill = (matrix: ScopeMatrix, assign: (state: TScopeState, series: Float64Array) => void) => {
      const series = matrix.columnSeries(count);
      for (let s = 0; s < count; s++) assign(scopes[s]!, series[s]!);
    };
    fill(this.flowsIn, (state, series) => (state.flowsIn = series));
    fill(this.flowsOut, (state, series) => (state.flowsOut = series));
    fill(this.realized, (state, series) => (state.realized = series));
    fill(this.transferGap, (state, series) => (state.transferGap = series));
    fill(this.fxEffect, (state, series) => (state.fxEffect = series));
    fill(this.gridValue, (state, series) => (state.gridValue = series));
    fill(this.gridCost, (state, series) => (state.gridCost = series));
    const categorySeries = this.categories.columnSeries(this.categoryTargets.length);
    for (const [column, { map, category }] of this.categoryTargets.entries())
      map.set(category, categorySeries[column]!);
    this.observations.distribute(scopes);
    return scopes;
  }
}
