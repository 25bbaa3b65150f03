import { describe, expect, it } from 'vitest';
import { TRANSACTION_FILTER_FIELDS as FIELDS } from '../transactions/transaction-filter-fields.ts';
import { EMPTY_FILTER, parseFilter, serializeFilter } from './filter-model.ts';

const one = (params: unknown[], logic = 'AND') => ({ logic, groups: [{ logic: 'AND', params }] });

describe('parseFilter', () => {
  it('parses groups of params and types their values', () => {
    const result = parseFilter(
      {
        logic: 'OR',
        groups: [
          {
            logic: 'AND',
            params: [
              { field: 'type', comparison: 'EQ', value: 'buy' },
              { field: 'amount', comparison: 'GREATER', value: '100.0' },
            ],
          },
          { params: [{ field: 'date', comparison: 'LAST', value: '7' }] },
        ],
      },
      FIELDS,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        logic: 'OR',
        groups: [
          {
            logic: 'AND',
            params: [
              { field: 'type', kind: 'simple', comparison: 'EQ', value: 'buy' },
              { field: 'amount', kind: 'amount', comparison: 'GREATER', value: '100' },
            ],
          },
          { logic: 'AND', params: [{ field: 'date', kind: 'date', comparison: 'LAST', value: 7 }] },
        ],
      },
    });
  });

  it('treats null as the empty filter', () => {
    expect(parseFilter(null, FIELDS)).toEqual({ ok: true, value: EMPTY_FILTER });
  });

  it('drops rows without a value unless EMPTY or NOTEMPTY, rows without a comparison, and empty groups', () => {
    const result = parseFilter(
      {
        logic: 'AND',
        groups: [
          {
            params: [
              { field: 'description', comparison: 'CONTAINS', value: '' },
              { field: 'type', comparison: '', value: 'buy' },
            ],
          },
          {
            params: [
              { field: 'description', comparison: 'EMPTY' },
              { field: 'amount', comparison: 'EQ', value: null },
            ],
          },
        ],
      },
      FIELDS,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        logic: 'AND',
        groups: [
          {
            logic: 'AND',
            params: [{ field: 'description', kind: 'text', comparison: 'EMPTY', value: null }],
          },
        ],
      },
    });
  });

  it('reports coded errors with paths', () => {
    const result = parseFilter(
      {
        logic: 'XOR',
        groups: [
          {
            params: [
              { field: 'colour', comparison: 'EQ', value: 'red' },
              { field: 'description', comparison: 'EQ', value: 'x' },
              { field: 'type', comparison: 'EMPTY' },
              { field: 'amount', comparison: 'GREATER', value: 'lots' },
              { field: 'date', comparison: 'SOON', value: '1' },
            ],
          },
          'nonsense',
        ],
      },
      FIELDS,
    );
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors).toEqual([
      { code: 'INVALID_LOGIC', path: 'logic', message: 'Must be one of: AND, OR' },
      { code: 'UNKNOWN_FIELD', path: 'groups.0.params.0.field', message: 'Unknown field: colour' },
      {
        code: 'COMPARISON_NOT_ALLOWED',
        path: 'groups.0.params.1.comparison',
        message: 'Must be one of: CONTAINS, NOTCONTAINS, EMPTY, NOTEMPTY',
      },
      {
        code: 'COMPARISON_NOT_ALLOWED',
        path: 'groups.0.params.2.comparison',
        message: 'Must be one of: EQ, NOTEQ',
      },
      { code: 'INVALID_VALUE', path: 'groups.0.params.3.value', message: 'Must be numeric' },
      {
        code: 'UNKNOWN_COMPARISON',
        path: 'groups.0.params.4.comparison',
        message: 'Unknown comparison: SOON',
      },
      { code: 'INVALID_FILTER', path: 'groups.1', message: 'Must be a group with params' },
    ]);
  });

  it('refuses a non-object and does not trust inherited keys as fields', () => {
    expect(parseFilter('AND', FIELDS).ok).toBe(false);
    expect(parseFilter([], FIELDS).ok).toBe(false);
    const result = parseFilter(one([{ field: 'toString', comparison: 'EQ', value: 'x' }]), FIELDS);
    expect(result.ok ? null : result.errors[0]?.code).toBe('UNKNOWN_FIELD');
  });

  it('round-trips through serializeFilter and JSON', () => {
    const parsed = parseFilter(
      one([
        { field: 'date', comparison: 'RANGE', value: ['2024-01-01', '2024-12-31'] },
        { field: 'account', comparison: 'NOTEMPTY', value: 'ignored' },
      ]),
      FIELDS,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const json = JSON.parse(JSON.stringify(serializeFilter(parsed.value)));
    expect(json.groups[0].params[1]).toEqual({ field: 'account', comparison: 'NOTEMPTY', value: null });
    expect(parseFilter(json, FIELDS)).toEqual(parsed);
  });
});
