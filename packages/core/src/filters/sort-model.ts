// The sort model (core seed §3 "Sort", §5): a list of (field, sortDirection), at most one per field; a
// field already used is not offered again.
import type { TFieldTable } from './field-kinds.ts';

export const SORT_DIRECTIONS = ['ascending', 'descending'] as const;
export type TSortDirection = (typeof SORT_DIRECTIONS)[number];

export interface TSortItem {
  field: string;
  sortDirection: TSortDirection;
}
export type TSort = TSortItem[];

export type TSortErrorCode =
  | 'INVALID_SORT'
  | 'UNKNOWN_FIELD'
  | 'NOT_SORTABLE'
  | 'INVALID_DIRECTION'
  | 'DUPLICATE_FIELD';
export interface TSortError {
  code: TSortErrorCode;
  path: string;
  message: string;
}

/** Fields that may still be added to a sort: every sortable field not already used. */
export function availableSortFields(
  used: readonly Pick<TSortItem, 'field'>[],
  all: readonly string[],
): string[] {
  const taken = new Set(used.map((item) => item.field));
  return all.filter((field) => !taken.has(field));
}

/** The sortable fields of a field table, in table order. */
export function sortableFields(fields: TFieldTable): string[] {
  return Object.entries(fields)
    .filter(([, definition]) => definition.isSortable)
    .map(([field]) => field);
}

/** Parse untrusted sort JSON; null or undefined is no sort. */
export function parseSort(
  json: unknown,
  fields: TFieldTable,
): { ok: true; value: TSort } | { ok: false; errors: TSortError[] } {
  if (json === null || json === undefined) return { ok: true, value: [] };
  if (!Array.isArray(json))
    return { ok: false, errors: [{ code: 'INVALID_SORT', path: '', message: 'Must be a list' }] };
  const errors: TSortError[] = [];
  const sort: TSort = [];
  const seen = new Set<string>();
  json.forEach((raw: unknown, index) => {
    const path = String(index);
    const item = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const { field, sortDirection } = item;
    if (typeof field !== 'string' || !Object.hasOwn(fields, field)) {
      errors.push({
        code: 'UNKNOWN_FIELD',
        path: `${path}.field`,
        message: `Unknown field: ${String(field)}`,
      });
      return;
    }
    if (!fields[field]?.isSortable) {
      errors.push({ code: 'NOT_SORTABLE', path: `${path}.field`, message: `Cannot sort by ${field}` });
      return;
    }
    if (sortDirection !== 'ascending' && sortDirection !== 'descending') {
      errors.push({
        code: 'INVALID_DIRECTION',
        path: `${path}.sortDirection`,
        message: 'Must be one of: ascending, descending',
      });
      return;
    }
    if (seen.has(field)) {
      errors.push({ code: 'DUPLICATE_FIELD', path: `${path}.field`, message: `Already sorted by ${field}` });
      return;
    }
    seen.add(field);
    sort.push({ field, sortDirection });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: sort };
}
