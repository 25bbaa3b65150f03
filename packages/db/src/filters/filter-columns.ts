// How a list tells the filter translator where each filter field lives in SQL. Each list (transactions,
// linked transactions, positions, assets …) gives one column map over its own query; the translator is
// shared. SQL types by kind: amount → numeric, date → date, simple and text → anything castable to text
// (text, varchar, an enum), since they are compared as text.
import type { TFieldKind } from '@strata/core/filters/field-kinds';
import type { Expression } from 'kysely';

/** One value per row, e.g. `sql.ref('t.description')`. */
export interface TScalarColumn {
  kind: TFieldKind;
  expression: Expression<unknown>;
}

/** An array-valued expression, e.g. a `text[]` column; a list sorts by its first non-empty element. */
export interface TArrayColumn {
  kind: TFieldKind;
  array: Expression<unknown>;
}

/**
 * A correlated subquery with one output column and one row per element, e.g. the accounts of a
 * transaction's entries: sql`select e.account_id from entry e where e.transaction_id = t.id`.
 * Row order in a subquery is not guaranteed, so sorting needs `sortBy`: the element it sorts by.
 */
export interface TElementsColumn {
  kind: TFieldKind;
  elements: Expression<unknown>;
  sortBy?: Expression<unknown>;
}

export type TFilterColumn = TScalarColumn | TArrayColumn | TElementsColumn;

/** Filter field name → where it lives in SQL. */
export type TFilterColumns = Readonly<Record<string, TFilterColumn>>;

export const scalarColumn = (kind: TFieldKind, expression: Expression<unknown>): TScalarColumn => ({
  kind,
  expression,
});

export const arrayColumn = (kind: TFieldKind, array: Expression<unknown>): TArrayColumn => ({ kind, array });

export const elementsColumn = (
  kind: TFieldKind,
  elements: Expression<unknown>,
  sortBy?: Expression<unknown>,
): TElementsColumn => (sortBy ? { kind, elements, sortBy } : { kind, elements });
