// The one translator from the core filter and sort model to SQL (Kysely). Its semantics are those of
// `@strata/core/filters/evaluate-filter` (the oracle it is property-tested against, see the comment there):
// positive comparisons match when any non-empty element matches, NOTEQ and NOTCONTAINS are their exact
// negations and so match empty values, empty is NULL or '' (a list is empty when all its elements are).
// Values are always bound parameters; amounts compare as numeric and dates as date, never as text.
import { fromEpochDay, toEpochDay } from '@strata/core/dates/epoch-day';
import type { TEvaluateContext } from '@strata/core/filters/evaluate-filter';
import type { TFieldKind } from '@strata/core/filters/field-kinds';
import type { TFilter, TFilterParam } from '@strata/core/filters/filter-model';
import type { TSort } from '@strata/core/filters/sort-model';
import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { TFilterColumn, TFilterColumns } from './filter-columns.ts';

type TSql = RawBuilder<unknown>;
type TCondition = RawBuilder<SqlBool>;

const TRUE: TCondition = sql<SqlBool>`true`;
const FALSE: TCondition = sql<SqlBool>`false`;
// PostgreSQL has no year 0; LAST n never needs to reach further back than this.
const FIRST_DAY = toEpochDay('0001-01-01');
// Search only uses CONTAINS, which does not read `today`.
const NO_DAY: TEvaluateContext = { today: '1970-01-01' };

/** A LIKE pattern matching `text` anywhere, with the pattern characters %, _ and \ escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

function isTextKind(kind: TFieldKind): boolean {
  return kind === 'simple' || kind === 'text';
}

/** Whether one element (a scalar, or one element of a list) has a value. */
function hasValue(kind: TFieldKind, element: Expression<unknown>): TCondition {
  return isTextKind(kind)
    ? sql<SqlBool>`(${element} is not null and (${element})::text <> '')`
    : sql<SqlBool>`${element} is not null`;
}

/** The positive comparison on one non-null element; NULL counts as no match (WHERE treats it as false). */
function matchElement(
  param: TFilterParam,
  element: Expression<unknown>,
  context: TEvaluateContext,
): TCondition {
  const { kind, comparison, value } = param;
  switch (comparison) {
    case 'EQ':
      if (kind === 'amount') return sql<SqlBool>`(${element})::numeric = ${String(value)}::numeric`;
      if (kind === 'date') return sql<SqlBool>`(${element})::date = ${String(value)}::date`;
      return sql<SqlBool>`(${element})::text = ${String(value)}`;
    case 'CONTAINS':
      // Case-insensitive by lower() on both sides, as the oracle lowercases both sides.
      return sql<SqlBool>`lower((${element})::text) like lower(${containsPattern(String(value))}::text) escape '\\'`;
    case 'GREATER':
      return sql<SqlBool>`(${element})::numeric > ${String(value)}::numeric`;
    case 'LESS':
      return sql<SqlBool>`(${element})::numeric < ${String(value)}::numeric`;
    case 'BEFORE':
      return sql<SqlBool>`(${element})::date < ${String(value)}::date`;
    case 'AFTER':
      return sql<SqlBool>`(${element})::date > ${String(value)}::date`;
    case 'RANGE': {
      const [from, to] = value as readonly [string, string];
      return sql<SqlBool>`(${element})::date between ${from}::date and ${to}::date`;
    }
    case 'LAST': {
      const todayDay = toEpochDay(context.today);
      // Clamped so a huge day count still means "everything up to today" rather than an invalid date.
      const from = fromEpochDay(Math.max(todayDay - (Number(value) - 1), FIRST_DAY));
      return sql<SqlBool>`(${element})::date between ${from}::date and ${context.today}::date`;
    }
    default:
      throw new Error(`Comparison ${comparison} is not an element comparison`);
  }
}

/** `exists (select 1 from <the column's elements> where <condition on each element>)`. */
function anyElement(
  column: Exclude<TFilterColumn, { expression: unknown }>,
  condition: (element: TSql) => TCondition,
): TCondition {
  const element = sql`filter_element.value`;
  const source =
    'array' in column
      ? sql`unnest(${column.array}) as filter_element(value)`
      : sql`(${column.elements}) as filter_element(value)`;
  return sql<SqlBool>`exists (select 1 from ${source} where ${hasValue(column.kind, element)} and ${condition(element)})`;
}

function paramCondition(param: TFilterParam, column: TFilterColumn, context: TEvaluateContext): TCondition {
  if (column.kind !== param.kind) {
    throw new Error(`Filter field ${param.field} is ${param.kind} but its column is ${column.kind}`);
  }
  const negatedOf = { NOTEQ: 'EQ', NOTCONTAINS: 'CONTAINS' } as const;
  const isNegated = param.comparison === 'NOTEQ' || param.comparison === 'NOTCONTAINS';
  const positive: TFilterParam = isNegated
    ? { ...param, comparison: negatedOf[param.comparison as keyof typeof negatedOf] }
    : param;

  if ('expression' in column) {
    const value = column.expression;
    if (param.comparison === 'EMPTY') return sql<SqlBool>`not ${hasValue(column.kind, value)}`;
    if (param.comparison === 'NOTEMPTY') return hasValue(column.kind, value);
    // A scalar needs no emptiness guard: no filter value is '' (parsing drops those), so '' never matches.
    const match = matchElement(positive, value, context);
    return isNegated ? sql<SqlBool>`not coalesce(${match}, false)` : match;
  }
  if (param.comparison === 'EMPTY') return sql<SqlBool>`not ${anyElement(column, () => TRUE)}`;
  if (param.comparison === 'NOTEMPTY') return anyElement(column, () => TRUE);
  const match = anyElement(column, (element) => matchElement(positive, element, context));
  return isNegated ? sql<SqlBool>`not ${match}` : match;
}

function combine(logic: 'AND' | 'OR', conditions: TCondition[]): TCondition {
  if (conditions.length === 0) return logic === 'AND' ? TRUE : FALSE;
  return sql<SqlBool>`(${sql.join(conditions, logic === 'AND' ? sql` and ` : sql` or `)})`;
}

function columnFor(columns: TFilterColumns, field: string): TFilterColumn {
  const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
  if (!column) throw new Error(`No SQL column for filter field ${field}`);
  return column;
}

/**
 * The SQL condition of a parsed filter. A filter without groups matches every row (the model's rule),
 * whatever its logic; a group without params follows its logic (AND of nothing is true, OR false).
 * `context.today` anchors LAST n.
 */
export function filterCondition(
  filter: TFilter,
  columns: TFilterColumns,
  context: TEvaluateContext,
): TCondition {
  if (filter.groups.length === 0) return TRUE;
  return combine(
    filter.logic,
    filter.groups.map((group) =>
      combine(
        group.logic,
        group.params.map((param) => paramCondition(param, columnFor(columns, param.field), context)),
      ),
    ),
  );
}

/** Rows any of the filters matches (none: no row). */
export function anyFilterCondition(
  filters: readonly TFilter[],
  columns: TFilterColumns,
  context: TEvaluateContext,
): TCondition {
  return combine(
    'OR',
    filters.map((filter) => filterCondition(filter, columns, context)),
  );
}

/** Adds the filter's condition to a select query; the empty filter leaves it unchanged. */
export function applyFilter<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  filter: TFilter,
  columns: TFilterColumns,
  context: TEvaluateContext,
): SelectQueryBuilder<DB, TB, O> {
  if (filter.groups.length === 0) return qb;
  return qb.where(filterCondition(filter, columns, context));
}

/**
 * Free-text search: rows where any of the given columns (any element of a list) contains `search`,
 * case-insensitively, as CONTAINS does. Surrounding spaces are trimmed; a blank search changes nothing.
 */
export function applySearch<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  search: string | null | undefined,
  columns: readonly TFilterColumn[],
): SelectQueryBuilder<DB, TB, O> {
  const text = search?.trim() ?? '';
  if (text === '' || columns.length === 0) return qb;
  return qb.where(
    combine(
      'OR',
      columns.map((column) =>
        paramCondition(
          { field: 'search', kind: column.kind, comparison: 'CONTAINS', value: text },
          column,
          NO_DAY,
        ),
      ),
    ),
  );
}

/** The value a column sorts by: the scalar itself, or a list's first non-empty element. */
function sortValue(field: string, column: TFilterColumn): Expression<unknown> {
  if ('expression' in column) return column.expression;
  if ('array' in column) {
    const element = sql`filter_element.value`;
    return sql`(select ${element} from unnest(${column.array}) with ordinality as filter_element(value, position) where ${hasValue(column.kind, element)} order by filter_element.position limit 1)`;
  }
  if (column.sortBy) return column.sortBy;
  throw new Error(`Filter field ${field} is a subquery list without sortBy, so it cannot be sorted`);
}

/** The ORDER BY keys of one field: text sorts case-insensitively first, then case-sensitively, by code point. */
function sortKeys(kind: TFieldKind, value: Expression<unknown>): TSql[] {
  if (kind === 'amount') return [sql`(${value})::numeric`];
  if (kind === 'date') return [sql`(${value})::date`];
  const text = sql`nullif((${value})::text, '')`;
  return [sql`(lower(${text}) collate "C")`, sql`(${text} collate "C")`];
}

/**
 * Appends the sort's ORDER BY keys: empty values last ascending and first descending. Add a unique
 * tie-break (e.g. `.orderBy('t.id')`) after it so pages are stable.
 */
export function applySort<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  sort: TSort,
  columns: TFilterColumns,
): SelectQueryBuilder<DB, TB, O> {
  let sorted = qb;
  for (const { field, sortDirection } of sort) {
    const column = columnFor(columns, field);
    for (const key of sortKeys(column.kind, sortValue(field, column))) {
      sorted = sorted.orderBy(key, (ob) =>
        sortDirection === 'ascending' ? ob.asc().nullsLast() : ob.desc().nullsFirst(),
      );
    }
  }
  return sorted;
}
