import { describe, expect, it } from 'vitest';
import {
  accountTags,
  date,
  equalOne,
  equalTo,
  formatPercent,
  limitedText,
  MIN_DATE_YEAR,
  negative,
  nonNegative,
  nonPositive,
  numeric,
  oneOf,
  parsePercentInput,
  percent,
  positive,
  requiredDate,
  requiredText,
} from './field-rules.ts';
import { MESSAGES } from './messages.ts';

const messageOf = (result: { ok: boolean; message?: string }) => (result.ok ? null : result.message);

describe('text rules', () => {
  it('requiredText trims and refuses empty or over-long text', () => {
    expect(requiredText('  Brokerage  ')).toEqual({ ok: true, value: 'Brokerage' });
    expect(messageOf(requiredText('   '))).toBe('Field is required');
    expect(messageOf(requiredText(null))).toBe('Field is required');
    expect(requiredText('x'.repeat(255)).ok).toBe(true);
    expect(messageOf(requiredText('x'.repeat(256)))).toBe('Too long string');
    expect(requiredText(` ${'x'.repeat(255)} `).ok).toBe(true);
  });

  it('limitedText allows empty (as null) and caps length', () => {
    expect(limitedText('')).toEqual({ ok: true, value: null });
    expect(limitedText(' note ')).toEqual({ ok: true, value: 'note' });
    expect(messageOf(limitedText('x'.repeat(256)))).toBe('Too long string');
    expect(messageOf(limitedText('x'.repeat(11), 10))).toBe('Too long string');
  });
});

describe('number rules', () => {
  it('numeric canonicalises strings and numbers', () => {
    expect(numeric(' 1500.50 ')).toEqual({ ok: true, value: '1500.5' });
    expect(numeric(-3)).toEqual({ ok: true, value: '-3' });
    expect(numeric('12.5%')).toEqual({ ok: true, value: '0.125' });
    expect(messageOf(numeric('abc'))).toBe('Must be numeric');
    expect(messageOf(numeric('1,500'))).toBe('Must be numeric');
    expect(messageOf(numeric(Number.NaN))).toBe('Must be numeric');
    expect(messageOf(numeric({}))).toBe('Must be numeric');
    expect(messageOf(numeric(''))).toBe('Field is required');
  });

  it.each([
    [positive, '1', '0', 'Must be positive'],
    [negative, '-1', '0', 'Must be negative'],
    [nonNegative, '0', '-0.01', 'Must be greater than or equal 0'],
    [nonPositive, '0', '0.01', 'Must be less than or equal 0'],
    [equalOne, '1.00', '0.99', 'Must be equal one'],
  ])('%o accepts %s and refuses %s with its message', (rule, good, bad, message) => {
    expect(rule(good).ok).toBe(true);
    expect(messageOf(rule(bad))).toBe(message);
    expect(messageOf(rule('x'))).toBe('Must be numeric');
  });

  it('percent is a non-zero fraction from -1 to 1', () => {
    expect(percent('0.5')).toEqual({ ok: true, value: '0.5' });
    expect(percent('-100%')).toEqual({ ok: true, value: '-1' });
    expect(percent('100%')).toEqual({ ok: true, value: '1' });
    expect(messageOf(percent('-1.01'))).toBe('Must be greater than or equal -100%');
    expect(messageOf(percent('101%'))).toBe('Must be less than or equal 100%');
    expect(messageOf(percent('0'))).toBe('Cannot be zero');
    expect(messageOf(percent('0%'))).toBe('Cannot be zero');
  });
});

describe('percent input and display', () => {
  it('turns a pasted percent into a fraction', () => {
    expect(parsePercentInput('12.5%')).toBe('0.125');
    expect(parsePercentInput(' -3 % ')).toBe('-0.03');
    expect(parsePercentInput('0.4')).toBe('0.4');
    expect(parsePercentInput('abc%')).toBe('abc%');
  });

  it('shows fractions times 100 with %', () => {
    expect(formatPercent('0.125')).toBe('12.5%');
    expect(formatPercent(-1)).toBe('-100%');
    // Display rounding is half-even, as everywhere else.
    expect(formatPercent('0.12345', 2)).toBe('12.34%');
    expect(formatPercent('0.12355', 2)).toBe('12.36%');
  });
});

describe('date rules', () => {
  it('empty becomes null', () => {
    expect(date('')).toEqual({ ok: true, value: null });
    expect(date(undefined)).toEqual({ ok: true, value: null });
  });

  it('accepts real YYYY-MM-DD dates only', () => {
    expect(date('2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '24-01-01',
      '2024/01/01',
      '01/02/2024',
      '2024-01-01T00:00',
      20240101,
    ]) {
      expect(messageOf(date(bad))).toBe('Please enter a valid date');
    }
  });

  it(`clamps dates before ${MIN_DATE_YEAR} to its first day`, () => {
    expect(date('0023-05-01')).toEqual({ ok: true, value: '1900-01-01' });
    expect(date('1899-12-31')).toEqual({ ok: true, value: '1900-01-01' });
    expect(date('1900-01-02')).toEqual({ ok: true, value: '1900-01-02' });
    expect(date('1999-06-01', 2000)).toEqual({ ok: true, value: '2000-01-01' });
  });

  it('requiredDate refuses empty', () => {
    expect(messageOf(requiredDate(''))).toBe('Field is required');
    expect(requiredDate('2024-01-31')).toEqual({ ok: true, value: '2024-01-31' });
  });
});

describe('enumeration, equality and account tags', () => {
  it('oneOf lists the choices', () => {
    const rule = oneOf(['day', 'week', 'month']);
    expect(rule(' week ')).toEqual({ ok: true, value: 'week' });
    expect(rule('year')).toEqual({
      ok: false,
      code: 'NOT_ONE_OF',
      message: 'Must be one of: day, week, month',
    });
    expect(messageOf(rule(''))).toBe('Field is required');
  });

  it('equalTo names the value', () => {
    expect(equalTo('USD')('USD').ok).toBe(true);
    expect(messageOf(equalTo('USD')('EUR'))).toBe('Must be equal to USD');
  });

  it('accounts need both Category and Subcategory', () => {
    expect(accountTags('Cash', 'Checking')).toEqual({
      ok: true,
      value: { category: 'Cash', subcategory: 'Checking' },
    });
    expect(messageOf(accountTags('Cash', ' '))).toBe(MESSAGES.ACCOUNT_TAGS_REQUIRED);
    expect(messageOf(accountTags(null, 'x'))).toBe('Category and Subcategory are required');
  });
});
