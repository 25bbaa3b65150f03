import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, formatAmount, isNumericString, toAmountString, toDecimal } from './decimal.ts';

describe('isNumericString', () => {
  it.each(['0', '-1500.25', '+3', '.5', '5.', '1e3', '-2.5E-4', ' 42 '])('accepts %j', (text) => {
    expect(isNumericString(text)).toBe(true);
  });

  it.each(['', ' ', '-', '.', '1,500.00', '1.2.3', 'abc', 'NaN', 'Infinity', '0x10', '12%', '1e'])(
    'rejects %j',
    (text) => {
      expect(isNumericString(text)).toBe(false);
    },
  );
});

describe('toDecimal', () => {
  it('is exact where binary floats are not', () => {
    expect(toDecimal('0.1').plus('0.2').equals('0.3')).toBe(true);
    expect(toDecimal('12345678901234567890.123456789').times(1).toFixed()).toBe(
      '12345678901234567890.123456789',
    );
  });

  it('keeps 34 significant digits (decimal128) through arithmetic', () => {
    const big = '1234567890123456789012345678901234';
    expect(toDecimal(big).plus('0').toFixed()).toBe(big);
    expect(Decimal.precision).toBeGreaterThanOrEqual(34);
  });

  it('throws for non-numbers', () => {
    expect(() => toDecimal('abc')).toThrow(RangeError);
    expect(() => toDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => toDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('toAmountString', () => {
  it('writes plain notation without trailing zeros or negative zero', () => {
    expect(toAmountString('1500.2500')).toBe('1500.25');
    expect(toAmountString('1e3')).toBe('1000');
    expect(toAmountString('-0')).toBe('0');
    expect(toAmountString('0.00000001')).toBe('0.00000001');
    expect(toAmountString(0.1)).toBe('0.1');
  });

  it('round-trips any decimal string', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 12 }),
        (units, scale) => {
          const text = toDecimal(units.toString()).dividedBy(toDecimal(10).pow(scale)).toFixed();
          expect(toDecimal(toAmountString(text)).equals(text)).toBe(true);
        },
      ),
    );
  });
});

describe('formatAmount', () => {
  it('rounds half to even for display', () => {
    expect(formatAmount('0.125', { decimals: 2 })).toBe('0.12');
    expect(formatAmount('0.135', { decimals: 2 })).toBe('0.14');
    expect(formatAmount('2.5')).toBe('2');
    expect(formatAmount('3.5')).toBe('4');
  });

  it('groups thousands and signs negatives', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,568');
    expect(formatAmount('-1234.5', { decimals: 2 })).toBe('-1,234.50');
    expect(formatAmount('999')).toBe('999');
    expect(formatAmount('1234.5', { decimals: 1, thousandsSeparator: '.', decimalSeparator: ',' })).toBe(
      '1.234,5',
    );
  });

  it('never shows a negative zero', () => {
    expect(formatAmount('-0.004', { decimals: 2 })).toBe('0.00');
  });
});
