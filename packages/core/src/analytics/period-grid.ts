// The timeline grid of an analytics request: `periods` periods of `freq` ending at `end` (or today).
// Periods are calendar periods (weeks end on Sunday, ISO weeks; months, quarters and years on their last
// day). Period i runs from boundary i−1 (exclusive) to boundary i (inclusive), so a transaction on a
// boundary belongs to the period that ends there and value at a boundary is the close of that day.
// include_end: true makes the last period run to `end` itself even when `end` falls mid-period (a
// period to date); false ends the grid at the last full period end on or before `end`.
import { fromEpochDay, toEpochDay } from '../dates/epoch-day.ts';
import type { TFrequency, TPeriod } from './analytics-types.ts';

export interface TPeriodGrid {
  /** periods + 1 epoch days, ascending: boundaries[0] is the opening date (exclusive start of period 0). */
  boundaries: Int32Array;
  periods: TPeriod[];
}

function utcParts(day: number): { year: number; month: number; date: number } {
  const d = new Date(day * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), date: d.getUTCDate() };
}

/** Epoch day of the last day of month `month` (0-based, may be out of range) of `year`. */
function monthEnd(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month + 1, 0);
  return Math.round(d.getTime() / 86_400_000);
}

/** The latest period end strictly before `day`. */
export function previousPeriodEnd(day: number, freq: TFrequency): number {
  switch (freq) {
    case 'day':
      return day - 1;
    case 'week': {
      // 1970-01-01 was a Thursday: (day + 4) mod 7 is 0 on Sundays.
      const dayOfWeek = (((day + 4) % 7) + 7) % 7;
      return day - (dayOfWeek === 0 ? 7 : dayOfWeek);
    }
    case 'month': {
      const { year, month } = utcParts(day);
      return monthEnd(year, month - 1);
    }
    case 'quarter': {
      const { year, month } = utcParts(day);
      return monthEnd(year, month - (month % 3) - 1);
    }
    case 'year':
      return monthEnd(utcParts(day).year - 1, 11);
  }
}

export function isPeriodEnd(day: number, freq: TFrequency): boolean {
  return previousPeriodEnd(day + 1, freq) === day;
}

export function buildPeriodGrid(options: {
  periods: number;
  freq: TFrequency;
  end: string;
  includeEnd: boolean;
}): TPeriodGrid {
  const { periods, freq } = options;
  if (!Number.isInteger(periods) || periods < 1) throw new RangeError(`periods must be a whole number ≥ 1`);
  const endDay = toEpochDay(options.end);
  const last = options.includeEnd || isPeriodEnd(endDay, freq) ? endDay : previousPeriodEnd(endDay, freq);
  const boundaries = new Int32Array(periods + 1);
  boundaries[periods] = last;
  for (let i = periods - 1; i >= 0; i--) boundaries[i] = previousPeriodEnd(boundaries[i + 1]!, freq);
  const list: TPeriod[] = [];
  for (let i = 0; i < periods; i++) {
    list.push({ index: i, start: fromEpochDay(boundaries[i]!), end: fromEpochDay(boundaries[i + 1]!) });
  }
  return { boundaries, periods: list };
}
