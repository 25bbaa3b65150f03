import { describe, expect, it } from 'vitest';
import { allowedComparisons, FIELD_KIND_SPECS, hasFilterValue, MAX_LAST_DAYS } from './field-kinds.ts';

describe('field kinds', () => {
  it('allows the seed comparisons per kind, adding EMPTY and NOTEMPTY unless notEmpty', () => {
    expect(allowedComparisons({ kind: 'amount' })).toEqual([
      'GREATER',
      'LESS',
      'EQ',
      'NOTEQ',
      'EMPTY',
      'NOTEMPTY',
    ]);
    expect(allowedComparisons({ kind: 'date', isNotEmpty: true })).toEqual([
      'LAST',
      'EQ',
      'NOTEQ',
      'BEFORE',
      'AFTER',
      'RANGE',
    ]);
    expect(allowedComparisons({ kind: 'simple' })).toEqual(['EQ', 'NOTEQ', 'EMPTY', 'NOTEMPTY']);
    expect(allowedComparisons({ kind: 'text', isNotEmpty: true })).toEqual(['CONTAINS', 'NOTCONTAINS']);
  });

  it('parses values per kind', () => {
    const { amount, date, simple, text } = FIELD_KIND_SPECS;
    expect(amount.parse('GREATER', '1500.50')).toEqual({ ok: true, value: '1500.5' });
    expect(amount.parse('EQ', 2)).toEqual({ ok: true, value: '2' });
    expect(amount.parse('EQ', 'ten')).toEqual({ ok: false, message: 'Must be numeric' });
    expect(date.parse('BEFORE', '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(date.parse('BEFORE', '1850-01-01')).toEqual({ ok: true, value: '1850-01-01' });
    expect(date.parse('EQ', '2023-02-29').ok).toBe(false);
    expect(date.parse('LAST', 7)).toEqual({ ok: true, value: 7 });
    expect(date.parse('LAST', '30')).toEqual({ ok: true, value: 30 });
    expect(date.parse('LAST', 0).ok).toBe(false);
    expect(date.parse('LAST', 1.5).ok).toBe(false);
    expect(date.parse('RANGE', ['2024-01-01', '2024-01-31'])).toEqual({
      ok: true,
      value: ['2024-01-01', '2024-01-31'],
    });
    expect(date.parse('RANGE', ['2024-02-01', '2024-01-31'])).toEqual({
      ok: false,
      message: 'The start must not be after the end',
    });
    expect(date.parse('RANGE', '2024-01-01').ok).toBe(false);
    expect(simple.parse('EQ', 'buy')).toEqual({ ok: true, value: 'buy' });
    expect(simple.parse('EQ', true)).toEqual({ ok: true, value: 'true' });
    expect(simple.parse('EQ', { a: 1 }).ok).toBe(false);
    expect(text.parse('CONTAINS', 'Acme')).toEqual({ ok: true, value: 'Acme' });
    expect(text.parse('CONTAINS', 3).ok).toBe(false);
  });

  it('counts a row as having a value unless it is empty, except for EMPTY and NOTEMPTY', () => {
    expect(hasFilterValue('EQ', '')).toBe(false);
    expect(hasFilterValue('EQ', null)).toBe(false);
    expect(hasFilterValue('RANGE', [])).toBe(false);
    expect(hasFilterValue('CONTAINS', ' ')).toBe(true);
    expect(hasFilterValue('EQ', 0)).toBe(true);
    expect(hasFilterValue('EMPTY', undefined)).toBe(true);
    expect(hasFilterValue('NOTEMPTY', null)).toBe(true);
  });
});

describe('value bounds', () => {
  it('refuses a LAST day count past the calendar-safe maximum', () => {
    expect(FIELD_KIND_SPECS.date.parse('LAST', MAX_LAST_DAYS)).toEqual({ ok: true, value: MAX_LAST_DAYS });
    expect(FIELD_KIND_SPECS.date.parse('LAST', MAX_LAST_DAYS + 1).ok).toBe(false);
    expect(FIELD_KIND_SPECS.date.parse('LAST', '1000000000').ok).toBe(false);
  });

  it('refuses amounts the database cannot compare', () => {
    expect(FIELD_KIND_SPECS.amount.parse('GREATER', '1e140000')).toMatchObject({
      ok: false,
      message: 'Out of range',
    });
    expect(FIELD_KIND_SPECS.amount.parse('GREATER', '0.0000000000000000001').ok).toBe(false);
    expect(FIELD_KIND_SPECS.amount.parse('GREATER', '-9999999999999999999999999999.5')).toEqual({
      ok: true,
      value: '-9999999999999999999999999999.5',
    });
  });
});
