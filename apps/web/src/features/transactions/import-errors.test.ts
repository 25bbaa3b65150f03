import { describe, expect, it } from 'vitest';
import { importErrors } from './import-errors.ts';

describe('importErrors', () => {
  it('splits line keys into line and field, ordered by line', () => {
    expect(
      importErrors({
        'line 4 Cash: amount': ['Must be numeric'],
        'line 2 type': ['Must be one of: buy, sell'],
        csv: ['The header must start with type, date'],
      }),
    ).toEqual([
      { line: null, field: 'csv', message: 'The header must start with type, date' },
      { line: 2, field: 'type', message: 'Must be one of: buy, sell' },
      { line: 4, field: 'Cash: amount', message: 'Must be numeric' },
    ]);
  });
});
