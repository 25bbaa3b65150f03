import type { TFieldTable } from '@strata/core/filters/field-kinds';
import type { TSort } from '@strata/core/filters/sort-model';
import { TRANSACTION_FILTER_FIELDS as FIELDS } from '@strata/core/transactions/transaction-filter-fields';
import { describe, expect, it } from 'vitest';
import {
  addSortItem,
  moveSortItem,
  removeSortItem,
  setSortField,
  sortFieldChoices,
  toggleSortDirection,
} from './sort-draft.ts';

const byDate: TSort = [{ field: 'date', sortDirection: 'descending' }];

describe('sort editing', () => {
  it('offers only sortable fields not used by another item', () => {
    expect(sortFieldChoices([], FIELDS)).toEqual(['type', 'date', 'description']);
    expect(sortFieldChoices(byDate, FIELDS)).toEqual(['type', 'description']);
    // The item's own field stays in its own choices.
    expect(sortFieldChoices(byDate, FIELDS, 0)).toEqual(['type', 'date', 'description']);
  });

  it('adds the first free field ascending, and nothing once every field is used', () => {
    const two = addSortItem(byDate, FIELDS);
    expect(two).toEqual([...byDate, { field: 'type', sortDirection: 'ascending' }]);
    const all = addSortItem(two, FIELDS);
    expect(all.map((item) => item.field)).toEqual(['date', 'type', 'description']);
    expect(addSortItem(all, FIELDS)).toBe(all);
    const none: TFieldTable = { amount: { kind: 'amount' } };
    expect(addSortItem([], none)).toEqual([]);
  });

  it('refuses a field used by another item', () => {
    const two = addSortItem(byDate, FIELDS);
    expect(setSortField(two, 1, 'date', FIELDS)).toBe(two);
    expect(setSortField(two, 1, 'amount', FIELDS)).toBe(two);
    expect(setSortField(two, 1, 'description', FIELDS)[1]!.field).toBe('description');
  });

  it('toggles a direction, reorders and removes', () => {
    const two = addSortItem(byDate, FIELDS);
    expect(toggleSortDirection(two, 0)[0]!.sortDirection).toBe('ascending');
    expect(toggleSortDirection(two, 1)[1]!.sortDirection).toBe('descending');
    expect(moveSortItem(two, 1, 0).map((item) => item.field)).toEqual(['type', 'date']);
    expect(moveSortItem(two, 0, 5).map((item) => item.field)).toEqual(['type', 'date']);
    expect(moveSortItem(two, 0, 0)).toBe(two);
    expect(removeSortItem(two, 0)).toEqual([{ field: 'type', sortDirection: 'ascending' }]);
  });
});
