import { query } from 'jsonpath-rfc9535';
import { describe, expect, it } from 'vitest';
import { childPath } from './json-path.ts';

describe('childPath', () => {
  it('writes paths that select the node they name', () => {
    const source = { memo: 'Salary', items: [{ amount: '5' }], 'a key': 1, "it's": 2 };
    expect(childPath('$', 'memo')).toBe('$.memo');
    expect(childPath(childPath(childPath('$', 'items'), 0), 'amount')).toBe('$.items[0].amount');
    expect(childPath('$', 'a key')).toBe("$['a key']");
    expect(query(source, childPath('$', 'memo'))).toEqual(['Salary']);
    expect(query(source, '$.items[0].amount')).toEqual(['5']);
    expect(query(source, childPath('$', 'a key'))).toEqual([1]);
    expect(query(source, childPath('$', "it's"))).toEqual([2]);
  });
});
