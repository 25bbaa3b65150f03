// The ledger pass's observations (value, inflow, outflow and value the evening before, for a scope on
// a day) appended in date order to one columnar log, then split by scope at the end: appending to
// six typed arrays is sequential and allocation-free, where thousands of per-scope arrays growing one
// element at a time were not. A stable counting sort keeps each scope's observations in date order.
import type { TScopeState } from './scope-state.ts';

export class ObservationLog {
  size = 0;
  private scope = new Int32Array(1024);
  private day = new Int32Array(1024);
  private value = new Float64Array(1024);
  private inflow = new Float64Array(1024);
  private outflow = new Float64Array(1024);
  private before = new Float64Array(1024);

  append(scope: number, day: number, value: number, inflow: number, outflow: number, before: number): void {
    const i = this.size;
    if (i === this.scope.length) this.grow();
    this.scope[i] = scope;
    this.day[i] = day;
    this.value[i] = value;
    this.inflow[i] = inflow;
    this.outflow[i] = outflow;
    this.before[i] = before;
    this.size = i + 1;
  }

  private grow(): void {
    const capacity = this.scope.length * 2;
    const grow = <T extends Int32Array | Float64Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.scope = grow(this.scope, new Int32Array(capacity));
    this.day = grow(this.day, new Int32Array(capacity));
    this.value = grow(this.value, new Float64Array(capacity));
    this.inflow = grow(this.inflow, new Float64Array(capacity));
    this.outflow = grow(this.outflow, new Float64Array(capacity));
    this.before = grow(this.before, new Float64Array(capacity));
  }

  /** Give every state (indexed by scope index) its observations, as views into shared arrays. */
  distribute(states: readonly TScopeState[]): void {
    const n = this.size;
    const starts = new Int32Array(states.length + 1);
    for (let i = 0; i < n; i++) starts[this.scope[i]! + 1]!++;
    for (let s = 0; s < states.length; s++) starts[s + 1]! += starts[s]!;
    const next = starts.slice(0, states.length);
    const day = new Int32Array(n);
    const value = new Float64Array(n);
    const inflow = new Float64Array(n);
    const outflow = new Float64Array(n);
    const before = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const to = next[this.scope[i]!]!++;
      day[to] = this.day[i]!;
      value[to] = this.value[i]!;
      inflow[to] = this.inflow[i]!;
      outflow[to] = this.outflow[i]!;
      before[to] = this.before[i]!;
    }
    for (let s = 0; s < states.length; s++) {
      const from = starts[s]!;
      const to = starts[s + 1]!;
      const state = states[s]!;
      state.obsDays = day.subarray(from, to);
      state.obsValues = value.subarray(from, to);
      state.obsIn = inflow.subarray(from, to);
      state.obsOut = outflow.subarray(from, to);
      state.obsBefore = before.subarray(from, to);
    }
  }
}
