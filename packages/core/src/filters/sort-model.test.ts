import { describe, expect, it } from 'vitest';
import { TRANSACTION_FILTER_FIELDS as FIELDS } from '../transactions/transaction-filter-fields.ts';
import { availableSortFields, parseSort, sortableFields } from './sort-model.ts';

describe('sort model', () => {
  it('excludes fields already used from the choices', () => {
    expect(availableSortFields([{ field: 'date' }], ['type', 'date', 'description'])).toEqual([
      'type',
      'description',
    ]);
    expect(availableSortFields([], ['type'])).toEqual(['type']);
  });

  it('lists the sortable fields of a table', () => {
    expect(sortableFields(FIELDS)).toEqual(['type', 'date', 'description']);
  });

  it('parses a sort list', () => {
    expect(
      parseSort(
        [
          { field: 'date', sortDirection: 'descending' },
          { field: 'type', sortDirection: 'ascending' },
        ],
        FIELDS,
      ),
    ).toEqual({
      ok: true,
      value: [
        { field: 'date', sortDirection: 'descending' },
        { field: 'type', sortDirection: 'ascending' },
      ],
    });
    expect(parseSort(undefined, FIELDS)).toEqual({ ok: true, value: [] });
  });

  it('allows at most one sort per field and reports coded errors', () => {
    const result = parseSort(
      [
        { field: 'date', sortDirection: 'ascending' },
        { field: 'date', sortDirection: 'descending' },
        { field: 'colour', sortDirection: 'ascending' },
        { field: 'amount', sortDirection: 'ascending' },
        { field: 'type', sortDirection: 'up' },
      ],
      FIELDS,
    );
    expect(result.ok ? [] : result.errors.map((e) => [e.code, e.path])).toEqual([
      ['DUPLICATE_FIELD', '1.field'],
      ['UNKNOWN_FIELD', '2.field'],
      ['NOT_SORTABLE', '3.field'],
      ['INVALID_DIRECTION', '4.sortDirection'],
    ]);
    expect(parseSort({ field: 'date' }, FIELDS).ok).toBe(false);
  });
});
