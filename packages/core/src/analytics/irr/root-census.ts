import type { YearFlows } from './exponential-sum.ts';

// Every root of NPV(x) = Σ aᵢ·e^(−x·tᵢ) over [lo, hi], proved rather than sampled, for the flows that
// Laguerre's rule cannot settle (an asset traded a hundred times over ten years changes sign too often).
// Multiplying NPV by e^(x·s) changes no root, for any s: g(x) = Σ aᵢ·e^(−x·(tᵢ − s)). In g each term with
// tᵢ ≥ s only shrinks as x grows and each with tᵢ < s only grows, so on a cell [a, b] the inflows
// (aᵢ > 0) lie between their decreasing part at b plus their increasing part at a and the reverse, and
// so do the outflows. Hence on the cell:
//   the falling parts of g's slope −Σ aᵢ·(tᵢ − s)·e^(−x·(tᵢ − s)) at their least outweigh the rising
//   parts at their most, or the reverse: g is strictly monotone, one root if its ends differ in sign,
//   else none; a Taylor bound from each end (below) also shows g keeping its sign or monotone;
//   neither: halve the cell (in asinh(x / 0.01), like the grid scan) and look again.
// s is the cell's centre of weight (the |term|-weighted mean time), which keeps the bounds tight both
// near −100% (the last flows weigh most) and at huge rates (the first flow does). Each cell end costs
// one pass over the flows (one exponential per flow), shared with the neighbouring cell; portfolio flows
// settle in tens of passes where the grid scan takes 4,097. Where a cell cannot be settled before it is
// a sixteenth of a grid cell wide or the passes run out (a double root, roots closer than that, values
// lost in rounding), the answer is null and the caller falls back to the grid scan.

/**
 * NPV at x with the moments the Taylor bounds need, all times e^(−m) (m = the largest exponent) to stay
 * finite, and its terms, from which `partSums` sums the one-signed parts for the monotone-parts bounds.
 */
export type Probe = {
  readonly x: number;
  readonly m: number;
  /** Σ aᵢ·e^(−x·tᵢ − m), summed exactly as `scaledNpv` sums it, so signs agree with the grid scan. */
  readonly value: number;
  /** Σ aᵢ·tᵢ·e^(…) and Σ aᵢ·tᵢ²·e^(…). */
  readonly moment1: number;
  readonly moment2: number;
  /** Σ |aᵢ|·tᵢʲ·e^(…) for j = 0, 1, 2: the sizes rounding errors are measured against. */
  readonly magnitude0: number;
  readonly magnitude1: number;
  readonly magnitude2: number;
  readonly terms: Float64Array;
};

/**
 * The one-signed parts of a probe's terms split at flow k: sizes of the inflows and outflows before k
 * and from k on, and the same times tᵢ.
 */
type PartSums = {
  inflowBefore: number;
  inflowFrom: number;
  outflowBefore: number;
  outflowFrom: number;
  inflowTimeBefore: number;
  inflowTimeFrom: number;
  outflowTimeBefore: number;
  outflowTimeFrom: number;
};

export function probe(flows: YearFlows, x: number): Probe {
  const { times, amounts } = flows;
  const n = times.length;
  const m = x < 0 ? -x * (times[n - 1] ?? 0) : 0;
  const terms = new Float64Array(n);
  let value = 0;
  let moment1 = 0;
  let moment2 = 0;
  let magnitude0 = 0;
  let magnitude1 = 0;
  let magnitude2 = 0;
  for (let i = 0; i < n; i++) {
    const t = times[i]!;
    const term = amounts[i]! * Math.exp(-x * t - m);
    terms[i] = term;
    value += term;
    moment1 += t * term;
    moment2 += t * t * term;
    const size = Math.abs(term);
    magnitude0 += size;
    magnitude1 += t * size;
    magnitude2 += t * t * size;
  }
  return { x, m, value, moment1, moment2, magnitude0, magnitude1, magnitude2, terms };
}

function partSums(flows: YearFlows, p: Probe, k: number): PartSums {
  const { times } = flows;
  const { terms } = p;
  const parts: PartSums = {
    inflowBefore: 0,
    inflowFrom: 0,
    outflowBefore: 0,
    outflowFrom: 0,
    inflowTimeBefore: 0,
    inflowTimeFrom: 0,
    outflowTimeBefore: 0,
    outflowTimeFrom: 0,
  };
  for (let i = 0; i < k; i++) {
    const term = terms[i]!;
    if (term > 0) {
      parts.inflowBefore += term;
      parts.inflowTimeBefore += times[i]! * term;
    } else {
      parts.outflowBefore -= term;
      parts.outflowTimeBefore -= times[i]! * term;
    }
  }
  for (let i = k; i < terms.length; i++) {
    const term = terms[i]!;
    if (term > 0) {
      parts.inflowFrom += term;
      parts.inflowTimeFrom += times[i]! * term;
    } else {
      parts.outflowFrom -= term;
      parts.outflowTimeFrom -= times[i]! * term;
    }
  }
  return parts;
}

/** A cell [lo, hi] in which NPV changes sign exactly once. */
export type RootBracket = { lo: number; hi: number; valueAtLo: number; valueAtHi: number };

const GRID_SCALE = 0.01;
/** The grid scan's 4,096 cells, each halved four more times at most. */
const FINEST_SPLIT = 4096 * 16;
const MAX_PROBES = 400;

/**
 * The cells holding NPV's roots in [lo, hi] (one root each, in ascending order), or null when they
 * cannot be told apart this way. `atLo` and `atHi` are probes at lo and hi.
 */
export function isolateRoots(flows: YearFlows, atLo: Probe, atHi: Probe): RootBracket[] | null {
  const n = flows.times.length;
  // Each one-signed sum is off by at most about (n + 2)·ε of itself; a comparison needs both sides'
  // errors and some room.
  const epsilon = 4 * (n + 4) * Number.EPSILON;
  const uLo = Math.asinh(atLo.x / GRID_SCALE);
  const uHi = Math.asinh(atHi.x / GRID_SCALE);
  const finest = (uHi - uLo) / FINEST_SPLIT;
  const brackets: RootBracket[] = [];
  let probes = 0;
  // Cells waiting, the next one (lowest x) last: each is its ends and its ends in asinh space.
  const pending: [Probe, Probe, number, number][] = [[atLo, atHi, uLo, uHi]];
  while (pending.length > 0) {
    const [a, b, ua, ub] = pending.pop()!;
    // An end whose NPV is within rounding of zero has no sign to trust (flows summing to 0 put a root
    // exactly at r = 0, where a probe can land): the grid scan decides.
    if (Math.abs(a.value) <= epsilon * a.magnitude0 || Math.abs(b.value) <= epsilon * b.magnitude0)
      return null;
    const isSameSign = Math.sign(a.value) === Math.sign(b.value);
    const cell = boundsOnCell(flows, a, b, epsilon);
    if (cell === 'keeps-sign') {
      if (!isSameSign) return null;
      continue;
    }
    if (cell === 'monotone') {
      if (!isSameSign) brackets.push({ lo: a.x, hi: b.x, valueAtLo: a.value, valueAtHi: b.value });
      continue;
    }
    if (ub - ua < finest || ++probes > MAX_PROBES) return null;
    const um = (ua + ub) / 2;
    const middle = probe(flows, GRID_SCALE * Math.sinh(um));
    if (!(middle.x > a.x && middle.x < b.x)) return null;
    pending.push([middle, b, um, ub], [a, middle, ua, um]);
  }
  return brackets;
}

/** A nonnegative quantity q·e^k held as its logarithm (−∞ for 0), so ends far apart compare without overflow. */
const logOf = (q: number, k: number): number => (q > 0 ? Math.log(q) + k : Number.NEGATIVE_INFINITY);

/** log(e^p + e^q). */
function logAdd(p: number, q: number): number {
  if (p === Number.NEGATIVE_INFINITY) return q;
  if (q === Number.NEGATIVE_INFINITY) return p;
  const top = Math.max(p, q);
  return top + Math.log(Math.exp(p - top) + Math.exp(q - top));
}

/** What a cell's bounds prove: NPV keeps its sign on it, or is strictly monotone on it, or neither. */
type CellBound = 'keeps-sign' | 'monotone' | 'unsettled';

function boundsOnCell(flows: YearFlows, a: Probe, b: Probe, epsilon: number): CellBound {
  // s: the cell's centre of weight, the mean of its ends' |term|-weighted mean times.
  const s = (a.magnitude1 / a.magnitude0 + b.magnitude1 / b.magnitude0) / 2;
  const taylor = taylorOnCell(flows, a, b, s, epsilon);
  if (taylor !== 'unsettled') return taylor;
  return partsOnCell(flows, a, b, s, epsilon);
}

function partsOnCell(flows: YearFlows, a: Probe, b: Probe, s: number, epsilon: number): CellBound {
  const { times } = flows;
  const n = times.length;
  // k: the first flow at or after s; flows from k on shrink as x grows, those before grow.
  let k = 0;
  let high = n;
  while (k < high) {
    const mid = (k + high) >> 1;
    if (times[mid]! < s) k = mid + 1;
    else high = mid;
  }
  const atA = partSums(flows, a, k);
  const atB = partSums(flows, b, k);
  // The scaling at each end, e^(m + x·s), undone in log terms.
  const kA = a.m + a.x * s;
  const kB = b.m + b.x * s;
  // The same bounds on the value (least inflow against most outflow) answered a cell holding two roots
  // at huge rates as root-free (a fast-check counterexample; not yet understood), so only the slope's
  // parts are used: a wrong 'monotone' is caught by the ends' signs far more often than a wrong 'keeps sign'.
  // Slope: −Σ aᵢ·(tᵢ − s)·e^(…). Falling parts (inflows after s, shrinking; outflows before s, growing)
  // against rising parts (outflows after s, inflows before). |aᵢ|·|tᵢ − s| summed as Σ|aᵢ|tᵢ − s·Σ|aᵢ|
  // (the reverse before s): the difference of two one-signed sums, off by ε of their sum, not of itself.
  const after = (p: PartSums, isInflow: boolean, bound: number) => {
    const timed = isInflow ? p.inflowTimeFrom : p.outflowTimeFrom;
    const plain = isInflow ? p.inflowFrom : p.outflowFrom;
    return Math.max(0, timed - s * plain + bound * epsilon * (timed + s * plain));
  };
  const before = (p: PartSums, isInflow: boolean, bound: number) => {
    const timed = isInflow ? p.inflowTimeBefore : p.outflowTimeBefore;
    const plain = isInflow ? p.inflowBefore : p.outflowBefore;
    return Math.max(0, s * plain - timed + bound * epsilon * (timed + s * plain));
  };
  const leastFalling = logAdd(logOf(after(atB, true, -1), kB), logOf(before(atA, false, -1), kA));
  const mostFalling = logAdd(logOf(after(atA, true, 1), kA), logOf(before(atB, false, 1), kB));
  const leastRising = logAdd(logOf(after(atB, false, -1), kB), logOf(before(atA, true, -1), kA));
  const mostRising = logAdd(logOf(after(atA, false, 1), kA), logOf(before(atB, true, 1), kB));
  return leastFalling > mostRising || leastRising > mostFalling ? 'monotone' : 'unsettled';
}

/**
 * The same two questions answered from each end's Taylor expansion over its half of the cell: g and its
 * slope at the end are known, and the second (third) derivative over the half is at most
 * Σ|aᵢ|·uᵢ²·e^(…) (times max |uᵢ|) at the end grown by e^(h·max |uᵢ|), uᵢ = tᵢ − s. Second order: cells
 * near a simple root or a mere dip settle at widths the monotone parts above would need many halvings for.
 */
function taylorOnCell(flows: YearFlows, a: Probe, b: Probe, s: number, epsilon: number): CellBound {
  const last = flows.times[flows.times.length - 1]!;
  const spread = Math.max(s, last - s);
  const half = (b.x - a.x) / 2;
  const fromA = taylorHalf(a, half, s, spread, epsilon);
  const fromB = taylorHalf(b, -half, s, spread, epsilon);
  if (fromA.keepsSign && fromB.keepsSign) return 'keeps-sign';
  return fromA.slopeSign !== 0 && fromA.slopeSign === fromB.slopeSign ? 'monotone' : 'unsettled';
}

/** Over [p.x, p.x + h] (h may be negative): whether g keeps its sign, and the sign its slope keeps (0: may vanish). */
function taylorHalf(
  p: Probe,
  h: number,
  s: number,
  spread: number,
  epsilon: number,
): { keepsSign: boolean; slopeSign: number } {
  const w0 = p.magnitude0;
  const w1 = p.magnitude1;
  // Derivatives in x of g = Σ aᵢ·e^(−x·uᵢ) at p (in p's scaling), with their rounding bounds.
  const g0 = p.value;
  const g1 = -(p.moment1 - s * p.value);
  const g2 = p.moment2 - 2 * s * p.moment1 + s * s * p.value;
  const error0 = epsilon * w0;
  const error1 = epsilon * (w1 + s * w0);
  const error2 = epsilon * (p.magnitude2 + 2 * s * w1 + s * s * w0);
  const size = Math.abs(h);
  const curvature = (p.magnitude2 - 2 * s * w1 + s * s * w0 + error2) * Math.exp(size * spread);
  const keepsSign = leastOnSegment(g0, g1, h) - (error0 + size * error1) > 0.5 * size * size * curvature;
  const slopeKept =
    leastOnSegment(g1, g2, h) - (error1 + size * error2) > 0.5 * size * size * spread * curvature;
  return { keepsSign, slopeSign: slopeKept ? Math.sign(g1) : 0 };
}

/** min |c0 + c1·τ| for τ between 0 and h. */
function leastOnSegment(c0: number, c1: number, h: number): number {
  const end = c0 + c1 * h;
  return Math.sign(end) === Math.sign(c0) ? Math.min(Math.abs(c0), Math.abs(end)) : 0;
}
