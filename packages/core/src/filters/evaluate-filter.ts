// In-memory evaluation of filters and sorts. It is the oracle the SQL translator is property-tested
// against, so every edge is fixed here and must be matched there:
//
// - A row value may be a scalar or a list (e.g. the accounts of a transaction's entries). A positive
//   comparison (EQ, CONTAINS, GREATER, LESS, BEFORE, AFTER, LAST, RANGE) matches when ANY non-empty
//   element matches (SQL: EXISTS). NOTEQ and NOTCONTAINS are the negation of EQ and CONTAINS, so they
//   also match rows whose value is empty (SQL: NOT EXISTS / IS DISTINCT FROM, never a bare <>).
// - Empty means null, undefined or '' (a list is empty when all its elements are). EMPTY / NOTEMPTY test that.
// - amount: exact decimal comparison ('1.50' EQ '1.5'); GREATER and LESS are strict.
// - date: calendar strings YYYY-MM-DD; BEFORE and AFTER are strict; RANGE [from, to] includes both ends;
//   LAST n is the n calendar days ending today, both included: today − (n − 1) … today (future dates never match).
// - simple: exact, case-sensitive string equality.
// - text: case-insensitive substring, by JavaScript toLowerCase on both sides (SQL: lower(x) LIKE
//   '%' || lower(v) || '%' with % and _ escaped; identical for ASCII, may differ for exotic scripts).
// - Sorting: empty values sort after every value ascending and before them descending (PostgreSQL's
//   NULLS LAST / NULLS FIRST defaults); text and simple compare case-insensitively by UTF-16 code units,
//   then case-sensitively (SQL: lower(x) COLLATE "C", x COLLATE "C"); a list sorts by its first element.
import { addDays } from '../dates/epoch-day.ts';
import { isNumericString, toDecimal } from '../money/decimal.ts';
import type { TFieldKind, TFieldTable } from './field-kinds.ts';
import type { TFilter, TFilterParam } from './filter-model.ts';
import type { TSort } from './sort-model.ts';

export interface TEvaluateContext {
  /** The calendar date LAST n is counted back from, YYYY-MM-DD. */
  today: string;
}

export type TRow = Readonly<Record<string, unknown>>;

const isEmptyElement = (value: unknown): boolean => value === null || value === undefined || value === '';

function elementsOf(value: unknown): unknown[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((element) => !isEmptyElement(element));
}

function compareKind(kind: TFieldKind, a: unknown, b: unknown): number {
  if (kind === 'amount') {
    const [x, y] = [String(a), String(b)];
    if (!isNumericString(x) || !isNumericString(y)) return x < y ? -1 : x > y ? 1 : 0;
    return toDecimal(x).comparedTo(toDecimal(y));
  }
  const [x, y] = [String(a), String(b)];
  if (kind === 'date') return x < y ? -1 : x > y ? 1 : 0;
  const [lx, ly] = [x.toLowerCase(), y.toLowerCase()];
  if (lx !== ly) return lx < ly ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function matchesElement(param: TFilterParam, element: unknown, context: TEvaluateContext): boolean {
  const { kind, comparison, value } = param;
  const text = String(element);
  switch (comparison) {
    case 'EQ':
      if (kind === 'amount') return isNumericString(text) && toDecimal(text).equals(toDecimal(String(value)));
      return text === value;
    case 'CONTAINS':
      return text.toLowerCase().includes(String(value).toLowerCase());
    case 'GREATER':
      return isNumericString(text) && toDecimal(text).gt(toDecimal(String(value)));
    case 'LESS':
      return isNumericString(text) && toDecimal(text).lt(toDecimal(String(value)));
    case 'BEFORE':
      return text < String(value);
    case 'AFTER':
      return text > String(value);
    case 'RANGE': {
      const [from, to] = value as readonly [string, string];
      return text >= from && text <= to;
    }
    case 'LAST':
      return text >= addDays(context.today, -(Number(value) - 1)) && text <= context.today;
    default:
      return false;
  }
}

/** Whether one param matches a row. */
export function evaluateParam(param: TFilterParam, row: TRow, context: TEvaluateContext): boolean {
  const elements = elementsOf(row[param.field]);
  switch (param.comparison) {
    case 'EMPTY':
      return elements.length === 0;
    case 'NOTEMPTY':
      return elements.length > 0;
    case 'NOTEQ':
      return !elements.some((element) => matchesElement({ ...param, comparison: 'EQ' }, element, context));
    case 'NOTCONTAINS':
      return !elements.some((element) =>
        matchesElement({ ...param, comparison: 'CONTAINS' }, element, context),
      );
    default:
      return elements.some((element) => matchesElement(param, element, context));
  }
}

/** Whether a row passes the filter. The empty filter passes every row. */
export function evaluateFilter(filter: TFilter, row: TRow, context: TEvaluateContext): boolean {
  if (filter.groups.length === 0) return true;
  const groupMatches = filter.groups.map((group) => {
    const results = group.params.map((param) => evaluateParam(param, row, context));
    return group.logic === 'AND' ? results.every(Boolean) : results.some(Boolean);
  });
  return filter.logic === 'AND' ? groupMatches.every(Boolean) : groupMatches.some(Boolean);
}

/** A comparator for Array.prototype.sort; ties keep input order (sort is stable). */
export function compareRows(sort: TSort, fields: TFieldTable): (a: TRow, b: TRow) => number {
  return (a, b) => {
    for (const { field, sortDirection } of sort) {
      const kind = fields[field]?.kind ?? 'simple';
      const [x] = elementsOf(a[field]);
      const [y] = elementsOf(b[field]);
      let order: number;
      if (x === undefined || y === undefined) order = x === y ? 0 : x === undefined ? 1 : -1;
      else order = compareKind(kind, x, y);
      if (order !== 0) return sortDirection === 'ascending' ? order : -order;
    }
    return 0;
  };
}
