// The filter builder's editable state. A draft may hold half-filled rows (a field picked, no value yet);
// applying it goes through core's `parseFilter`, which drops rows without a value unless their comparison
// is EMPTY or NOTEMPTY (seed §5) and refuses bad values with a path that points back at the row.
import {
  allowedComparisons,
  type TComparison,
  type TFieldDefinition,
  type TFieldTable,
  VALUELESS_COMPARISONS,
} from '@strata/core/filters/field-kinds';
import {
  parseFilter,
  type TFilter,
  type TFilterJson,
  type TFilterLogic,
  type TFilterParam,
} from '@strata/core/filters/filter-model';

/** What an editor holds: text for text, amounts, dates and day counts; a pair for RANGE; null for none. */
export type TDraftValue = string | readonly [string, string] | null;

export interface TDraftParam {
  /** Stable React key; not sent anywhere. */
  key: string;
  field: string;
  comparison: TComparison;
  value: TDraftValue;
}

export interface TDraftGroup {
  key: string;
  logic: TFilterLogic;
  params: TDraftParam[];
}

export interface TFilterDraft {
  logic: TFilterLogic;
  groups: TDraftGroup[];
}

/** Which editor a row's value needs. */
export type TValueEditor = 'none' | 'text' | 'amount' | 'date' | 'date-range' | 'days' | 'select';

let sequence = 0;
const nextKey = (prefix: string) => {
  sequence += 1;
  return `${prefix}-${sequence}`;
};

export const COMPARISON_LABELS: Readonly<Record<TComparison, string>> = {
  EQ: 'equals',
  NOTEQ: 'does not equal',
  CONTAINS: 'contains',
  NOTCONTAINS: 'does not contain',
  BEFORE: 'is before',
  AFTER: 'is after',
  LAST: 'in the last … days',
  RANGE: 'is between',
  GREATER: 'is greater than',
  LESS: 'is less than',
  EMPTY: 'is empty',
  NOTEMPTY: 'is not empty',
};

export const fieldLabel = (fields: TFieldTable, field: string): string => fields[field]?.label ?? field;

/** The comparisons offered for a field, with their labels, in the kind's order. */
export function comparisonOptions(definition: TFieldDefinition): { value: TComparison; label: string }[] {
  return allowedComparisons(definition).map((value) => ({ value, label: COMPARISON_LABELS[value] }));
}

/** The editor for a field and comparison; `simple` fields use a select when options can be loaded. */
export function valueEditorOf(
  definition: TFieldDefinition,
  comparison: TComparison,
  hasOptions: boolean,
): TValueEditor {
  if (VALUELESS_COMPARISONS.includes(comparison)) return 'none';
  switch (definition.kind) {
    case 'amount':
      return 'amount';
    case 'date':
      return comparison === 'LAST' ? 'days' : comparison === 'RANGE' ? 'date-range' : 'date';
    case 'simple':
      return hasOptions ? 'select' : 'text';
    default:
      return 'text';
  }
}

/** The empty value of an editor, so switching editors never carries a value of the wrong shape. */
export function emptyValueFor(editor: TValueEditor): TDraftValue {
  if (editor === 'none') return null;
  if (editor === 'date-range') return ['', ''];
  return '';
}

export function emptyDraft(): TFilterDraft {
  return { logic: 'AND', groups: [] };
}

/** A new row on the first field of the table, with its kind's first comparison. */
export function newParam(fields: TFieldTable, field: string = Object.keys(fields)[0] ?? ''): TDraftParam {
  const definition = fields[field];
  const comparison = definition ? (allowedComparisons(definition)[0] ?? 'EQ') : 'EQ';
  const value = definition ? emptyValueFor(valueEditorOf(definition, comparison, false)) : '';
  return { key: nextKey('param'), field, comparison, value };
}

function draftValueOf(param: TFilterParam): TDraftValue {
  if (param.value === null) return null;
  if (Array.isArray(param.value)) return [String(param.value[0]), String(param.value[1])];
  return String(param.value);
}

/** The draft of an applied filter (a stored one, or the one in use). */
export function draftFromFilter(filter: TFilter | null | undefined): TFilterDraft {
  if (!filter) return emptyDraft();
  return {
    logic: filter.logic,
    groups: filter.groups.map((group) => ({
      key: nextKey('group'),
      logic: group.logic,
      params: group.params.map((param) => ({
        key: nextKey('param'),
        field: param.field,
        comparison: param.comparison,
        value: draftValueOf(param),
      })),
    })),
  };
}

export function setDraftLogic(draft: TFilterDraft, logic: TFilterLogic): TFilterDraft {
  return { ...draft, logic };
}

export function addGroup(draft: TFilterDraft, fields: TFieldTable): TFilterDraft {
  return {
    ...draft,
    groups: [...draft.groups, { key: nextKey('group'), logic: 'AND', params: [newParam(fields)] }],
  };
}

export function removeGroup(draft: TFilterDraft, groupKey: string): TFilterDraft {
  return { ...draft, groups: draft.groups.filter((group) => group.key !== groupKey) };
}

const mapGroup = (
  draft: TFilterDraft,
  groupKey: string,
  change: (group: TDraftGroup) => TDraftGroup,
): TFilterDraft => ({
  ...draft,
  groups: draft.groups.map((group) => (group.key === groupKey ? change(group) : group)),
});

export function setGroupLogic(draft: TFilterDraft, groupKey: string, logic: TFilterLogic): TFilterDraft {
  return mapGroup(draft, groupKey, (group) => ({ ...group, logic }));
}

export function addParam(draft: TFilterDraft, groupKey: string, fields: TFieldTable): TFilterDraft {
  return mapGroup(draft, groupKey, (group) => ({ ...group, params: [...group.params, newParam(fields)] }));
}

/** Removes a row; a group left without rows goes too. */
export function removeParam(draft: TFilterDraft, groupKey: string, paramKey: string): TFilterDraft {
  const next = mapGroup(draft, groupKey, (group) => ({
    ...group,
    params: group.params.filter((param) => param.key !== paramKey),
  }));
  return { ...next, groups: next.groups.filter((group) => group.params.length > 0) };
}

export type TParamPatch = Partial<Pick<TDraftParam, 'field' | 'comparison' | 'value'>>;

/**
 * Changes a row. A new field keeps the comparison when that field allows it, else takes its first one; the
 * value is kept only while the editor stays the same (a date is no amount, a range no day count).
 */
export function updateParam(
  draft: TFilterDraft,
  groupKey: string,
  paramKey: string,
  patch: TParamPatch,
  fields: TFieldTable,
): TFilterDraft {
  return mapGroup(draft, groupKey, (group) => ({
    ...group,
    params: group.params.map((param) => {
      if (param.key !== paramKey) return param;
      const field = patch.field ?? param.field;
      const definition = fields[field];
      if (!definition) return { ...param, ...patch };
      const allowed = allowedComparisons(definition);
      const wanted = patch.comparison ?? param.comparison;
      const comparison = allowed.includes(wanted) ? wanted : (allowed[0] ?? wanted);
      const before = fields[param.field];
      const oldEditor = before ? valueEditorOf(before, param.comparison, true) : 'text';
      const newEditor = valueEditorOf(definition, comparison, true);
      const sameEditor = oldEditor === newEditor && field === param.field;
      const value =
        patch.value !== undefined ? patch.value : sameEditor ? param.value : emptyValueFor(newEditor);
      return { ...param, field, comparison, value };
    }),
  }));
}

/** The draft as filter JSON, half-filled rows included (parsing drops them). */
export function draftToJson(draft: TFilterDraft): TFilterJson {
  return {
    logic: draft.logic,
    groups: draft.groups.map((group) => ({
      logic: group.logic,
      params: group.params.map(({ field, comparison, value }) => ({
        field,
        comparison,
        value: Array.isArray(value) && value.every((part) => part === '') ? null : value,
      })),
    })),
  };
}

export type TApplyDraft =
  | { ok: true; filter: TFilter }
  /** Messages by row key (or '' for the filter as a whole). */
  | { ok: false; errors: Record<string, string> };

/**
 * Turns the draft into the filter to use: rows without a value are dropped (EMPTY and NOTEMPTY kept), bad
 * values are reported on their row.
 */
export function applyDraft(draft: TFilterDraft, fields: TFieldTable): TApplyDraft {
  const parsed = parseFilter(draftToJson(draft), fields);
  if (parsed.ok) return { ok: true, filter: parsed.value };
  const errors: Record<string, string> = {};
  for (const error of parsed.errors) {
    const match = /^groups\.(\d+)\.params\.(\d+)/.exec(error.path);
    const key = match ? (draft.groups[Number(match[1])]?.params[Number(match[2])]?.key ?? '') : '';
    errors[key] ??= error.message;
  }
  return { ok: false, errors };
}

/** Rows counted in a filter, for a badge on the button that opens the builder. */
export const filterParamCount = (filter: TFilter): number =>
  filter.groups.reduce((count, group) => count + group.params.length, 0);
