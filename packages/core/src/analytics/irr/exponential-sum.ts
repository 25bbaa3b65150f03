// XIRR's NPV written in x = ln(1+r): NPV(x) = Σ aᵢ·e^(−x·tᵢ), with tᵢ = (dᵢ − d₀)/365 ≥ 0 in years.
// Rates near −100% are x → −∞ and huge rates are x → +∞, where the plain sum overflows. Every term is
// therefore multiplied by e^(−m), m = the largest exponent −x·tᵢ, which changes neither the sign nor the
// roots of the sum; the solver only ever needs signs, roots and the ratio value/slope.

/** Cash flows merged by date, sorted by time, zero amounts removed, amounts scaled to max |a| = 1. */
export type YearFlows = {
  /** Years since the first flow: times[0] = 0, strictly increasing. */
  readonly times: readonly number[];
  readonly amounts: readonly number[];
};

function largestExponent(flows: YearFlows, x: number): number {
  const last = flows.times[flows.times.length - 1] ?? 0;
  return x < 0 ? -x * last : 0;
}

/** NPV at x = ln(1+r), times a positive factor that keeps it finite: same sign and roots as NPV. */
export function scaledNpv(flows: YearFlows, x: number): number {
  const m = largestExponent(flows, x);
  let sum = 0;
  for (let i = 0; i < flows.times.length; i++) {
    sum += flows.amounts[i]! * Math.exp(-x * flows.times[i]! - m);
  }
  return sum;
}

/** `scaledNpv` and its derivative in x, both times the same positive factor. */
export function scaledNpvWithSlope(flows: YearFlows, x: number): { value: number; slope: number } {
  const m = largestExponent(flows, x);
  let value = 0;
  let slope = 0;
  for (let i = 0; i < flows.times.length; i++) {
    const term = flows.amounts[i]! * Math.exp(-x * flows.times[i]! - m);
    value += term;
    slope -= flows.times[i]! * term;
  }
  return { value, slope };
}

/** Σ |aᵢ|·e^(−x·tᵢ) times the same factor as `scaledNpv`: the size rounding error in it is measured against. */
export function scaledMagnitude(flows: YearFlows, x: number): number {
  const m = largestExponent(flows, x);
  let sum = 0;
  for (let i = 0; i < flows.times.length; i++) {
    sum += Math.abs(flows.amounts[i]!) * Math.exp(-x * flows.times[i]! - m);
  }
  return sum;
}
