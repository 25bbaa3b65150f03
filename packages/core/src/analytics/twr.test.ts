import { describe, expect, it } from 'vitest';
import { toEpochDay } from '../dates/epoch-day.ts';
import { buildPeriodGrid } from './period-grid.ts';
import { newScopeState, setObservations } from './scope-state.ts';
import { twrFactors } from './twr.ts';

const grid = buildPeriodGrid({ periods: 1, freq: 'month', end: '2024-01-31', includeEnd: true });
const d = toEpochDay;

function state(opening: number, observations: [string, number, number, number, number][]) {
  const s = newScopeState({ index: 0, kind: 'repository', id: 'repository', name: 'R' }, 1);
  s.gridValue[0] = opening;
  setObservations(
    s,
    observations.map(
      ([day, value, inflow, outflow, before]) => [d(day), value, inflow, outflow, before] as const,
    ),
  );
  return s;
}

describe('TWR', () => {
  it('chain-links: 1,000 → 1,100 before a 500 deposit, then 1,600 → 1,760 at the end = 1.1 × 1.1 − 1', () => {
    // Day 10: value the evening before 1,100; the deposit of 500 arrives; close 1,600 (flat that day).
    const s = state(1000, [
      ['2024-01-10', 1600, 500, 0, 1100],
      ['2024-01-31', 1760, 0, 0, Number.NaN],
    ]);
    expect(twrFactors(s, grid)[0]).toBeCloseTo(1.21, 12);
  });

  it('an opening buy above the close shows its cost that day: 1,480 / 1,505', () => {
    const s = state(0, [
      ['2024-01-10', 1480, 1505, 0, 0],
      ['2024-01-31', 1550, 0, 0, Number.NaN],
    ]);
    expect(twrFactors(s, grid)[0]).toBeCloseTo(1550 / 1505, 12);
  });

  it('selling everything is the day’s return on the evening-before value', () => {
    const s = state(1000, [
      ['2024-01-10', 0, 0, -1050, 1000],
      ['2024-01-31', 0, 0, 0, Number.NaN],
    ]);
    expect(twrFactors(s, grid)[0]).toBeCloseTo(1.05, 12);
  });

  it('a missing value makes the period undefined (NaN), not 0', () => {
    const s = state(1000, [['2024-01-31', Number.NaN, 0, 0, Number.NaN]]);
    expect(twrFactors(s, grid)[0]).toBeNaN();
  });
});
