import { parseFilter } from '@strata/core/filters/filter-model';
import { TRANSACTION_FILTER_FIELDS as FIELDS } from '@strata/core/transactions/transaction-filter-fields';
import { describe, expect, it } from 'vitest';
import {
  addGroup,
  addParam,
  applyDraft,
  comparisonOptions,
  draftFromFilter,
  emptyDraft,
  filterParamCount,
  removeParam,
  setDraftLogic,
  setGroupLogic,
  type TFilterDraft,
  updateParam,
  valueEditorOf,
} from './filter-draft.ts';

const firstGroup = (draft: TFilterDraft) => draft.groups[0]!;
const firstParam = (draft: TFilterDraft) => firstGroup(draft).params[0]!;

describe('comparison and editor choice', () => {
  it('offers the comparisons of the field kind, EMPTY/NOTEMPTY only when the field can be empty', () => {
    expect(comparisonOptions(FIELDS.type).map((option) => option.value)).toEqual(['EQ', 'NOTEQ']);
    expect(comparisonOptions(FIELDS.description).map((option) => option.value)).toEqual([
      'CONTAINS',
      'NOTCONTAINS',
      'EMPTY',
      'NOTEMPTY',
    ]);
    expect(comparisonOptions(FIELDS.amount)[0]).toEqual({ value: 'GREATER', label: 'is greater than' });
  });

  it('picks the value editor by kind and comparison', () => {
    expect(valueEditorOf(FIELDS.date, 'LAST', false)).toBe('days');
    expect(valueEditorOf(FIELDS.date, 'RANGE', false)).toBe('date-range');
    expect(valueEditorOf(FIELDS.date, 'BEFORE', false)).toBe('date');
    expect(valueEditorOf(FIELDS.amount, 'GREATER', false)).toBe('amount');
    expect(valueEditorOf(FIELDS.account, 'EQ', true)).toBe('select');
    expect(valueEditorOf(FIELDS.account, 'EQ', false)).toBe('text');
    expect(valueEditorOf(FIELDS.account, 'EMPTY', true)).toBe('none');
    expect(valueEditorOf(FIELDS.description, 'CONTAINS', true)).toBe('text');
  });
});

describe('editing a draft', () => {
  it('adds a group with one row on the first field and its first comparison', () => {
    const draft = addGroup(emptyDraft(), FIELDS);
    expect(draft.groups).toHaveLength(1);
    expect(firstParam(draft)).toMatchObject({ field: 'type', comparison: 'EQ', value: '' });
  });

  it('keeps the comparison on a field change when allowed, else takes the first one, and resets the value', () => {
    let draft = addGroup(emptyDraft(), FIELDS);
    const group = firstGroup(draft).key;
    const param = firstParam(draft).key;
    draft = updateParam(draft, group, param, { value: 'buy' }, FIELDS);
    draft = updateParam(draft, group, param, { comparison: 'NOTEQ' }, FIELDS);
    expect(firstParam(draft)).toMatchObject({ comparison: 'NOTEQ', value: 'buy' });
    draft = updateParam(draft, group, param, { field: 'source' }, FIELDS);
    expect(firstParam(draft)).toMatchObject({ field: 'source', comparison: 'NOTEQ', value: '' });
    draft = updateParam(draft, group, param, { field: 'date' }, FIELDS);
    expect(firstParam(draft)).toMatchObject({ field: 'date', comparison: 'NOTEQ', value: '' });
    draft = updateParam(draft, group, param, { comparison: 'RANGE' }, FIELDS);
    expect(firstParam(draft).value).toEqual(['', '']);
    draft = updateParam(draft, group, param, { field: 'description' }, FIELDS);
    expect(firstParam(draft)).toMatchObject({ comparison: 'CONTAINS', value: '' });
    draft = updateParam(draft, group, param, { comparison: 'EMPTY' }, FIELDS);
    expect(firstParam(draft).value).toBeNull();
  });

  it('drops a group when its last row is removed', () => {
    let draft = addGroup(emptyDraft(), FIELDS);
    const group = firstGroup(draft).key;
    draft = addParam(draft, group, FIELDS);
    expect(firstGroup(draft).params).toHaveLength(2);
    draft = removeParam(draft, group, firstParam(draft).key);
    expect(firstGroup(draft).params).toHaveLength(1);
    draft = removeParam(draft, group, firstParam(draft).key);
    expect(draft.groups).toEqual([]);
  });
});

describe('applyDraft', () => {
  it('drops rows without a value unless EMPTY/NOTEMPTY, and groups left empty', () => {
    let draft = setDraftLogic(addGroup(addGroup(emptyDraft(), FIELDS), FIELDS), 'OR');
    const [one, two] = draft.groups.map((group) => group.key) as [string, string];
    draft = setGroupLogic(draft, one, 'OR');
    draft = addParam(draft, one, FIELDS);
    const [typeRow, sourceRow] = firstGroup(draft).params.map((param) => param.key) as [string, string];
    draft = updateParam(draft, one, typeRow, { value: 'buy' }, FIELDS);
    draft = updateParam(draft, one, sourceRow, { field: 'source', comparison: 'EMPTY' }, FIELDS);
    // The second group keeps its empty first row only.
    const result = applyDraft(draft, FIELDS);
    expect(result).toEqual({
      ok: true,
      filter: {
        logic: 'OR',
        groups: [
          {
            logic: 'OR',
            params: [
              { field: 'type', kind: 'simple', comparison: 'EQ', value: 'buy' },
              { field: 'source', kind: 'simple', comparison: 'EMPTY', value: null },
            ],
          },
        ],
      },
    });
    expect(draft.groups.find((group) => group.key === two)).toBeDefined();
  });

  it('treats an untouched date range as no value and a half range as an error on its row', () => {
    let draft = addGroup(emptyDraft(), FIELDS);
    const group = firstGroup(draft).key;
    const param = firstParam(draft).key;
    draft = updateParam(draft, group, param, { field: 'date', comparison: 'RANGE' }, FIELDS);
    expect(applyDraft(draft, FIELDS)).toEqual({ ok: true, filter: { logic: 'AND', groups: [] } });
    draft = updateParam(draft, group, param, { value: ['2024-01-01', ''] }, FIELDS);
    expect(applyDraft(draft, FIELDS)).toEqual({
      ok: false,
      errors: { [param]: 'Please enter a valid date' },
    });
  });

  it('reports a bad amount and a bad day count on their rows', () => {
    let draft = addGroup(emptyDraft(), FIELDS);
    const group = firstGroup(draft).key;
    draft = addParam(draft, group, FIELDS);
    const [a, b] = firstGroup(draft).params.map((param) => param.key) as [string, string];
    draft = updateParam(draft, group, a, { field: 'amount', value: 'ten' }, FIELDS);
    draft = updateParam(draft, group, b, { field: 'date', comparison: 'LAST', value: '0' }, FIELDS);
    const result = applyDraft(draft, FIELDS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[a]).toBe('Must be numeric');
    expect(result.errors[b]).toMatch(/^Must be a whole number of days/);
  });

  it('round-trips an applied filter through a draft', () => {
    const parsed = parseFilter(
      {
        logic: 'OR',
        groups: [
          {
            logic: 'AND',
            params: [
              { field: 'date', comparison: 'RANGE', value: ['2024-01-01', '2024-01-31'] },
              { field: 'date', comparison: 'LAST', value: 7 },
              { field: 'amount', comparison: 'GREATER', value: '100.5' },
            ],
          },
        ],
      },
      FIELDS,
    );
    if (!parsed.ok) throw new Error('fixture');
    const draft = draftFromFilter(parsed.value);
    expect(firstGroup(draft).params.map((param) => param.value)).toEqual([
      ['2024-01-01', '2024-01-31'],
      '7',
      '100.5',
    ]);
    expect(applyDraft(draft, FIELDS)).toEqual({ ok: true, filter: parsed.value });
    expect(filterParamCount(parsed.value)).toBe(3);
  });
});
