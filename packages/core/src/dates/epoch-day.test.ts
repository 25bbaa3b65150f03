import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, fromEpochDay, toEpochDay } from './epoch-day.ts';

describe('toEpochDay', () => {
  it('counts days from 1970-01-01 across leap years', () => {
    expect(toEpochDay('1970-01-01')).toBe(0);
    expect(toEpochDay('1969-12-31')).toBe(-1);
    expect(toEpochDay('2021-01-01') - toEpochDay('2020-01-01')).toBe(366);
    expect(toEpochDay('2022-01-01') - toEpochDay('2021-01-01')).toBe(365);
  });

  it.each(['2023-02-29', '2023-13-01', '2023-1-01', '2023-01-01T00:00:00Z', '', 'yesterday'])(
    'rejects %j',
    (text) => {
      expect(() => toEpochDay(text)).toThrow(RangeError);
    },
  );
});

describe('fromEpochDay', () => {
  it('formats with zero padding', () => {
    expect(fromEpochDay(0)).toBe('1970-01-01');
    expect(fromEpochDay(toEpochDay('0999-03-07'))).toBe('0999-03-07');
    expect(fromEpochDay(toEpochDay('0050-06-01'))).toBe('0050-06-01');
    expect(toEpochDay('0050-01-01')).toBeLessThan(toEpochDay('1950-01-01'));
  });

  it('round-trips with toEpochDay', () => {
    fc.assert(
      fc.property(fc.integer({ min: -700_000, max: 2_900_000 }), (day) => {
        expect(toEpochDay(fromEpochDay(day))).toBe(day);
      }),
    );
  });

  it('adds days over month and year ends', () => {
    expect(addDays('2020-02-28', 1)).toBe('2020-02-29');
    expect(addDays('2020-12-31', 1)).toBe('2021-01-01');
    expect(addDays('2021-01-01', -1)).toBe('2020-12-31');
  });
});

describe('fromEpochDay bounds', () => {
  it('throws for a day beyond what Date can represent instead of printing NaN', () => {
    expect(() => fromEpochDay(1e9)).toThrow(RangeError);
  });
});
