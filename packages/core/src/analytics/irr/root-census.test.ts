import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaledMagnitude, scaledNpvWithSlope, type YearFlows } from './exponential-sum.ts';
import { isolateRoots, probe } from './root-census.ts';
import { xirrOfDays } from './xirr.ts';

// The census must find exactly the roots the grid scan finds (the scan is the old path, kept as the
// fallback and reachable with `isScanForced`). Hand-worked series are yearly flows 365 days apart, so
// NPV is a polynomial in y = 1/(1 + r) whose factors are written out.

const yearFlows = (amounts: readonly number[]): YearFlows => {
  const largest = Math.max(...amounts.map(Math.abs));
  return { times: amounts.map((_, i) => i), amounts: amounts.map((a) => a / largest) };
};

/** Every 365 days from day 0 (2021-01-01 on, no leap day in between for up to three years). */
const yearly = (amounts: readonly number[]) =>
  xirrOfDays(
    amounts.map((_, i) => 18_628 + 365 * i),
    amounts,
  );

function census(flows: YearFlows, lo: number, hi: number) {
  return isolateRoots(flows, probe(flows, lo), probe(flows, hi));
}

describe('root census, hand-worked', () => {
  // (1 − 1.1y)(1 − 1.2y)(1 − 1.3y) = 1 − 3.6y + 4.31y² − 1.716y³: 10%, 20% and 30% all fit.
  const threeRates = [1000, -3600, 4310, -1716];

  it('three rates, 10%, 20% and 30%: three cells, one around each ln(1 + r)', () => {
    const cells = census(yearFlows(threeRates), -5, 5);
    expect(cells).not.toBeNull();
    expect(cells).toHaveLength(3);
    for (const [i, growth] of [1.1, 1.2, 1.3].entries()) {
      expect(cells![i]!.lo).toBeLessThan(Math.log(growth));
      expect(cells![i]!.hi).toBeGreaterThan(Math.log(growth));
    }
  });

  it('three rates through xirr: 10% (nearest the usual guess) with all three, as the grid scan says', () => {
    const result = yearly(threeRates);
    if (result.kind !== 'ok') throw new Error(`expected rates, got ${result.reason}`);
    expect(result.rate).toBeCloseTo(0.1, 12);
    expect(result.roots).toHaveLength(3);
    for (const [i, rate] of [0.1, 0.2, 0.3].entries()) expect(result.roots![i]).toBeCloseTo(rate, 12);
    const scanned = xirrOfDays([18_628, 18_993, 19_358, 19_723], threeRates, { isScanForced: true });
    expect(scanned.kind === 'ok' && scanned.roots?.length).toBe(3);
  });

  // ((1 − 1.1y)² + 0.01y²)((1 − 1.3y)² + 0.01y²) = 1 − 4.8y + 8.64y² − 6.912y³ + 2.074y⁴: four sign
  // changes, yet both factors stay positive (discriminants 2.2² − 4·1.22 and 2.6² − 4·1.7 are < 0).
  const noRate = [1000, -4800, 8640, -6912, 2074];

  it('four sign changes and no rate (two near-misses at 10% and 30%): no cell', () => {
    expect(census(yearFlows(noRate), -5, 5)).toEqual([]);
    expect(yearly(noRate)).toEqual({ kind: 'undefined', reason: 'NO_SOLUTION' });
  });

  it('flows summing to 0 (a root exactly at 0%) and a second rate: both, not two roots a rounding apart', () => {
    // 2,734.29 − 5,485.25y + 2,750.73y² (y = e^(−x·68/365)) with 0.01 and 0.22 beside it sums to 0 at y = 1;
    // the other root is near y = 2,734.29 / 2,750.73 = 0.99402, r = 0.99402^(−365/68) − 1 ≈ 3.3%.
    const result = xirrOfDays([1, 2, 70, 138, 139], [0.01, 2734.29, -5485.25, 2750.73, 0.22]);
    if (result.kind !== 'ok') throw new Error(`expected rates, got ${result.reason}`);
    expect(result.roots).toHaveLength(2);
    expect(Math.abs(result.roots![0]!)).toBeLessThan(1e-12);
    expect(result.roots![1]).toBeGreaterThan(0.03);
    expect(result.roots![1]).toBeLessThan(0.036);
  });

  it('two roots at huge rates (fast-check counterexample): both found, as the grid scan finds them', () => {
    const days = [1, 59, 121, 122, 240, 241];
    const amounts = [0.01, 0.01, -0.01, -0.49, 4.62, 0.01];
    const result = xirrOfDays(days, amounts);
    const scanned = xirrOfDays(days, amounts, { isScanForced: true });
    expect(result.kind === 'ok' && result.roots?.length).toBe(2);
    expect(scanned.kind === 'ok' && scanned.roots?.length).toBe(2);
  });

  it('a double root (100, −220, 121: 100(1 − 1.1y)²) is left to the grid scan', () => {
    expect(census(yearFlows([100, -220, 121]), -5, 5)).toBeNull();
  });

  it('one sign change: the single cell around the closed-form rate, −1000 then 1100 a year on', () => {
    const cells = census(yearFlows([-1000, 1100]), -5, 5);
    expect(cells).toHaveLength(1);
    expect(cells![0]!.lo).toBeLessThan(Math.log(1.1));
    expect(cells![0]!.hi).toBeGreaterThan(Math.log(1.1));
  });
});

describe('root census agrees with the grid scan', () => {
  /**
   * The same answer: the same reason, or the same rates, each to the solver's tolerance (1e-13, with
   * room) or, where close roots make it ill-conditioned, to what rounding leaves of it: a root of a sum
   * evaluated to (n + 4)·ε of its terms' size is only defined to that size over the slope.
   */
  const agree = (days: readonly number[], amounts: readonly number[]) => {
    const fast = xirrOfDays(days, amounts);
    const scanned = xirrOfDays(days, amounts, { isScanForced: true });
    if (fast.kind === 'ok' && scanned.kind === 'ok') {
      const kept = amounts.flatMap((a, i) => (a === 0 ? [] : [[(days[i]! - days[0]!) / 365, a] as const]));
      const flows = yearFlows(kept.map(([, a]) => a));
      const timed: YearFlows = { times: kept.map(([t]) => t), amounts: flows.amounts };
      const close = (a: number, b: number) => {
        if (a === b) return true;
        const x = Math.log1p(b);
        const noise = 64 * (kept.length + 4) * Number.EPSILON * scaledMagnitude(timed, x);
        const slope = Math.abs(scaledNpvWithSlope(timed, x).slope);
        return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)) + (1 + b) * (noise / slope);
      };
      // Two roots equally far from 10% (−1% and 21%) are a tie that rounding breaks either way.
      const isTie =
        Math.abs(Math.abs(fast.rate - 0.1) - Math.abs(scanned.rate - 0.1)) <= 1e-12 &&
        fast.roots !== undefined;
      expect(isTie || close(fast.rate, scanned.rate)).toBe(true);
      const fastRoots = fast.roots ?? [fast.rate];
      const scannedRoots = scanned.roots ?? [scanned.rate];
      expect(fastRoots.length).toBe(scannedRoots.length);
      for (const [i, root] of fastRoots.entries()) expect(close(root, scannedRoots[i]!)).toBe(true);
    } else expect(fast).toEqual(scanned);
  };

  /** Coefficients of Π (1 − gᵢ·y), times k: yearly flows whose rates are exactly gᵢ − 1. */
  const fromGrowths = (growths: readonly number[], k: number) => {
    let poly = [k];
    for (const g of growths) poly = [...poly, 0].map((c, i) => c - (i > 0 ? g * poly[i - 1]! : 0));
    return poly;
  };

  it('on series built with one to four known rates (multi-root)', () => {
    const series = fc
      .record({
        growths: fc.uniqueArray(fc.integer({ min: 50, max: 250 }), { minLength: 1, maxLength: 4 }),
        k: fc.constantFrom(-1000, 1000),
      })
      .map(({ growths, k }) =>
        fromGrowths(
          growths.map((g) => g / 100),
          k,
        ),
      );
    fc.assert(
      fc.property(series, (amounts) => {
        const days = amounts.map((_, i) => 365 * i);
        agree(days, amounts);
      }),
      { numRuns: 200 },
    );
  });

  it('on series with near-misses: positive quadratic factors (no rate), times none to two real rates', () => {
    const series = fc
      .record({
        centres: fc.array(fc.integer({ min: 80, max: 200 }), { minLength: 1, maxLength: 2 }),
        gap: fc.integer({ min: 1, max: 30 }),
        growths: fc.uniqueArray(fc.integer({ min: 50, max: 250 }), { maxLength: 2 }),
      })
      .map(({ centres, gap, growths }) => {
        // (1 − c·y)² + (gap/1000)²·y² = 1 − 2c·y + (c² + gap²/10⁶)·y² > 0 for every y.
        const quadratics = centres.map((centre) => {
          const c = centre / 100;
          return [1, -2 * c, c * c + (gap / 1000) ** 2];
        });
        let poly = fromGrowths(
          growths.map((g) => g / 100),
          1000,
        );
        for (const q of quadratics) {
          poly = [...poly, 0, 0].map((_, i) =>
            q.reduce((sum, qc, j) => sum + (i - j >= 0 && i - j < poly.length ? qc * poly[i - j]! : 0), 0),
          );
        }
        return poly;
      });
    fc.assert(
      fc.property(series, (amounts) =>
        agree(
          amounts.map((_, i) => 365 * i),
          amounts,
        ),
      ),
      { numRuns: 200 },
    );
  });

  it('on an asset traded at random: buys, sells and dividends on irregular days, its value at the end', () => {
    const trades = fc.array(
      fc.record({
        gap: fc.integer({ min: 1, max: 120 }),
        cents: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((cents) => cents !== 0),
      }),
      { minLength: 3, maxLength: 150 },
    );
    fc.assert(
      fc.property(trades, fc.integer({ min: 0, max: 10_000_000 }), (list, endCents) => {
        let day = 0;
        const days = list.map(({ gap }) => (day += gap));
        const amounts = list.map(({ cents }) => cents / 100);
        agree([...days, day + 1], [...amounts, endCents / 100]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('root census, cost', () => {
  it('settles a many-sign-change series with far fewer NPV passes than the grid scan’s 4,097', () => {
    // 60 monthly trades alternating buy and sell around 5% growth: Laguerre's rule cannot settle it.
    const amounts = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? -100 : 95) * 1.05 ** (i / 12));
    amounts.push(200);
    const flows = yearFlows(amounts);
    const times = amounts.map((_, i) => (i * 30) / 365);
    let passes = 0;
    const counted: YearFlows = {
      times,
      get amounts() {
        passes++;
        return flows.amounts;
      },
    };
    const cells = isolateRoots(counted, probe(counted, -20), probe(counted, 20));
    expect(cells).not.toBeNull();
    expect(passes).toBeLessThan(200);
  });
});
