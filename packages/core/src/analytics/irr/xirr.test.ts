import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, toEpochDay } from '../../dates/epoch-day.ts';
import type { CashFlow } from './cash-flow.ts';
import { xirr } from './xirr.ts';
import { discountedFlows, xnpv } from './xnpv.ts';

const flows = (pairs: readonly (readonly [string, number])[]): CashFlow[] =>
  pairs.map(([date, amount]) => ({ date, amount }));

const daysBetween = (from: string, to: string) => toEpochDay(to) - toEpochDay(from);

function rateOf(cashFlows: readonly CashFlow[]): number {
  const result = xirr(cashFlows);
  if (result.kind !== 'ok') throw new Error(`expected a rate, got ${result.reason}`);
  return result.rate;
}

/** Contributions on the given days, then the single end value that makes `rate` their exact IRR. */
function flowsWithRate(
  rate: number,
  start: string,
  contributions: readonly { day: number; amount: number }[],
  endDay: number,
): CashFlow[] {
  const invested = contributions.map(({ day, amount }) => ({ date: addDays(start, day), amount: -amount }));
  const endValue = contributions.reduce(
    (sum, { day, amount }) => sum + amount * (1 + rate) ** ((endDay - day) / 365),
    0,
  );
  return [...invested, { date: addDays(start, endDay), amount: endValue }];
}

describe('xirr, hand-worked', () => {
  it('two flows: the rate is (−B/A)^(365/days) − 1', () => {
    const days = daysBetween('2020-01-01', '2021-01-01'); // 366: a leap year
    const rate = rateOf(
      flows([
        ['2020-01-01', -1000],
        ['2021-01-01', 1100],
      ]),
    );
    expect(rate).toBeCloseTo(1.1 ** (365 / days) - 1, 14);
  });

  it('two flows a loan way round (money in first) give the same closed form', () => {
    const rate = rateOf(
      flows([
        ['2020-03-01', 500],
        ['2020-09-01', -520],
      ]),
    );
    expect(rate).toBeCloseTo((520 / 500) ** (365 / daysBetween('2020-03-01', '2020-09-01')) - 1, 14);
  });

  it('is exact near −100% (Portfolio Performance #1904 territory, where LibreOffice errs)', () => {
    // Invest 1,000,000 and get 1 back two years later: 1 + r = (1e-6)^(365/731) ≈ 0.00101.
    const rate = rateOf(
      flows([
        ['2019-01-01', -1_000_000],
        ['2021-01-01', 1],
      ]),
    );
    const exact = 1e-6 ** (365 / 731) - 1;
    expect(exact).toBeLessThan(-0.998);
    expect(Math.abs(rate - exact)).toBeLessThan(1e-15);
    expect(Math.abs((1 + rate) / (1 + exact) - 1)).toBeLessThan(1e-12);
  });

  it('is exact even closer to −100%: 1 back from 1e9 after one year', () => {
    // 1 + r = 1e-9 exactly; a double near −1 holds r to about 1.1e-16, i.e. one unit in the last place.
    const rate = rateOf(
      flows([
        ['2021-01-01', -1e9],
        ['2022-01-01', 1],
      ]),
    );
    expect(Math.abs(rate - (1e-9 - 1))).toBeLessThanOrEqual(Number.EPSILON);
  });

  it('returns a flat 10% from monthly contributions built at 10%', () => {
    const contributions = Array.from({ length: 120 }, (_, month) => ({
      day: daysBetween('2010-01-01', addMonths('2010-01-01', month)),
      amount: 100 + ((month * 37) % 250),
    }));
    const series = flowsWithRate(0.1, '2010-01-01', contributions, daysBetween('2010-01-01', '2020-01-15'));
    expect(Math.abs(rateOf(series) - 0.1)).toBeLessThan(1e-9);
  });

  it('returns 0 when the money comes back unchanged', () => {
    expect(
      rateOf(
        flows([
          ['2021-05-05', -100],
          ['2024-02-29', 100],
        ]),
      ),
    ).toBe(0);
  });

  it('finds tiny and huge rates', () => {
    // A rate near 0 is known only to about 1e-16 absolute: the amounts themselves carry that much
    // rounding. The closed form goes through log1p/expm1 so it keeps its own digits.
    const [paid, received] = [1_000_000, 1_000_000.001];
    const tiny = rateOf(
      flows([
        ['2020-01-01', -paid],
        ['2021-01-01', received],
      ]),
    );
    const exactTiny = Math.expm1((365 / 366) * Math.log1p((received - paid) / paid));
    expect(Math.abs(tiny - exactTiny)).toBeLessThan(1e-15);
    const huge = rateOf(
      flows([
        ['2021-01-01', -100],
        ['2021-01-31', 400],
      ]),
    );
    expect(huge / (4 ** (365 / 30) - 1) - 1).toBeCloseTo(0, 12);
  });

  it('sums flows on the same date and does not depend on input order', () => {
    const merged = rateOf(
      flows([
        ['2020-01-01', -100],
        ['2021-06-30', 80],
        ['2022-01-01', 45],
      ]),
    );
    const split = rateOf(
      flows([
        ['2022-01-01', 50],
        ['2020-01-01', -60],
        ['2021-06-30', 80],
        ['2020-01-01', -40],
        ['2022-01-01', -5],
      ]),
    );
    expect(split).toBe(merged);
  });

  it('accepts interim withdrawals when the rate is still unique', () => {
    const series = flows([
      ['2021-01-01', -100],
      ['2021-06-02', 50],
      ['2021-09-02', -20],
      ['2022-01-01', 90],
    ]);
    const rate = rateOf(series);
    const scale = discountedFlows(series, rate).reduce((sum, v) => sum + Math.abs(v), 0);
    expect(Math.abs(xnpv(series, rate)) / scale).toBeLessThan(1e-13);
    expect(rate).toBeGreaterThan(0.2);
  });

  it('gives the same unique rate whatever the guess', () => {
    const series = flows([
      ['2020-01-01', -1000],
      ['2020-07-01', -500],
      ['2023-01-01', 2000],
    ]);
    const baseline = rateOf(series);
    for (const guess of [-0.99, -0.5, 0, 0.1, 3, 1000]) {
      const result = xirr(series, { guess });
      expect(result.kind === 'ok' && Math.abs(result.rate - baseline)).toBeLessThan(1e-14);
    }
  });
});

describe('xirr, not defined', () => {
  it('NO_FLOWS for an empty list', () => {
    expect(xirr([])).toEqual({ kind: 'undefined', reason: 'NO_FLOWS' });
  });

  it('ZERO_PERIOD when every flow is on one date', () => {
    expect(
      xirr(
        flows([
          ['2021-01-01', -100],
          ['2021-01-01', 110],
        ]),
      ),
    ).toEqual({
      kind: 'undefined',
      reason: 'ZERO_PERIOD',
    });
  });

  it('NO_SIGN_CHANGE when all flows have one sign', () => {
    expect(
      xirr(
        flows([
          ['2021-01-01', -100],
          ['2022-01-01', -10],
        ]),
      ),
    ).toEqual({
      kind: 'undefined',
      reason: 'NO_SIGN_CHANGE',
    });
  });

  it('NO_SIGN_CHANGE when same-date flows cancel, leaving one sign', () => {
    const series = flows([
      ['2021-01-01', -100],
      ['2021-01-01', 100],
      ['2022-01-01', 50],
    ]);
    expect(xirr(series)).toEqual({ kind: 'undefined', reason: 'NO_SIGN_CHANGE' });
    const rounding = flows([
      ['2021-01-01', 0.1],
      ['2021-01-01', 0.2],
      ['2021-01-01', -0.3],
      ['2022-01-01', 5],
    ]);
    expect(xirr(rounding)).toEqual({ kind: 'undefined', reason: 'NO_SIGN_CHANGE' });
  });

  it('NO_SOLUTION when NPV never reaches zero: 100 − 300y + 250y² > 0 for y = 1/(1+r)', () => {
    const series = flows([
      ['2021-01-01', 100],
      ['2022-01-01', -300],
      ['2023-01-01', 250],
    ]);
    expect(xirr(series)).toEqual({ kind: 'undefined', reason: 'NO_SOLUTION' });
  });

  it('NO_SOLUTION when the only rate is too large for a double', () => {
    // (1e6)^365 − 1 ≈ 1e2190.
    expect(
      xirr(
        flows([
          ['2021-01-01', -1],
          ['2021-01-02', 1e6],
        ]),
      ),
    ).toEqual({
      kind: 'undefined',
      reason: 'NO_SOLUTION',
    });
  });

  /** Several rates: the one nearest 10% (Excel's and LibreOffice's guess), and all of them. */
  const expectRoots = (series: CashFlow[], rate: number, roots: number[], digits = 12) => {
    const result = xirr(series);
    if (result.kind !== 'ok') throw new Error(`expected rates, got ${JSON.stringify(result)}`);
    expect(result.rate).toBeCloseTo(rate, digits);
    expect(result.roots).toHaveLength(roots.length);
    for (const [i, root] of roots.entries()) expect(result.roots![i]).toBeCloseTo(root, digits);
    for (const forced of [true, false]) {
      const again = xirr(series, { isScanForced: forced });
      expect(again.kind === 'ok' && again.roots?.length).toBe(roots.length);
    }
  };

  it('−100, +230, −132 a year apart: 10% and 20% fit; 10% (LibreOffice gives 10% too)', () => {
    const series = flows([
      ['2021-01-01', -100],
      ['2022-01-01', 230],
      ['2023-01-01', -132],
    ]);
    expect(Math.abs(xnpv(series, 0.1))).toBeLessThan(1e-12);
    expect(Math.abs(xnpv(series, 0.2))).toBeLessThan(1e-12);
    expectRoots(series, 0.1, [0.1, 0.2]);
  });

  it('one root near −100% and one at 0%: 0% is nearer 10%', () => {
    // In y = 1/(1+r), yearly flows 1000, −1001, 1 are (y − 1)(y − 1000): r = 0 and r = −99.9%.
    const series = flows([
      ['2021-01-01', 1000],
      ['2022-01-01', -1001],
      ['2023-01-01', 1],
    ]);
    expectRoots(series, 0, [-0.999, 0]);
  });

  it('two rates half a percentage point apart (10% and 10.5%)', () => {
    const [y1, y2] = [1 / 1.1, 1 / 1.105];
    const series = flows([
      ['2021-01-01', y1 * y2],
      ['2022-01-01', -(y1 + y2)],
      ['2023-01-01', 1],
    ]);
    expectRoots(series, 0.1, [0.1, 0.105]);
  });

  it('two rates closer than the search grid: 10% and 10.01%', () => {
    // (1+r − 1.1)(1+r − 1.1001) = (1+r)² − 2.2001(1+r) + 1.21011: yearly flows 1, −2.2001, 1.21011
    // (× 100,000, exact integers). NPV keeps its sign on both sides of the pair.
    const series = flows([
      ['2021-01-01', 100_000],
      ['2022-01-01', -220_010],
      ['2023-01-01', 121_011],
    ]);
    expectRoots(series, 0.1, [0.1, 0.1001], 11);
  });

  it('10% and 10.01% also with every flow negated (the same pair seen from the other side)', () => {
    const series = flows([
      ['2021-01-01', -100_000],
      ['2022-01-01', 220_010],
      ['2023-01-01', -121_011],
    ]);
    expectRoots(series, 0.1, [0.1, 0.1001], 11);
  });

  it('a double root at 10%: 100, −220, 121 a year apart is 100(1 − 1.1/(1+r))² ≥ 0', () => {
    const series = flows([
      ['2021-01-01', 100],
      ['2022-01-01', -220],
      ['2023-01-01', 121],
    ]);
    const result = xirr(series);
    expect(result.kind).toBe('ok');
    if (result.kind === 'ok') {
      expect(result.rate).toBeCloseTo(0.1, 12);
      expect(result.roots).toBeUndefined();
    }
    const scanned = xirr(series, { isScanForced: true });
    expect(scanned.kind === 'ok' && scanned.rate).toBeCloseTo(0.1, 12);
  });

  it('throws RangeError for a malformed date, a non-finite amount or a bad guess', () => {
    expect(() =>
      xirr(
        flows([
          ['2021-02-30', -1],
          ['2022-01-01', 2],
        ]),
      ),
    ).toThrow(RangeError);
    expect(() =>
      xirr(
        flows([
          ['2021-01-01', Number.NaN],
          ['2022-01-01', 2],
        ]),
      ),
    ).toThrow(RangeError);
    expect(() =>
      xirr(
        flows([
          ['2021-01-01', -1],
          ['2022-01-01', 2],
        ]),
        { guess: -1 },
      ),
    ).toThrow(RangeError);
  });
});

const arbitraryContributions = fc.array(
  fc.record({
    day: fc.integer({ min: 0, max: 365 * 30 }),
    amount: fc.double({ min: 1, max: 1e6, noNaN: true }),
  }),
  { minLength: 1, maxLength: 40 },
);

const arbitraryKnownRateSeries = fc
  .record({
    rate: fc.double({ min: -0.95, max: 5, noNaN: true }).filter((r) => r > -0.95 && r < 5),
    start: fc.integer({ min: toEpochDay('1950-01-01'), max: toEpochDay('2060-01-01') }),
    contributions: arbitraryContributions,
    tail: fc.integer({ min: 1, max: 365 * 10 }),
  })
  .map(({ rate, start, contributions, tail }) => {
    const startDate = addDays('1970-01-01', start);
    const endDay = Math.max(...contributions.map((c) => c.day)) + tail;
    return { rate, series: flowsWithRate(rate, startDate, contributions, endDay) };
  });

describe('xirr, properties', () => {
  it('returns the rate the flows were built from', () => {
    fc.assert(
      fc.property(arbitraryKnownRateSeries, ({ rate, series }) => {
        // Relative 1e-7. Near r = 0 a rate is only determined to about ε·365/days absolute (rounding in
        // the amounts, a span of one day), so below |r| = 1e-5 the comparison is 1e-12 absolute.
        expect(Math.abs(rateOf(series) - rate)).toBeLessThanOrEqual(1e-7 * Math.max(Math.abs(rate), 1e-5));
      }),
      { numRuns: 300 },
    );
  });

  it('does not change when every amount is scaled by k > 0', () => {
    fc.assert(
      fc.property(
        arbitraryKnownRateSeries,
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        ({ series }, k) => {
          const scaled = series.map((flow) => ({ ...flow, amount: flow.amount * k }));
          const rate = rateOf(series);
          // Scaling rounds each amount (relative ε), which moves a rate near 0 by up to ~ε·365/days·n.
          expect(Math.abs(rateOf(scaled) - rate)).toBeLessThanOrEqual(1e-10 * Math.max(Math.abs(rate), 1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('does not change when every date moves by the same number of days', () => {
    fc.assert(
      fc.property(arbitraryKnownRateSeries, fc.integer({ min: -5000, max: 5000 }), ({ series }, shift) => {
        const shifted = series.map((flow) => ({ ...flow, date: addDays(flow.date, shift) }));
        expect(rateOf(shifted)).toBe(rateOf(series));
      }),
      { numRuns: 200 },
    );
  });

  it('gives a verifiable root or a reason for arbitrary mixed flows', () => {
    const arbitraryFlows = fc.array(
      fc.record({
        date: fc.integer({ min: 0, max: 365 * 20 }).map((day) => addDays('2000-01-01', day)),
        amount: fc.integer({ min: -100_000_000, max: 100_000_000 }).map((cents) => cents / 100),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arbitraryFlows, (series) => {
        const result = xirr(series);
        if (result.kind !== 'ok' || result.rate <= -0.999) return;
        const terms = discountedFlows(series, result.rate);
        const scale = terms.reduce((sum, v) => sum + Math.abs(v), 0);
        expect(Math.abs(xnpv(series, result.rate))).toBeLessThanOrEqual(1e-9 * scale);
      }),
      { numRuns: 300 },
    );
  });
});

/** How far rounding (64(n + 4)·ε of the discounted flows' size) can move a root at `rate`: that over |dNPV/dr|. */
function roundingOfRoot(series: readonly CashFlow[], rate: number): number {
  const days = series.map((flow) => toEpochDay(flow.date));
  const first = Math.min(...days);
  let size = 0;
  let slope = 0;
  series.forEach((flow, i) => {
    const t = (days[i]! - first) / 365;
    const term = flow.amount * (1 + rate) ** -t;
    size += Math.abs(term);
    slope -= (t * term) / (1 + rate);
  });
  const spread = (64 * (series.length + 4) * Number.EPSILON * size) / Math.abs(slope);
  // Near −100% the plain powers overflow: no allowance there, the solver is exact in log form.
  return Number.isFinite(spread) ? spread : 0;
}

describe('xirr, several sign changes: the partial-sum shortcut agrees with the grid scan', () => {
  const agree = (series: readonly CashFlow[]) => {
    const fast = xirr(series);
    const scanned = xirr(series, { isScanForced: true });
    if (scanned.kind === 'ok' && fast.kind === 'ok') {
      // Where a second root close by makes the rate ill-conditioned (flows summing to 0 put one at 0%),
      // it is only defined to the rounding of NPV over its slope.
      expect(Math.abs(fast.rate - scanned.rate)).toBeLessThanOrEqual(
        1e-12 * Math.max(1, Math.abs(scanned.rate)) + roundingOfRoot(series, scanned.rate),
      );
      expect(fast.roots?.length).toBe(scanned.roots?.length);
    } else expect(fast).toEqual(scanned);
  };

  it('on arbitrary mixed flows', () => {
    const arbitraryFlows = fc.array(
      fc.record({
        date: fc.integer({ min: 0, max: 365 * 20 }).map((day) => addDays('2000-01-01', day)),
        amount: fc.integer({ min: -100_000_000, max: 100_000_000 }).map((cents) => cents / 100),
      }),
      { minLength: 3, maxLength: 30 },
    );
    fc.assert(fc.property(arbitraryFlows, agree), { numRuns: 500 });
    // 500 forced grid scans take ~2 s alone and over 5 s on the shared machine under load: room, not a limit.
  }, 30_000);

  it('on portfolio-like flows: contributions, some withdrawals, an end value', () => {
    const portfolio = fc
      .record({
        rate: fc.double({ min: -0.5, max: 1, noNaN: true }),
        months: fc.array(fc.integer({ min: -2_000_000, max: 10_000_000 }), { minLength: 2, maxLength: 120 }),
      })
      .map(({ rate, months }) => {
        // A negative draw is a withdrawal of a part of what was put in so far.
        const series: CashFlow[] = months.map((cents, i) => ({
          date: addMonths('2010-01-15', i),
          amount: -cents / 100,
        }));
        const end = series.reduce(
          (sum, flow, i) => sum - flow.amount * (1 + rate) ** ((months.length - i) / 12),
          0,
        );
        return [...series, { date: addMonths('2010-01-15', months.length), amount: end }];
      });
    fc.assert(fc.property(portfolio, agree), { numRuns: 300 });
  });

  it('on the not-defined cases', () => {
    const yearly = (...amounts: number[]) =>
      amounts.map((amount, i) => ({ date: addMonths('2020-01-01', 12 * i), amount }));
    expect(xirr(yearly(100, -300, 250))).toEqual({ kind: 'undefined', reason: 'NO_SOLUTION' });
    const several = xirr(yearly(-100, 230, -132));
    expect(several.kind === 'ok' && several.roots?.length).toBe(2);
    agree(yearly(100, -300, 250));
    agree(yearly(-100, 230, -132));
  });
});

function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) + months;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
