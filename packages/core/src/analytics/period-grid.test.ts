import { describe, expect, it } from 'vitest';
import { toEpochDay } from '../dates/epoch-day.ts';
import { buildPeriodGrid, isPeriodEnd, previousPeriodEnd } from './period-grid.ts';

const ends = (grid: ReturnType<typeof buildPeriodGrid>) => grid.periods.map((p) => `${p.start}..${p.end}`);

describe('period grid', () => {
  it('monthly, include_end: the last period runs to a mid-month end', () => {
    const grid = buildPeriodGrid({ periods: 3, freq: 'month', end: '2024-03-15', includeEnd: true });
    expect(ends(grid)).toEqual([
      '2023-12-31..2024-01-31',
      '2024-01-31..2024-02-29',
      '2024-02-29..2024-03-15',
    ]);
  });

  it('monthly without include_end stops at the last full month end', () => {
    const grid = buildPeriodGrid({ periods: 2, freq: 'month', end: '2024-03-15', includeEnd: false });
    expect(ends(grid)).toEqual(['2023-12-31..2024-01-31', '2024-01-31..2024-02-29']);
  });

  it('an end that is a period end is kept either way', () => {
    for (const includeEnd of [true, false]) {
      const grid = buildPeriodGrid({ periods: 1, freq: 'quarter', end: '2024-06-30', includeEnd });
      expect(ends(grid)).toEqual(['2024-03-31..2024-06-30']);
    }
  });

  it('weeks end on Sunday; years on 31 December; days are single days', () => {
    expect(ends(buildPeriodGrid({ periods: 2, freq: 'week', end: '2024-06-12', includeEnd: false }))).toEqual(
      ['2024-05-26..2024-06-02', '2024-06-02..2024-06-09'],
    );
    expect(ends(buildPeriodGrid({ periods: 1, freq: 'year', end: '2024-06-12', includeEnd: false }))).toEqual(
      ['2022-12-31..2023-12-31'],
    );
    expect(ends(buildPeriodGrid({ periods: 1, freq: 'day', end: '2024-06-12', includeEnd: false }))).toEqual([
      '2024-06-11..2024-06-12',
    ]);
  });

  it('previousPeriodEnd is strictly before the day', () => {
    expect(previousPeriodEnd(toEpochDay('2024-03-31'), 'month')).toBe(toEpochDay('2024-02-29'));
    expect(previousPeriodEnd(toEpochDay('2024-01-01'), 'quarter')).toBe(toEpochDay('2023-12-31'));
    expect(isPeriodEnd(toEpochDay('2024-06-09'), 'week')).toBe(true);
    expect(isPeriodEnd(toEpochDay('2024-06-10'), 'week')).toBe(false);
  });

  it('refuses a non-positive number of periods', () => {
    expect(() => buildPeriodGrid({ periods: 0, freq: 'day', end: '2024-01-01', includeEnd: true })).toThrow(
      RangeError,
    );
  });
});
