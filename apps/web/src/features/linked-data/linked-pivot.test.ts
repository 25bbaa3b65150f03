import { describe, expect, it } from 'vitest';
import { formatPivotValue, pivotGrid, pivotQuery } from './linked-pivot.ts';

// A month × category answer as the server sends it (ordered by row key, then column key, empty keys last).
const ANSWER = {
  rows: ['month'],
  columns: ['category'],
  values: ['sum', 'count', 'avg'],
  data: [
    { row: [1], column: ['Food'], values: { sum: '-92.5', count: 2, avg: '-46.25' } },
    { row: [1], column: [null], values: { sum: '1000.10', count: 1, avg: '1000.10' } },
    { row: [2], column: ['Bills'], values: { sum: '-0.1', count: 1, avg: '-0.1' } },
    { row: [2], column: ['Food'], values: { sum: '-0.2', count: 1, avg: '-0.2' } },
    { row: [10], column: ['Food'], values: { sum: '3', count: 3, avg: '1' } },
  ],
};

describe('pivotGrid', () => {
  it('lays the cells out by row and column, columns in key order with the empty key last', () => {
    const grid = pivotGrid(ANSWER, 'sum');
    expect(grid.rowKeys).toEqual(['1', '2', '10']);
    expect(grid.columnKeys).toEqual(['Bills', 'Food', '(empty)']);
    expect(grid.cells).toEqual([
      [undefined, '-92.5', '1000.10'],
      ['-0.1', '-0.2', undefined],
      [undefined, '3', undefined],
    ]);
  });

  it('adds totals exactly: 0.1 + 0.2 is 0.3, not 0.30000000000000004', () => {
    const grid = pivotGrid(ANSWER, 'sum');
    // 1: -92.5 + 1000.10 = 907.6; 2: -0.1 + -0.2 = -0.3; 10: 3
    expect(grid.rowTotals).toEqual(['907.6', '-0.3', '3']);
    // Bills -0.1; Food -92.5 - 0.2 + 3 = -89.7; (empty) 1000.1
    expect(grid.columnTotals).toEqual(['-0.1', '-89.7', '1000.1']);
    expect(grid.total).toBe('910.3');
  });

  it('counts add as numbers; an average has no totals', () => {
    const counts = pivotGrid(ANSWER, 'count');
    expect(counts.rowTotals).toEqual([3, 2, 3]);
    expect(counts.total).toBe(8);
    const averages = pivotGrid(ANSWER, 'avg');
    expect(averages.rowTotals).toBeNull();
    expect(averages.columnTotals).toBeNull();
    expect(averages.total).toBeUndefined();
  });

  it('names quarters Q1…Q4 and a pivot without rows or columns "Total"', () => {
    const grid = pivotGrid(
      {
        rows: ['quarter'],
        columns: [],
        values: ['sum'],
        data: [
          { row: [1], column: [], values: { sum: '5' } },
          { row: [3], column: [], values: { sum: '-2.5' } },
        ],
      },
      'sum',
    );
    expect(grid.rowKeys).toEqual(['Q1', 'Q3']);
    expect(grid.columnKeys).toEqual(['Total']);
    expect(grid.total).toBe('2.5');
  });
});

describe('pivotQuery', () => {
  it('sends rows, columns and the aggregate; a filter becomes one OR group of EQ params', () => {
    expect(pivotQuery({ rows: 'month', columns: 'category', value: 'sum', filter: null })).toEqual({
      rows: 'month',
      columns: 'category',
      values: 'sum',
    });
    const query = pivotQuery({
      rows: 'year',
      columns: 'category',
      value: 'count',
      filter: { field: 'account_type', values: ['CHECKING', 'SAVINGS'] },
      includeExcluded: true,
    });
    expect(query.include_excluded).toBe('true');
    expect(JSON.parse(query.filter as string)).toEqual({
      logic: 'AND',
      groups: [
        {
          logic: 'OR',
          params: [
            { field: 'account_type', comparison: 'EQ', value: 'CHECKING' },
            { field: 'account_type', comparison: 'EQ', value: 'SAVINGS' },
          ],
        },
      ],
    });
  });

  it('drops what the server would refuse: unknown names, the same field twice, an empty filter', () => {
    expect(
      pivotQuery({
        rows: 'month',
        columns: 'month',
        value: 'median',
        filter: { field: 'tags', values: ['x'] },
      }),
    ).toEqual({ rows: 'month', columns: '', values: 'sum' });
    expect(
      pivotQuery({ rows: 'year', columns: '', value: 'max', filter: { field: 'year', values: [] } }),
    ).toEqual({
      rows: 'year',
      columns: '',
      values: 'max',
    });
  });
});

describe('formatPivotValue', () => {
  it('shows counts whole and amounts with two decimals, rounded half-even', () => {
    expect(formatPivotValue(1234, 'count')).toBe('1,234');
    expect(formatPivotValue('-1778.3952', 'sum')).toBe('-1,778.40');
    expect(formatPivotValue('0.125', 'avg')).toBe('0.12');
    expect(formatPivotValue(undefined, 'sum')).toBe('');
  });
});
