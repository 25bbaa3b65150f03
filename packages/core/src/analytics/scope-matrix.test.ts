import { describe, expect, it } from 'vitest';
import { ScopeMatrix } from './scope-matrix.ts';

describe('scope matrix', () => {
  it('keeps every sum when it grows and hands each column out as its own series', () => {
    const matrix = new ScopeMatrix(3, 2);
    matrix.ensureColumns(2);
    matrix.data[matrix.at(0, 0)]! += 1;
    matrix.data[matrix.at(2, 1)]! += 5;
    matrix.ensureColumns(7);
    matrix.data[matrix.at(1, 6)]! += 3;
    matrix.data[matrix.at(2, 1)]! += 0.5;
    matrix.row(0).set([10], 3);
    const series = matrix.columnSeries(7).map((s) => [...s]);
    expect(series).toEqual([
      [1, 0, 0],
      [0, 0, 5.5],
      [0, 0, 0],
      [10, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 3, 0],
    ]);
  });

  it('gives separate series: writing one does not touch another', () => {
    const matrix = new ScopeMatrix(2);
    matrix.ensureColumns(2);
    const [a, b] = matrix.columnSeries(2);
    a![1] = 4;
    expect([...b!]).toEqual([0, 0]);
  });
});
