import { describe, expect, it } from 'vitest';
import { resolveTimeZone, todayIn } from './today.ts';

// Offsets worked by hand: Auckland is UTC+13 in January (NZDT) and UTC+12 in July (NZST); Los Angeles is
// UTC−8 in January (PST) and UTC−7 in July (PDT).
describe('todayIn', () => {
  it('turns the day at local midnight in Pacific/Auckland', () => {
    expect(todayIn('Pacific/Auckland', new Date('2024-01-01T10:59:59.999Z'))).toBe('2024-01-01');
    expect(todayIn('Pacific/Auckland', new Date('2024-01-01T11:00:00.000Z'))).toBe('2024-01-02');
    expect(todayIn('Pacific/Auckland', new Date('2024-07-01T11:59:59.999Z'))).toBe('2024-07-01');
    expect(todayIn('Pacific/Auckland', new Date('2024-07-01T12:00:00.000Z'))).toBe('2024-07-02');
  });

  it('turns the day at local midnight in America/Los_Angeles', () => {
    expect(todayIn('America/Los_Angeles', new Date('2024-01-02T07:59:59.999Z'))).toBe('2024-01-01');
    expect(todayIn('America/Los_Angeles', new Date('2024-01-02T08:00:00.000Z'))).toBe('2024-01-02');
    expect(todayIn('America/Los_Angeles', new Date('2024-07-02T06:59:59.999Z'))).toBe('2024-07-01');
    expect(todayIn('America/Los_Angeles', new Date('2024-07-02T07:00:00.000Z'))).toBe('2024-07-02');
  });

  it('gives one instant three different days, and UTC its own', () => {
    const instant = new Date('2023-12-31T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2023-12-31');
    expect(todayIn('Pacific/Auckland', instant)).toBe('2024-01-01');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2023-12-31');
    expect(todayIn('UTC', new Date('2024-02-29T23:59:59.999Z'))).toBe('2024-02-29');
  });

  it('writes years before 1000 with four digits', () => {
    expect(todayIn('UTC', new Date('0999-03-04T00:00:00Z'))).toBe('0999-03-04');
  });
});

describe('resolveTimeZone', () => {
  it('keeps an IANA zone and falls back for anything else', () => {
    expect(resolveTimeZone('Pacific/Auckland', 'UTC')).toBe('Pacific/Auckland');
    expect(resolveTimeZone('Mars/Olympus', 'UTC')).toBe('UTC');
    expect(resolveTimeZone(null, 'Europe/Paris')).toBe('Europe/Paris');
    expect(resolveTimeZone(42, 'UTC')).toBe('UTC');
    expect(resolveTimeZone('', 'UTC')).toBe('UTC');
  });
});
