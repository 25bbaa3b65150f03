import { describe, expect, it } from 'vitest';
import { formatDate, formatInstantDate, parseDate } from './display-date.ts';

describe('formatDate', () => {
  it('shows 25 November 2026 in each format', () => {
    expect(formatDate('2026-11-25', 'DD/MM/YYYY')).toBe('25/11/2026');
    expect(formatDate('2026-11-25', 'MM/DD/YYYY')).toBe('11/25/2026');
    expect(formatDate('2026-11-25', 'YYYY-MM-DD')).toBe('2026-11-25');
  });

  it('keeps leading zeros and takes the date part of a timestamp', () => {
    expect(formatDate('2026-01-02', 'DD/MM/YYYY')).toBe('02/01/2026');
    expect(formatDate('2026-01-02T23:59:00.000Z', 'MM/DD/YYYY')).toBe('01/02/2026');
  });

  it('shows what is not a date as it is', () => {
    expect(formatDate('', 'DD/MM/YYYY')).toBe('');
    expect(formatDate('2026-1-2', 'DD/MM/YYYY')).toBe('2026-1-2');
    expect(formatDate('2026-01-02x', 'DD/MM/YYYY')).toBe('2026-01-02x');
  });
});

describe('formatInstantDate', () => {
  it("is the calendar day in the user's zone", () => {
    const lateEvening = new Date('2026-11-25T23:30:00Z');
    expect(formatInstantDate(lateEvening, 'DD/MM/YYYY', 'UTC')).toBe('25/11/2026');
    expect(formatInstantDate(lateEvening, 'DD/MM/YYYY', 'Pacific/Auckland')).toBe('26/11/2026');
    expect(formatInstantDate(lateEvening, 'MM/DD/YYYY', 'America/New_York')).toBe('11/25/2026');
  });
});

describe('parseDate', () => {
  it('reads the user format', () => {
    expect(parseDate('25/11/2026', 'DD/MM/YYYY')).toBe('2026-11-25');
    expect(parseDate('11/25/2026', 'MM/DD/YYYY')).toBe('2026-11-25');
    expect(parseDate('2026-11-25', 'YYYY-MM-DD')).toBe('2026-11-25');
  });

  it('accepts one-digit parts, dots and dashes, and spaces around', () => {
    expect(parseDate(' 2/1/2026 ', 'DD/MM/YYYY')).toBe('2026-01-02');
    expect(parseDate('2.1.2026', 'DD/MM/YYYY')).toBe('2026-01-02');
    expect(parseDate('1-2-2026', 'MM/DD/YYYY')).toBe('2026-01-02');
  });

  it('always accepts the ISO form', () => {
    expect(parseDate('2026-01-02', 'DD/MM/YYYY')).toBe('2026-01-02');
    expect(parseDate('2026-1-2', 'MM/DD/YYYY')).toBe('2026-01-02');
  });

  it('refuses what is not a calendar date, or is in the other order', () => {
    expect(parseDate('11/25/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseDate('25/11/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseDate('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseDate('29/02/2024', 'DD/MM/YYYY')).toBe('2024-02-29');
    expect(parseDate('25/11/26', 'DD/MM/YYYY')).toBeNull();
    expect(parseDate('25/11/2026', 'YYYY-MM-DD')).toBeNull();
    expect(parseDate('', 'DD/MM/YYYY')).toBeNull();
    expect(parseDate('tomorrow', 'DD/MM/YYYY')).toBeNull();
  });
});
