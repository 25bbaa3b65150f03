import { toEpochDay } from '../../dates/epoch-day.ts';
import { brent } from './brent.ts';
import type { CashFlow } from './cash-flow.ts';
import { scaledNpv, scaledNpvWithSlope, type YearFlows } from './exponential-sum.ts';

// XIRR with the Excel/LibreOffice convention: the rate r > −1 solving Σ aᵢ/(1+r)^((dᵢ−d₀)/365) = 0.
// The solver works in x = ln(1+r) (see exponential-sum.ts), where rates near −100% are ordinary numbers.
// Why the sign-change count matters: by Descartes' rule of signs for exponential sums (Laguerre), the
// number of real roots in x is at most the number of sign changes V of the amounts in date order, and
// has the same parity. V = 1 therefore means exactly one rate; V ≥ 2 may mean none, one or several, so
// we scan. docs/analytics-irr.md lists every case.

export type XirrUndefinedReason =
  | 'NO_FLOWS'
  | 'NO_SIGN_CHANGE'
  | 'NO_SOLUTION'
  | 'MULTIPLE_SOLUTIONS'
  | 'ZERO_PERIOD';

export type XirrResult =
  | { readonly kind: 'ok'; readonly rate: number; readonly iterations: number }
  | { readonly kind: 'undefined'; readonly reason: XirrUndefinedReason };

export type XirrOptions = {
  /** Starting rate for Newton's method (> −1). Only used when the rate is known to be unique. */
  readonly guess?: number;
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

/** Accuracy wanted in x near x: 1e-13 relative, which is also ≤ 1e-13 relative in r, or 1e-17 absolute. */
const tolerance = (x: number): number => 1e-13 * Math.min(1, Math.abs(x)) + 1e-17;

const undefinedBecause = (reason: XirrUndefinedReason): XirrResult => ({ kind: 'undefined', reason });

/** The internal rate of return of dated cash flows, or why it is not defined. Throws RangeError on bad input. */
export function xirr(flows: readonly CashFlow[], options: XirrOptions = {}): XirrResult {
  if (options.guess !== undefined && !(options.guess > -1 && Number.isFinite(options.guess))) {
    throw new RangeError(`xirr: the guess must be a finite rate above -1, got ${options.guess}`);
  }
  if (flows.length === 0) return undefinedBecause('NO_FLOWS');
  const byDay = mergeByDay(flows);
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

  const scan = scanForRoots(g, lo, hi);
  if (scan.kind === 'none') return undefinedBecause('NO_SOLUTION');
  if (scan.kind === 'several') return undefinedBecause('MULTIPLE_SOLUTIONS');
  if (scan.kind === 'exact') return { kind: 'ok', rate: Math.expm1(scan.x), iterations: 0 };
  return solveInBracket(yearFlows, scan.bracket, (scan.bracket.lo + scan.bracket.hi) / 2);
}

type DaySum = { sum: number; sumOfMagnitudes: number };

function mergeByDay(flows: readonly CashFlow[]): Map<number, DaySum> {
  const byDay = new Map<number, DaySum>();
  for (const flow of flows) {
    if (!Number.isFinite(flow.amount)) throw new RangeError(`xirr: amount ${flow.amount} is not finite`);
    const day = toEpochDay(flow.date);
    const entry = byDay.get(day) ?? { sum: 0, sumOfMagnitudes: 0 };
    entry.sum += flow.amount;
    entry.sumOfMagnitudes += Math.abs(flow.amount);
    byDay.set(day, entry);
  }
  return byDay;
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

/** Newton's method in x, kept inside a sign-changing bracket; Brent on what is left of it if Newton strays. */
function solveInBracket(flows: YearFlows, start: Bracket, guess: number): XirrResult {
  const bracket = { ...start };
  let x = guess > bracket.lo && guess < bracket.hi ? guess : (bracket.lo + bracket.hi) / 2;
  let iterations = 0;
  while (iterations < NEWTON_MAX_ITERATIONS) {
    iterations++;
    const { value, slope } = scaledNpvWithSlope(flows, x);
    if (value === 0) return { kind: 'ok', rate: Math.expm1(x), iterations };
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
    if (hasConverged) return { kind: 'ok', rate: Math.expm1(x), iterations };
  }
  const root = brent((t) => scaledNpv(flows, t), bracket, tolerance, BRENT_MAX_ITERATIONS);
  return { kind: 'ok', rate: Math.expm1(root.x), iterations: iterations + root.iterations };
}

type ScanResult =
  | { kind: 'none' }
  | { kind: 'several' }
  | { kind: 'exact'; x: number }
  | { kind: 'one'; bracket: Bracket };

/**
 * Sign changes of NPV on a grid over [lo, hi]. Two roots closer together than the grid spacing, with
 * NPV of one sign on both sides, are not seen; docs/analytics-irr.md says so.
 */
function scanForRoots(g: (x: number) => number, lo: number, hi: number): ScanResult {
  const uLo = Math.asinh(lo / GRID_SCALE);
  const uHi = Math.asinh(hi / GRID_SCALE);
  let found: ScanResult = { kind: 'none' };
  let previousX = lo;
  let previousValue = g(lo);
  if (previousValue === 0) found = { kind: 'exact', x: lo };
  for (let i = 1; i <= GRID_INTERVALS; i++) {
    const x = i === GRID_INTERVALS ? hi : GRID_SCALE * Math.sinh(uLo + ((uHi - uLo) * i) / GRID_INTERVALS);
    const value = g(x);
    let root: ScanResult | undefined;
    if (value === 0) root = { kind: 'exact', x };
    else if (previousValue !== 0 && Math.sign(value) !== Math.sign(previousValue)) {
      root = {
        kind: 'one',
        bracket: { lo: previousX, hi: x, valueAtLo: previousValue, valueAtHi: value },
      };
    }
    if (root) {
      if (found.kind !== 'none') return { kind: 'several' };
      found = root;
    }
    previousX = x;
    previousValue = value;
  }
  return found;
}
