import { describe, expect, it } from 'vitest';
import { missingNote } from './missing-values.ts';
import { formatMoney, formatMultiple, formatPercent } from './number-format.ts';
import { sampleResult } from './widget-fixtures.ts';

describe('number formats', () => {
  it('formats money with the precision and currency, missing as a dash', () => {
    expect(formatMoney(1234.567, 'USD')).toBe('$1,235');
    expect(formatMoney(1234.567, 'EUR', 2)).toBe('€1,234.57');
    expect(formatMoney(-0.2, 'USD')).toBe('$0');
    expect(formatMoney(null, 'USD')).toBe('—');
    expect(formatMoney(Number.NaN, 'USD')).toBe('—');
    expect(formatMoney(0, 'USD')).toBe('$0');
  });

  it('falls back to number and code for a currency Intl does not know', () => {
    expect(formatMoney(1.5, 'BTC1', 1)).toBe('1.5 BTC1');
  });

  it('formats returns and multiples', () => {
    expect(formatPercent(0.1234)).toBe('12.3%');
    expect(formatPercent(-0.00001)).toBe('0.0%');
    expect(formatPercent(null)).toBe('—');
    expect(formatMultiple(1.456)).toBe('1.46×');
    expect(formatMultiple(null)).toBe('—');
  });
});

describe('missingNote', () => {
  it('is null when nothing is missing', () => {
    expect(missingNote(sampleResult())).toBeNull();
  });

  it('names missing prices and rates with their dates', () => {
    const result = sampleResult();
    result.missing = [
      { asset_id: 'ast-acme', kind: 'price', date: '2024-01-31', last_date: '2024-02-29', count: 2 },
      {
        asset_id: 'ast-eur',
        currency: 'EUR',
        kind: 'fx',
        date: '2024-01-31',
        last_date: '2024-01-31',
        count: 1,
      },
      { asset_id: 'ast-unknown', kind: 'price', date: '2024-02-29', last_date: '2024-02-29', count: 1 },
    ];
    expect(missingNote(result, { 'ast-unknown': 'Gold bar' })).toBe(
      'Missing: ACME price from 2024-01-31 to 2024-02-29; EUR rate on 2024-01-31; Gold bar price on 2024-02-29',
    );
    expect(missingNote(result, {}, 1)).toBe('Missing: ACME price from 2024-01-31 to 2024-02-29; …and 2 more');
  });
});
