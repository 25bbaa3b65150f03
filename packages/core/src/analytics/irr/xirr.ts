import { toEpochDay } from '../../dates/epoch-day.ts';
import { brent } from './brent.ts';
import type { CashFlow } from './cash-flow.ts';
import { scaledMagnitude, scaledNpv, scaledNpvWithSlope, type YearFlows } from './exponential-sum.ts';
import { isolateRoots, probe, type RootBracket } from './root-census.ts';

// XIRR with the Excel/LibreOffice convention: the rate r > −1 solving Σ aᵢ/(1+r)^((dᵢ−d₀)/365) = 0.
// The solver works in x = ln(1+r) (see exponential-sum.ts), where rates near −100% are ordinary numbers.
// Why the sign-change count matters: by Descartes' rule of signs for exponential sums (Laguerre), the
// number of real roots in x is at most the number of sign changes V of the amounts in date order, and
// has the same parity. V = 1 therefore means exactly one rate; V ≥ 2 may mean none, one or several, so
// we look for all of them and answer the one nearest the usual 10% guess (the rate Excel and
// LibreOffice reach from their default guess), listing every rate. docs/analytics-irr.md lists every case.

export type XirrUndefinedReason = 'NO_FLOWS' | 'NO_SIGN_CHANGE' | 'NO_SOLUTION' | 'ZERO_PERIOD';

export type XirrResult =
  | {
      readonly kind: 'ok';
      readonly rate: number;
      readonly iterations: number;
      /** Only when several rates fit: all of them, ascending (`rate` is one of them). */
      readonly roots?: readonly number[];
    }
  | { readonly kind: 'undefined'; readonly reason: XirrUndefinedReason };

export type XirrOptions = {
  /** Starting rate for Newton's method (> −1). Only used when the rate is known to be unique. */
  readonly guess?: number;
  /** Always decide V ≥ 2 by the grid scan, without Laguerre's shortcut (tests compare the two). */
  readonly isScanForced?: boolean;
};

const DAYS_PER_YEAR = 365;
const NEWTON_MAX_ITERATIONS = 50;
const BRENT_MAX_ITERATIONS = 300;
// e^709 − 1 ≈ 8e307: the largest rate we can return as a finite double, with some headroom.
const X_MAX = 709;
// The scan for V ≥ 2 uses points evenly spaced in asinh(x / GRID_SCALE) from the lowest to the highest
// possible root: at most about 6e-5 apart in x near r = 0 and 0.63% of |x| far from it.
const GRID_INTERVALS = 4096;
const GRID_SCALE = 0.01;
/** Excel's and LibreOffice's default guess: of several rates, the one nearest it is the answer. */
const USUAL_GUESS = 0.1;

/** Accuracy wanted in x near x: 1e-13 relative, which is also ≤ 1e-13 relative in r, or 1e-17 absolute. */
const tolerance = (x: number): number => 1e-13 * Math.min(1, Math.abs(x)) + 1e-17;

function checkGuess(options: XirrOptions): void {
  if (options.guess !== undefined && !(options.guess > -1 && Number.isFinite(options.guess))) {
    throw new RangeError(`xirr: the guess must be a finite rate above -1, got ${options.guess}`);
  }
}

const undefinedBecause = (reason: XirrUndefinedReason): XirrResult => ({ kind: 'undefined', reason });

/** The internal rate of return of dated cash flows, or why it is not defined. Throws RangeError on bad input. */
export function xirr(flows: readonly CashFlow[], options: XirrOptions = {}): XirrResult {
  checkGuess(options);
  if (flows.length === 0) return undefinedBecause('NO_FLOWS');
  return solveMerged(mergeByDay(flows), options);
}

/**
 * `xirr` of flows given as epoch days (days since 1970-01-01) and amounts, for callers that hold days
 * already (the analytics engine): no date strings made or parsed.
 */
export function xirrOfDays(
  days: ArrayLike<number>,
  amounts: ArrayLike<number>,
  options: XirrOptions = {},
): XirrResult {
  checkGuess(options);
  if (days.length !== amounts.length) throw new RangeError('xirr: as many days as amounts are needed');
  if (days.length === 0) return undefinedBecause('NO_FLOWS');
  const byDay = new Map<number, DaySum>();
  for (let i = 0; i < days.length; i++) {
    const amount = amounts[i]!;
    if (!Number.isFinite(amount)) throw new RangeError(`xirr: amount ${amount} is not finite`);
    if (!Number.isInteger(days[i])) throw new RangeError(`xirr: day ${days[i]} is not a whole number`);
    addToDay(byDay, days[i]!, amount);
  }
  return solveMerged(byDay, options);
}

function solveMerged(byDay: Map<number, DaySum>, options: XirrOptions): XirrResult {
  if (byDay.size === 1) return undefinedBecause('ZERO_PERIOD');
  const yearFlows = toYearFlows(byDay);
  const signChanges = countSignChanges(yearFlows.amounts);
  if (signChanges === 0) return undefinedBecause('NO_SIGN_CHANGE');

  const { lo, hi } = rootBounds(yearFlows);
  const g = (x: number) => scaledNpv(yearFlows, x);

  if (signChanges === 1) {
    const bracket = { lo, hi, valueAtLo: g(lo), valueAtHi: g(hi) };
    // Only possible when hi was capped at X_MAX: the one root is a rate too large for a double.
    if (Math.sign(bracket.valueAtLo) === Math.sign(bracket.valueAtHi)) return undefinedBecause('NO_SOLUTION');
    const guess = options.guess === undefined ? twoFlowGuess(yearFlows) : Math.log1p(options.guess);
    return solveInBracket(yearFlows, bracket, guess);
  }

  // V ≥ 2: first try to settle the count of roots with Laguerre's rule (`rootsBeyond`), which costs a
  // few NPV evaluations; portfolio flows almost always settle there. The grid scan is the fallback.
  const ends = { lo, hi, valueAtLo: g(lo), valueAtHi: g(hi) };
  if (!options.isScanForced && ends.valueAtLo !== 0 && ends.valueAtHi !== 0) {
    const settled = settleByPartialSums(yearFlows, ends);
    if (settled) return settled;
    const brackets = isolateRoots(yearFlows, probe(yearFlows, lo), probe(yearFlows, hi));
    if (brackets) return solveBrackets(yearFlows, brackets);
  }

  const scan = scanForRoots(yearFlows, lo, hi);
  return fromRoots(scan.roots, scan.iterations);
}

/** No root: NO_SOLUTION; one: that rate; several: the one nearest the usual guess, with all of them. */
function fromRoots(xs: readonly number[], iterations: number): XirrResult {
  if (xs.length === 0) return undefinedBecause('NO_SOLUTION');
  const rates = [...xs].sort((a, b) => a - b).map(Math.expm1);
  if (rates.length === 1) return { kind: 'ok', rate: rates[0]!, iterations };
  let rate = rates[0]!;
  for (const r of rates) if (Math.abs(r - USUAL_GUESS) < Math.abs(rate - USUAL_GUESS)) rate = r;
  return { kind: 'ok', rate, iterations, roots: rates };
}

/** Each census cell holds one root: solve it from the two-flow guess when that lies inside, else its middle. */
function solveBrackets(flows: YearFlows, brackets: readonly RootBracket[]): XirrResult {
  const guess = twoFlowGuess(flows);
  const roots: number[] = [];
  let iterations = 0;
  for (const bracket of brackets) {
    const start = guess > bracket.lo && guess < bracket.hi ? guess : (bracket.lo + bracket.hi) / 2;
    const root = solveRoot(flows, bracket, start);
    roots.push(root.x);
    iterations += root.iterations;
  }
  return fromRoots(roots, iterations);
}

type DaySum = { sum: number; sumOfMagnitudes: number };

function mergeByDay(flows: readonly CashFlow[]): Map<number, DaySum> {
  const byDay = new Map<number, DaySum>();
  for (const flow of flows) {
    if (!Number.isFinite(flow.amount)) throw new RangeError(`xirr: amount ${flow.amount} is not finite`);
    addToDay(byDay, toEpochDay(flow.date), flow.amount);
  }
  return byDay;
}

function addToDay(byDay: Map<number, DaySum>, day: number, amount: number): void {
  const entry = byDay.get(day);
  if (entry) {
    entry.sum += amount;
    entry.sumOfMagnitudes += Math.abs(amount);
  } else byDay.set(day, { sum: amount, sumOfMagnitudes: Math.abs(amount) });
}

function toYearFlows(byDay: Map<number, DaySum>): YearFlows {
  // A same-day sum within rounding error of zero (0.1 + 0.2 − 0.3) is zero, not a spurious tiny flow
  // that would add sign changes.
  const kept = [...byDay.entries()]
    .filter(([, { sum, sumOfMagnitudes }]) => Math.abs(sum) > 4 * Number.EPSILON * sumOfMagnitudes)
    .sort(([a], [b]) => a - b);
  const firstDay = kept[0]?.[0] ?? 0;
  const largest = Math.max(0, ...kept.map(([, { sum }]) => Math.abs(sum)));
  return {
    times: kept.map(([day]) => (day - firstDay) / DAYS_PER_YEAR),
    amounts: kept.map(([, { sum }]) => sum / largest),
  };
}

function countSignChanges(amounts: readonly number[]): number {
  let changes = 0;
  for (let i = 1; i < amounts.length; i++) {
    if (Math.sign(amounts[i]!) !== Math.sign(amounts[i - 1]!)) changes++;
  }
  return changes;
}

/**
 * An interval of x outside which NPV has no root, widened by 1 so its ends have the limit signs
 * (sign of the last amount at lo, of the first at hi). Above hi the first flow outweighs all others
 * discounted by at least e^(−x·t₁); below lo the last flow outweighs the others compounded at most
 * e^(−x·tₙ₋₂). hi is capped at X_MAX so the rate stays a finite double.
 */
function rootBounds(flows: YearFlows): { lo: number; hi: number } {
  const { times, amounts } = flows;
  const n = times.length;
  const total = amounts.reduce((sum, a) => sum + Math.abs(a), 0);
  const first = Math.abs(amounts[0]!);
  const last = Math.abs(amounts[n - 1]!);
  const hiRaw = Math.max(0, Math.log((total - first) / first) / times[1]!) + 1;
  const loRaw = Math.min(0, -Math.log((total - last) / last) / (times[n - 1]! - times[n - 2]!)) - 1;
  return { lo: loRaw, hi: Math.min(hiRaw, X_MAX) };
}

/**
 * Starting point for Newton: collapse inflows and outflows into one flow each at their amount-weighted
 * mean time and take that pair's exact rate.
 */
function twoFlowGuess(flows: YearFlows): number {
  let positive = 0;
  let negative = 0;
  let positiveTime = 0;
  let negativeTime = 0;
  flows.amounts.forEach((amount, i) => {
    const time = flows.times[i]!;
    if (amount > 0) {
      positive += amount;
      positiveTime += amount * time;
    } else {
      negative -= amount;
      negativeTime -= amount * time;
    }
  });
  const span = positiveTime / positive - negativeTime / negative;
  const guess = Math.log(positive / negative) / span;
  return Number.isFinite(guess) ? guess : 0;
}

type Bracket = { lo: number; hi: number; valueAtLo: number; valueAtHi: number };

function solveInBracket(flows: YearFlows, start: Bracket, guess: number): XirrResult {
  const { x, iterations } = solveRoot(flows, start, guess);
  return { kind: 'ok', rate: Math.expm1(x), iterations };
}

/** Newton's method in x, kept inside a sign-changing bracket; Brent on what is left of it if Newton strays. */
function solveRoot(flows: YearFlows, start: Bracket, guess: number): { x: number; iterations: number } {
  const bracket = { ...start };
  let x = guess > bracket.lo && guess < bracket.hi ? guess : (bracket.lo + bracket.hi) / 2;
  let iterations = 0;
  while (iterations < NEWTON_MAX_ITERATIONS) {
    iterations++;
    const { value, slope } = scaledNpvWithSlope(flows, x);
    if (value === 0) return { x, iterations };
    if (Math.sign(value) === Math.sign(bracket.valueAtLo)) {
      bracket.lo = x;
      bracket.valueAtLo = value;
    } else {
      bracket.hi = x;
      bracket.valueAtHi = value;
    }
    const next = x - value / slope;
    if (!(next > bracket.lo && next < bracket.hi)) break;
    const hasConverged = Math.abs(next - x) <= tolerance(next);
    x = next;
    if (hasConverged) return { x, iterations };
  }
  const root = brent((t) => scaledNpv(flows, t), bracket, tolerance, BRENT_MAX_ITERATIONS);
  return { x: root.x, iterations: iterations + root.iterations };
}

/**
 * The answer for V ≥ 2 when Laguerre's rule decides it, else null. NPV changes sign between the bounds
 * (an odd number of roots): solve for one, then show there is none above or below it. Same sign (an even
 * number): show there is none above and none below one rate (NO_SOLUTION), or one on each side
 * (MULTIPLE_SOLUTIONS).
 */
function settleByPartialSums(flows: YearFlows, ends: Bracket): XirrResult | null {
  const { lo, hi, valueAtLo, valueAtHi } = ends;
  if (Math.sign(valueAtLo) !== Math.sign(valueAtHi)) {
    const root = solveRoot(flows, ends, twoFlowGuess(flows));
    // Roots closer together than δ (a thousand solver tolerances) are not told apart; the grid scan's
    // blind spot is far wider.
    const delta = 1e3 * tolerance(root.x) + 1e-12;
    const above = root.x + delta;
    const below = root.x - delta;
    if (!(above < hi && below > lo)) return null;
    const valueAbove = scaledNpv(flows, above);
    const valueBelow = scaledNpv(flows, below);
    if (valueAbove === 0 || valueBelow === 0 || Math.sign(valueAbove) === Math.sign(valueBelow)) return null;
    const isOnly =
      rootsBeyond(flows, above, valueAbove, valueAtHi, true) === 0 &&
      rootsBeyond(flows, below, valueBelow, valueAtLo, false) === 0;
    return isOnly ? { kind: 'ok', rate: Math.expm1(root.x), iterations: root.iterations } : null;
  }
  for (const x of [twoFlowGuess(flows), 0, (lo + hi) / 2]) {
    if (!(x > lo && x < hi)) continue;
    const value = scaledNpv(flows, x);
    // Within rounding of zero (flows summing to 0 put a root exactly at x = 0) the sign is noise, and
    // with it the count on each side: two 'roots' a rounding apart were answered for 0% and 3.3%.
    if (Math.abs(value) <= (flows.times.length + 4) * Number.EPSILON * scaledMagnitude(flows, x)) continue;
    const above = rootsBeyond(flows, x, value, valueAtHi, true);
    const below = rootsBeyond(flows, x, value, valueAtLo, false);
    if (above === 0 && below === 0) return undefinedBecause('NO_SOLUTION');
    if (above === 1 && below === 1) {
      // Exactly one root on each side of x, so each side changes sign: solve both.
      const low = solveRoot(flows, { lo, hi: x, valueAtLo, valueAtHi: value }, (lo + x) / 2);
      const high = solveRoot(flows, { lo: x, hi, valueAtLo: value, valueAtHi }, (x + hi) / 2);
      return fromRoots([low.x, high.x], low.iterations + high.iterations);
    }
  }
  return null;
}

/**
 * How many roots NPV has between x₀ and the bound on one side (0 or 1), or −1 when the rule cannot tell.
 * Laguerre's rule of signs for partial sums: Σ bᵢ·u^tᵢ (tᵢ ascending) has at most as many zeros in
 * 0 < u < 1, counted with multiplicity, as the partial sums b₀, b₀+b₁, … have sign changes. With
 * bᵢ = aᵢ·e^(−x₀·tᵢ) and u = e^(−(x−x₀)) that bounds the roots above x₀; reading the flows backwards
 * (partial sums from the last flow) bounds those below x₀. A bound of 1 is settled by parity: the signs
 * of NPV at x₀ and at the bound agree exactly when the count is even.
 */
function rootsBeyond(
  flows: YearFlows,
  x0: number,
  valueAtX0: number,
  valueAtBound: number,
  isAbove: boolean,
): number {
  const changes = partialSumSignChanges(flows, x0, isAbove);
  if (changes === 0) return 0;
  if (changes === 1) return Math.sign(valueAtX0) === Math.sign(valueAtBound) ? 0 : 1;
  return -1;
}

/** Sign changes of the partial sums of aᵢ·e^(−x·tᵢ) (scaled to stay finite), from the first or the last flow. A zero sum counts as a change. */
function partialSumSignChanges(flows: YearFlows, x: number, isForward: boolean): number {
  const { times, amounts } = flows;
  const n = times.length;
  const m = x < 0 ? -x * times[n - 1]! : 0;
  let sum = 0;
  let sign = 0;
  let changes = 0;
  for (let k = 0; k < n; k++) {
    const i = isForward ? k : n - 1 - k;
    sum += amounts[i]! * Math.exp(-x * times[i]! - m);
    const s = Math.sign(sum);
    if (s === 0) return Number.POSITIVE_INFINITY;
    if (sign !== 0 && s !== sign) changes++;
    sign = s;
  }
  return changes;
}

/**
 * Every root of NPV over [lo, hi], from NPV on a grid. A sign change between two points is a root.
 * Where |NPV| dips to a low point of the grid without a sign change, NPV may turn back inside a cell
 * beside it: if its slope changes sign across that cell, at the turning point c (the slope's root) NPV
 * of the other sign means two roots, one each side of c (10% and 10.01%, far closer than the grid),
 * and NPV zero within rounding a double root at c. Only roots three or more to a cell can still be
 * missed; docs/analytics-irr.md says so. (Slopes are taken only at the dips: a full grid of them would
 * cost a third more for what is rare.)
 */
function scanForRoots(flows: YearFlows, lo: number, hi: number): { roots: number[]; iterations: number } {
  const uLo = Math.asinh(lo / GRID_SCALE);
  const uHi = Math.asinh(hi / GRID_SCALE);
  const xs = new Float64Array(GRID_INTERVALS + 1);
  const values = new Float64Array(GRID_INTERVALS + 1);
  for (let i = 0; i <= GRID_INTERVALS; i++) {
    xs[i] =
      i === 0
        ? lo
        : i === GRID_INTERVALS
          ? hi
          : GRID_SCALE * Math.sinh(uLo + ((uHi - uLo) * i) / GRID_INTERVALS);
    values[i] = scaledNpv(flows, xs[i]!);
  }
  const roots: number[] = [];
  let iterations = 0;
  const slopeAt = (x: number) => scaledNpvWithSlope(flows, x).slope;
  const solveCell = (bracket: Bracket) => {
    const root = solveRoot(flows, bracket, (bracket.lo + bracket.hi) / 2);
    roots.push(root.x);
    iterations += root.iterations;
  };
  /** Cell (i − 1, i), NPV of one sign at both ends: look for a turning point inside. */
  const lookForTurn = (i: number, slopeLo: number, slopeHi: number) => {
    if (!(slopeLo * slopeHi < 0)) return;
    const cell = { lo: xs[i - 1]!, hi: xs[i]!, valueAtLo: values[i - 1]!, valueAtHi: values[i]! };
    const turn = brent(
      slopeAt,
      { lo: cell.lo, hi: cell.hi, valueAtLo: slopeLo, valueAtHi: slopeHi },
      tolerance,
      BRENT_MAX_ITERATIONS,
    );
    iterations += turn.iterations;
    const c = turn.x;
    const valueAtC = scaledNpv(flows, c);
    // Evaluating n terms errs by up to about n·ε of their magnitude.
    const noise = (flows.times.length + 4) * Number.EPSILON * scaledMagnitude(flows, c);
    if (Math.abs(valueAtC) <= noise) roots.push(c);
    else if (Math.sign(valueAtC) !== Math.sign(cell.valueAtHi)) {
      solveCell({ ...cell, hi: c, valueAtHi: valueAtC });
      solveCell({ ...cell, lo: c, valueAtLo: valueAtC });
    }
  };
  if (values[0] === 0) roots.push(lo);
  for (let i = 1; i <= GRID_INTERVALS; i++) {
    const value = values[i]!;
    const previous = values[i - 1]!;
    if (value === 0) roots.push(xs[i]!);
    else if (previous !== 0 && Math.sign(value) !== Math.sign(previous))
      solveCell({ lo: xs[i - 1]!, hi: xs[i]!, valueAtLo: previous, valueAtHi: value });
  }
  for (let i = 1; i < GRID_INTERVALS; i++) {
    const value = values[i]!;
    const before = values[i - 1]!;
    const after = values[i + 1]!;
    const isDip =
      value !== 0 &&
      Math.sign(before) === Math.sign(value) &&
      Math.sign(after) === Math.sign(value) &&
      Math.abs(value) < Math.abs(before) &&
      Math.abs(value) <= Math.abs(after);
    if (!isDip) continue;
    const slope = slopeAt(xs[i]!);
    lookForTurn(i, slopeAt(xs[i - 1]!), slope);
    lookForTurn(i + 1, slope, slopeAt(xs[i + 1]!));
  }
  return { roots, iterations };
}
