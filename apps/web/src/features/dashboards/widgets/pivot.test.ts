import { describe, expect, it } from 'vitest';
import { fieldValues, pivot, pivotBySettings } from './pivot.ts';

interface TRow {
  fruit: string;
  month: string;
  order: number;
  amount: number | null;
}

const rows: TRow[] = [
  { fruit: 'pear', month: 'Feb', order: 2, amount: 3 },
  { fruit: 'apple', month: 'Jan', order: 1, amount: 1 },
  { fruit: 'apple', month: 'Jan', order: 1, amount: 2 },
  { fruit: 'apple', month: 'Feb', order: 2, amount: 4 },
];
const fruit = { label: 'Fruit', key: (row: TRow) => row.fruit };
const month = { label: 'Month', key: (row: TRow) => row.month, order: (row: TRow) => row.order };
const amount = { label: 'Amount', value: (row: TRow) => row.amount };

describe('pivot', () => {
  it('groups by row and column keys and adds the values up', () => {
    const table = pivot(rows, { rows: fruit, columns: month, measure: amount });
    expect(table.rowKeys).toEqual(['apple', 'pear']);
    expect(table.columnKeys).toEqual(['Jan', 'Feb']);
    expect(table.cells).toEqual([
      [3, 4],
      [undefined, 3],
    ]);
    expect(table.rowTotals).toEqual([7, 3]);
    expect(table.columnTotals).toEqual([3, 7]);
    expect(table.total).toBe(10);
  });

  it('makes a cell and its totals missing when a value in it is', () => {
    const table = pivot([...rows, { fruit: 'pear', month: 'Jan', order: 1, amount: null }], {
      rows: fruit,
      columns: month,
      measure: amount,
    });
    expect(table.cells[1]).toEqual([null, 3]);
    expect(table.rowTotals).toEqual([7, null]);
    expect(table.columnTotals).toEqual([null, 7]);
    expect(table.total).toBeNull();
  });

  it('filters rows and leaves totals out for a measure that does not add up', () => {
    const table = pivot(rows, {
      rows: fruit,
      columns: month,
      measure: { ...amount, additive: false },
      filter: (row) => row.month === 'Feb',
    });
    expect(table.columnKeys).toEqual(['Feb']);
    expect(table.rowTotals).toBeNull();
    expect(table.columnTotals).toBeNull();
  });

  it('reads saved settings against a catalogue, falling back on unknown names', () => {
    const catalogue = { fields: { fruit, month }, measures: { amount } };
    const table = pivotBySettings(rows, catalogue, {
      rows: 'month',
      columns: 'nonsense',
      value: 'nonsense',
      filter: { field: 'fruit', values: ['apple'] },
    });
    expect(table.rowKeys).toEqual(['Jan', 'Feb']);
    expect(table.columnKeys).toEqual(['Jan', 'Feb']);
    expect(table.total).toBe(7);
    expect(fieldValues(rows, month)).toEqual(['Jan', 'Feb']);
  });
});
