import { describe, expect, it } from 'vitest';
import { parseFilter } from '../filters/filter-model.ts';
import { parseSort } from '../filters/sort-model.ts';
import { LINKED_TRANSACTION_FIELDS } from './linked-transaction-fields.ts';

describe('the linked transactions field table', () => {
  it('offers the seed comparisons: EQ on names, CONTAINS on tags, GREATER on months', () => {
    const param = (field: string, comparison: string, value: unknown) =>
      parseFilter({ groups: [{ params: [{ field, comparison, value }] }] }, LINKED_TRANSACTION_FIELDS);
    expect(param('account_name', 'EQ', 'Checking').ok).toBe(true);
    expect(param('tags', 'CONTAINS', 'exclude').ok).toBe(true);
    expect(param('month', 'GREATER', '6').ok).toBe(true);
    expect(param('tags', 'EQ', 'exclude')).toEqual({
      ok: false,
      errors: [
        {
          code: 'COMPARISON_NOT_ALLOWED',
          path: 'groups.0.params.0.comparison',
          message: 'Must be one of: CONTAINS, NOTCONTAINS, EMPTY, NOTEMPTY',
        },
      ],
    });
  });

  it('does not sort by tags (seed §2)', () => {
    expect(parseSort([{ field: 'tags', sortDirection: 'ascending' }], LINKED_TRANSACTION_FIELDS)).toEqual({
      ok: false,
      errors: [{ code: 'NOT_SORTABLE', path: '0.field', message: 'Cannot sort by tags' }],
    });
  });
});
