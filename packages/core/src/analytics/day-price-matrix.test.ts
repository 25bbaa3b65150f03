import { describe, expect, it } from 'vitest';
import { DayPriceMatrix, valuationDays } from './day-price-matrix.ts';

describe('day price matrix', () => {
  it('holds the last close on or before each valuation day, NaN before the first', () => {
    const series = new Map([['a', { days: Int32Array.of(10, 20), closes: Float64Array.of(1, 2) }]]);
    const matrix = new DayPriceMatrix(Int32Array.of(5, 10, 15, 20, 25), series, ['a', 'no-series']);
    const column = matrix.column('a');
    expect(matrix.column('no-series')).toBe(-1);
    expect([0, 1, 2, 3, 4].map((row) => matrix.price(row, column))).toEqual([Number.NaN, 1, 1, 2, 2]);
    expect(matrix.row(20, 0)).toBe(3);
    expect(matrix.row(21, 3)).toBe(-1);
  });

  it('values boundaries and, inside the timeline, each flow day and the day before it', () => {
    expect([...valuationDays(Int32Array.of(10, 20), [3, 10, 11, 15, 21])]).toEqual([10, 11, 14, 15, 20]);
  });
});
