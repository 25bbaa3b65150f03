// The filter model (core seed §3 "Filter", §5 "Filters and sorts"): groups of params (field, comparison,
// value) combined by AND or OR. `parseFilter` turns untrusted JSON into a typed filter against a field
// table and reports coded errors rather than throwing; `serializeFilter` writes it back as JSON.
import {
  allowedComparisons,
  COMPARISONS,
  FIELD_KIND_SPECS,
  hasFilterValue,
  type TComparison,
  type TFieldKind,
  type TFieldTable,
  type TFilterValue,
  VALUELESS_COMPARISONS,
} from './field-kinds.ts';

export const FILTER_LOGICS = ['AND', 'OR'] as const;
export type TFilterLogic = (typeof FILTER_LOGICS)[number];

export interface TFilterParam {
  field: string;
  /** Copied from the field table so evaluators need not look it up again. */
  kind: TFieldKind;
  comparison: TComparison;
  /** null for EMPTY and NOTEMPTY. */
  value: TFilterValue;
}

export interface TFilterGroup {
  /** How the group's params combine. */
  logic: TFilterLogic;
  params: TFilterParam[];
}

/** The outer logic combines the groups. No groups matches every row. */
export interface TFilter {
  logic: TFilterLogic;
  groups: TFilterGroup[];
}

/** The JSON form, as stored with a user's list settings and sent in list queries. */
export interface TFilterJson {
  logic: TFilterLogic;
  groups: { logic: TFilterLogic; params: { field: string; comparison: TComparison; value: unknown }[] }[];
}

export type TFilterErrorCode =
  | 'INVALID_FILTER'
  | 'INVALID_LOGIC'
  | 'UNKNOWN_FIELD'
  | 'UNKNOWN_COMPARISON'
  | 'COMPARISON_NOT_ALLOWED'
  | 'INVALID_VALUE';

export interface TFilterError {
  code: TFilterErrorCode;
  /** e.g. 'groups.0.params.2.value' */
  path: string;
  message: string;
}

export type TFilterParse = { ok: true; value: TFilter } | { ok: false; errors: TFilterError[] };

export const EMPTY_FILTER: TFilter = { logic: 'AND', groups: [] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseLogic(raw: unknown, path: string, errors: TFilterError[]): TFilterLogic {
  if (raw === undefined || raw === null || raw === '') return 'AND';
  if (raw === 'AND' || raw === 'OR') return raw;
  errors.push({ code: 'INVALID_LOGIC', path, message: 'Must be one of: AND, OR' });
  return 'AND';
}

/**
 * Parse untrusted filter JSON. Rows without a comparison, and rows without a value unless the comparison
 * is EMPTY or NOTEMPTY, are dropped (seed §5); groups left with no params are dropped. Null or undefined
 * is the empty filter.
 */
export function parseFilter(json: unknown, fields: TFieldTable): TFilterParse {
  if (json === null || json === undefined) return { ok: true, value: EMPTY_FILTER };
  const errors: TFilterError[] = [];
  if (!isRecord(json) || !(json.groups === undefined || Array.isArray(json.groups))) {
    return {
      ok: false,
      errors: [{ code: 'INVALID_FILTER', path: '', message: 'Must be a filter object with groups' }],
    };
  }
  const logic = parseLogic(json.logic, 'logic', errors);
  const groups: TFilterGroup[] = [];
  const rawGroups: unknown[] = json.groups ?? [];
  rawGroups.forEach((rawGroup, groupIndex) => {
    const groupPath = `groups.${groupIndex}`;
    if (!isRecord(rawGroup) || !Array.isArray(rawGroup.params)) {
      errors.push({ code: 'INVALID_FILTER', path: groupPath, message: 'Must be a group with params' });
      return;
    }
    const groupLogic = parseLogic(rawGroup.logic, `${groupPath}.logic`, errors);
    const params: TFilterParam[] = [];
    rawGroup.params.forEach((rawParam: unknown, paramIndex: number) => {
      const param = parseParam(rawParam, `${groupPath}.params.${paramIndex}`, fields, errors);
      if (param) params.push(param);
    });
    if (params.length > 0) groups.push({ logic: groupLogic, params });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { logic, groups } };
}

function parseParam(
  raw: unknown,
  path: string,
  fields: TFieldTable,
  errors: TFilterError[],
): TFilterParam | null {
  if (!isRecord(raw)) {
    errors.push({
      code: 'INVALID_FILTER',
      path,
      message: 'Must be a param with field, comparison and value',
    });
    return null;
  }
  const { field, comparison, value } = raw;
  if (comparison === undefined || comparison === null || comparison === '') return null;
  if (typeof field !== 'string' || !Object.hasOwn(fields, field)) {
    errors.push({ code: 'UNKNOWN_FIELD', path: `${path}.field`, message: `Unknown field: ${String(field)}` });
    return null;
  }
  const definition = fields[field]!;
  if (!(COMPARISONS as readonly unknown[]).includes(comparison)) {
    errors.push({
      code: 'UNKNOWN_COMPARISON',
      path: `${path}.comparison`,
      message: `Unknown comparison: ${String(comparison)}`,
    });
    return null;
  }
  const allowed = allowedComparisons(definition);
  const typedComparison = comparison as TComparison;
  if (!allowed.includes(typedComparison)) {
    errors.push({
      code: 'COMPARISON_NOT_ALLOWED',
      path: `${path}.comparison`,
      message: `Must be one of: ${allowed.join(', ')}`,
    });
    return null;
  }
  if (!hasFilterValue(typedComparison, value)) return null;
  if (VALUELESS_COMPARISONS.includes(typedComparison)) {
    return { field, kind: definition.kind, comparison: typedComparison, value: null };
  }
  const parsed = FIELD_KIND_SPECS[definition.kind].parse(typedComparison, value);
  if (!parsed.ok) {
    errors.push({ code: 'INVALID_VALUE', path: `${path}.value`, message: parsed.message });
    return null;
  }
  return { field, kind: definition.kind, comparison: typedComparison, value: parsed.value };
}

/** The JSON form of a parsed filter; parsing it again gives the same filter. */
export function serializeFilter(filter: TFilter): TFilterJson {
  return {
    logic: filter.logic,
    groups: filter.groups.map((group) => ({
      logic: group.logic,
      params: group.params.map(({ field, comparison, value }) => ({
        field,
        comparison,
        value: Array.isArray(value) ? [...value] : value,
      })),
    })),
  };
}
