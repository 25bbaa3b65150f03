import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money/decimal.ts';
import {
  applySplit,
  applyUnitChange,
  emptyCostState,
  parseScaled,
  type TCostState,
  unitsOf,
} from './cost-basis.ts';

const units = (s: TCostState) => unitsOf(s).toString();

describe('cost basis', () => {
  it('average cost: buy 10 for 1,500 and 10 for 1,700, sell 5 → cost removed 5 × 160 = 800', () => {
    const s = emptyCostState();
    expect(applyUnitChange(s, '10', 1500, 'average')).toBe(1500);
    expect(applyUnitChange(s, '10', 1700, 'average')).toBe(1700);
    expect(applyUnitChange(s, '-5', -900, 'average')).toBeCloseTo(-800, 10);
    expect(units(s)).toBe('15');
    expect(s.cost).toBeCloseTo(2400, 10);
  });

  it('FIFO: the same trades remove the oldest lot first → 5 × 150 = 750', () => {
    const s = emptyCostState();
    applyUnitChange(s, '10', 1500, 'fifo');
    applyUnitChange(s, '10', 1700, 'fifo');
    expect(applyUnitChange(s, '-5', -900, 'fifo')).toBeCloseTo(-750, 10);
    expect(applyUnitChange(s, '-10', -1800, 'fifo')).toBeCloseTo(-(750 + 850), 10);
    expect(s.cost).toBeCloseTo(850, 10);
  });

  it('a position sold in full is exactly zero units and zero cost, whatever the thirds', () => {
    for (const method of ['average', 'fifo'] as const) {
      for (const third of ['0.1', '0.1000000001']) {
        const s = emptyCostState();
        applyUnitChange(s, third, 10, method);
        applyUnitChange(s, '0.2', 21, method);
        applyUnitChange(s, new Decimal(third).plus('0.2').negated().toString(), -40, method);
        expect(unitsOf(s).isZero()).toBe(true);
        expect(s.unitsFloat).toBe(0);
        expect(s.cost).toBe(0);
      }
    }
  });

  it('crossing zero closes the long position and opens a short at its share of the value', () => {
    const s = emptyCostState();
    applyUnitChange(s, '10', 1000, 'average');
    // Sell 15 for 1,800: 10 close the position (cost −1,000), 5 open a short worth −600.
    expect(applyUnitChange(s, '-15', -1800, 'average')).toBeCloseTo(-1000 - 600, 10);
    expect(units(s)).toBe('-5');
    expect(s.cost).toBeCloseTo(-600, 10);
  });

  it('a split scales units and lots, not cost; an uneven ratio stays exact in decimal mode', () => {
    const s = emptyCostState();
    applyUnitChange(s, '56', 7000, 'fifo');
    applySplit(s, '2');
    expect(units(s)).toBe('112');
    expect(s.exact).toBeNull();
    expect(s.cost).toBe(7000);
    applySplit(s, '0.00000001');
    expect(units(s)).toBe('0.00000112');
    expect(applyUnitChange(s, '-0.00000112', -8000, 'fifo')).toBe(-7000);
  });

  it('reads amounts as whole hundred-millionths only when exact', () => {
    expect(parseScaled('-1505.25')).toBe(-150_525_000_000);
    expect(parseScaled('.5')).toBe(50_000_000);
    expect(parseScaled('0.123456789')).toBeNull();
    expect(parseScaled('0.1234567800')).toBe(12_345_678);
    expect(parseScaled('1e3')).toBeNull();
    expect(parseScaled('100000000000')).toBeNull();
    expect(parseScaled(' 12.5 ')).toBe(1_250_000_000);
    expect(parseScaled('+3')).toBe(300_000_000);
    expect(parseScaled('')).toBeNull();
    expect(parseScaled('.')).toBeNull();
    expect(parseScaled('1.2.3')).toBeNull();
  });

  it('reads every plain decimal string as its exact value × 1e8 when that is a safe integer', () => {
    const decimalText = fc
      .tuple(
        fc.constantFrom('', '-', '+'),
        fc.stringMatching(/^[0-9]{0,17}$/),
        fc.option(fc.stringMatching(/^[0-9]{0,11}$/), { nil: undefined }),
      )
      .filter(([, whole, fraction]) => whole.length + (fraction?.length ?? 0) > 0)
      .map(([sign, whole, fraction]) => `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}`);
    fc.assert(
      fc.property(decimalText, (text) => {
        const exact = new Decimal(
          text.startsWith('.') || text.startsWith('-.') || text.startsWith('+.')
            ? text.replace('.', '0.')
            : text,
        ).times(1e8);
        const expected =
          exact.isInteger() && exact.abs().lte(Number.MAX_SAFE_INTEGER) ? exact.toNumber() : null;
        expect(parseScaled(text)).toBe(expected);
        // The ledger pass takes an amount's float from the scaled units: it must be Number()'s double.
        if (expected !== null) expect(expected / 1e8).toBe(Number(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('fast mode and decimal mode agree on every sequence of changes', () => {
    const change = fc.record({
      units: fc.integer({ min: -2000, max: 2000 }).map((n) => (n / 100).toString()),
      value: fc.integer({ min: 1, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 30 }), fc.boolean(), (changes, isFifo) => {
        const method = isFifo ? 'fifo' : 'average';
        const fast = emptyCostState();
        const slow = emptyCostState();
        slow.exact = new Decimal(0); // decimal mode from the start
        for (const c of changes) {
          const value = Number(c.units) < 0 ? -c.value : c.value;
          const a = applyUnitChange(fast, c.units, value, method);
          const b = applyUnitChange(slow, c.units, value, method);
          expect(a).toBeCloseTo(b, 6);
          expect(unitsOf(fast).eq(unitsOf(slow))).toBe(true);
          expect(fast.unitsFloat).toBe(slow.unitsFloat);
          expect(fast.cost).toBeCloseTo(slow.cost, 6);
        }
      }),
    );
  });
});
