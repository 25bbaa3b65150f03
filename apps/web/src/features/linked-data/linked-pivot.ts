// The linked transactions' pivot (linked seed §2: "a pivot view with rows, columns, values and filter"): the
// choices it offers, the query it sends to `GET linked_data/transactions_pivot` (the server groups; 100k rows
// never travel), and the answer's cells laid out as a table with exact totals. Pure, shared by the page's
// pivot view and the dashboard's Linked Transactions Pivot widget.
import type { TLinkedPivot } from '@strata/contracts/linked-transactions';
import {
  LINKED_PIVOT_AGGREGATE_LABELS,
  LINKED_PIVOT_AGGREGATES,
  LINKED_PIVOT_DIMENSIONS,
  LINKED_TRANSACTION_FIELDS,
  type TLinkedPivotAggregate,
  type TLinkedPivotDimension,
} from '@strata/core/linked-data/linked-transaction-fields';
import { Decimal, formatAmount } from '@strata/core/money/decimal';

export const LINKED_PIVOT_TEXTS = {
  ROWS: 'Rows',
  COLUMNS: 'Columns',
  VALUES: 'Values',
  FILTER: 'Filter',
  FILTER_VALUES: 'Filter values',
  NONE: 'None',
  INCLUDE_EXCLUDED: 'Include excluded rows',
  LOADING: 'Loading pivot...',
  EMPTY: 'No linked transactions for this pivot',
  TOTAL: 'Total',
  EMPTY_KEY: '(empty)',
} as const;

export interface TOption {
  value: string;
  label: string;
}

/** The fields rows, columns and the filter can use, labelled as the list's columns are. */
export const PIVOT_DIMENSION_OPTIONS: readonly TOption[] = LINKED_PIVOT_DIMENSIONS.map((field) => ({
  value: field,
  label: LINKED_TRANSACTION_FIELDS[field].label,
}));

export const PIVOT_AGGREGATE_OPTIONS: readonly TOption[] = LINKED_PIVOT_AGGREGATES.map((value) => ({
  value,
  label: LINKED_PIVOT_AGGREGATE_LABELS[value],
}));

/** What a pivot shows: the saved widget settings' shape (core's TPivotSettings) with the linked names. */
export interface TLinkedPivotSettings {
  /** A dimension, or '' for one row holding everything. */
  rows: string;
  columns: string;
  value: string;
  /** Keep only rows whose `field` is one of `values` (none picked: every row). */
  filter: { field: string; values: readonly string[] } | null;
  includeExcluded?: boolean;
}

export const DEFAULT_LINKED_PIVOT: TLinkedPivotSettings = {
  rows: 'month',
  columns: 'category',
  value: 'sum',
  filter: null,
};

const isDimension = (name: string): name is TLinkedPivotDimension =>
  (LINKED_PIVOT_DIMENSIONS as readonly string[]).includes(name);
const isAggregate = (name: string): name is TLinkedPivotAggregate =>
  (LINKED_PIVOT_AGGREGATES as readonly string[]).includes(name);

/** The settings as the API can take them: unknown names dropped (a stale saved widget still draws). */
export function normalizePivot(settings: TLinkedPivotSettings): {
  rows: TLinkedPivotDimension | null;
  columns: TLinkedPivotDimension | null;
  value: TLinkedPivotAggregate;
  filter: { field: TLinkedPivotDimension; values: string[] } | null;
  includeExcluded: boolean;
} {
  const rows = isDimension(settings.rows) ? settings.rows : null;
  // The server refuses a field in both; the rows win.
  const columns = isDimension(settings.columns) && settings.columns !== rows ? settings.columns : null;
  const filter =
    settings.filter && isDimension(settings.filter.field) && settings.filter.values.length > 0
      ? { field: settings.filter.field, values: [...settings.filter.values] }
      : null;
  return {
    rows,
    columns,
    value: isAggregate(settings.value) ? settings.value : 'sum',
    filter,
    includeExcluded: settings.includeExcluded === true,
  };
}

/** The query string of `GET linked_data/transactions_pivot` (besides the repository). */
export function pivotQuery(settings: TLinkedPivotSettings): {
  rows: string;
  columns: string;
  values: string;
  filter?: string;
  include_excluded?: 'true';
} {
  const pivot = normalizePivot(settings);
  return {
    rows: pivot.rows ?? '',
    columns: pivot.columns ?? '',
    values: pivot.value,
    // The filter model of filters.md: one group, its values OR'ed (year, quarter and month compare as numbers).
    ...(pivot.filter
      ? {
          filter: JSON.stringify({
            logic: 'AND',
            groups: [
              {
                logic: 'OR',
                params: pivot.filter.values.map((value) => ({
                  field: pivot.filter?.field,
                  comparison: 'EQ',
                  value,
                })),
              },
            ],
          }),
        }
      : {}),
    ...(pivot.includeExcluded ? { include_excluded: 'true' as const } : {}),
  };
}

/** A cell's value as the server sent it: exact decimal text for amounts, a number for counts. */
export type TPivotValue = string | number;

export interface TLinkedPivotGrid {
  rowKeys: string[];
  columnKeys: string[];
  /** cells[row][column]; undefined where no transaction falls. */
  cells: (TPivotValue | undefined)[][];
  /** Totals where the aggregate composes (sum, count, min, max); null for the average. */
  rowTotals: (TPivotValue | undefined)[] | null;
  columnTotals: (TPivotValue | undefined)[] | null;
  total: TPivotValue | undefined;
}

const keyText = (key: readonly (string | number | null)[], field: string | null): string => {
  if (key.length === 0) return LINKED_PIVOT_TEXTS.TOTAL;
  return key
    .map((part) => {
      if (part === null || part === '') return LINKED_PIVOT_TEXTS.EMPTY_KEY;
      return field === 'quarter' ? `Q${part}` : String(part);
    })
    .join(' / ');
};

function combine(aggregate: TLinkedPivotAggregate, a: TPivotValue | undefined, b: TPivotValue | undefined) {
  if (aggregate === 'count')
    return a === undefined && b === undefined ? undefined : Number(a ?? 0) + Number(b ?? 0);
  // A total is written as the wire writes amounts ('1000.10' → '1000.1'), even a total of one cell.
  if (a === undefined || b === undefined) {
    const only = a ?? b;
    return only === undefined ? undefined : new Decimal(only).toFixed();
  }
  const x = new Decimal(a);
  const y = new Decimal(b);
  if (aggregate === 'sum') return x.plus(y).toFixed();
  if (aggregate === 'min') return (x.lte(y) ? x : y).toFixed();
  return (x.gte(y) ? x : y).toFixed();
}

/**
 * The server's cells (one per row key × column key that has transactions, ordered by the keys, empty keys
 * last) as a table, in the server's order. Totals add exactly (decimals, never floats).
 */
export function pivotGrid(answer: TLinkedPivot, aggregate: TLinkedPivotAggregate): TLinkedPivotGrid {
  const rowField = answer.rows[0] ?? null;
  const columnField = answer.columns[0] ?? null;
  const rowKeys: string[] = [];
  const columnKeys: string[] = [];
  const rowIndex = new Map<string, number>();
  const columnIndex = new Map<string, number>();
  const placed: Array<{ r: number; c: number; value: TPivotValue | undefined }> = [];
  for (const cell of answer.data) {
    const rowKey = keyText(cell.row, rowField);
    const columnKey = keyText(cell.column, columnField);
    if (!rowIndex.has(rowKey)) rowIndex.set(rowKey, rowKeys.push(rowKey) - 1);
    if (!columnIndex.has(columnKey)) columnIndex.set(columnKey, columnKeys.push(columnKey) - 1);
    const raw = cell.values[aggregate];
    placed.push({
      r: rowIndex.get(rowKey) as number,
      c: columnIndex.get(columnKey) as number,
      value: raw === null || raw === undefined ? undefined : raw,
    });
  }
  // Column keys come in the order of their first row; sort them the way the server sorts keys.
  const columnOrder = [...columnKeys].sort(compareKeys);
  const columnAt = new Map(columnOrder.map((key, index) => [key, index]));
  const cells: (TPivotValue | undefined)[][] = rowKeys.map(() => columnOrder.map(() => undefined));
  for (const { r, c, value } of placed) {
    const line = cells[r] as (TPivotValue | undefined)[];
    line[columnAt.get(columnKeys[c] as string) as number] = value;
  }
  const composes = aggregate !== 'avg';
  const fold = (values: readonly (TPivotValue | undefined)[]) =>
    values.reduce<TPivotValue | undefined>((total, value) => combine(aggregate, total, value), undefined);
  const rowTotals = composes ? cells.map(fold) : null;
  const columnTotals = composes ? columnOrder.map((_, c) => fold(cells.map((line) => line[c]))) : null;
  return {
    rowKeys,
    columnKeys: columnOrder,
    cells,
    rowTotals,
    columnTotals,
    total: rowTotals ? fold(rowTotals) : undefined,
  };
}

/** Numbers before texts, numbers by value ('2' before '10'), '(empty)' last, as the server orders keys. */
function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  if (a === LINKED_PIVOT_TEXTS.EMPTY_KEY) return 1;
  if (b === LINKED_PIVOT_TEXTS.EMPTY_KEY) return -1;
  return a.localeCompare(b, 'en', { numeric: true });
}

/** A cell as shown: counts whole, amounts grouped with two decimals (the average rounded there too). */
export function formatPivotValue(value: TPivotValue | undefined, aggregate: TLinkedPivotAggregate): string {
  if (value === undefined) return '';
  if (aggregate === 'count') return formatAmount(value, { decimals: 0 });
  return formatAmount(value, { decimals: 2 });
}
