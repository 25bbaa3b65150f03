// The linked transactions list's columns (linked seed §2 "Linked transactions list", §3): which filter kind
// each has (so the smart transactions' filter engine and operators apply unchanged), which sort, which a
// user may edit, which group a pivot, which offer an options list. One table, read by the server's list,
// bulk edit, options and pivot, and by the web's filter builder.
// Only tables here: checking an edited cell (linked-edit.ts) needs the field rules and decimal.js, which the
// dashboards' pivot widget — it takes its pickers from this table — must not load (docs/benchmarks.md, issue 23).
import type { TFieldTable } from '../filters/field-kinds.ts';

/**
 * Names, numbers, types, categories and methods are `simple` (EQ / NOTEQ against an options list, seed §5);
 * counterparty and description are free `text` (CONTAINS / NOTCONTAINS); tags match by tag name with
 * CONTAINS / NOTCONTAINS (seed §5: "Tags allow contains and not-contains") and do not sort (seed §2);
 * year, quarter and month are numbers, so they compare and sort as numbers (month 10 after month 9).
 */
export const LINKED_TRANSACTION_FIELDS = {
  connector_name: { kind: 'simple', isNotEmpty: true, isSortable: true, label: 'Connector' },
  account_name: { kind: 'simple', isSortable: true, label: 'Account name' },
  account_number: { kind: 'simple', isSortable: true, label: 'Account number' },
  account_type: { kind: 'simple', isSortable: true, label: 'Account type' },
  tags: { kind: 'text', label: 'Tags' },
  year: { kind: 'amount', isNotEmpty: true, isSortable: true, label: 'Year' },
  quarter: { kind: 'amount', isNotEmpty: true, isSortable: true, label: 'Quarter' },
  month: { kind: 'amount', isNotEmpty: true, isSortable: true, label: 'Month' },
  date: { kind: 'date', isNotEmpty: true, isSortable: true, label: 'Date' },
  type: { kind: 'simple', isNotEmpty: true, isSortable: true, label: 'Transaction type' },
  access_method: { kind: 'simple', isNotEmpty: true, isSortable: true, label: 'Access method' },
  category: { kind: 'simple', isSortable: true, label: 'Category' },
  subcategory: { kind: 'simple', isSortable: true, label: 'Subcategory' },
  counterparty: { kind: 'text', isSortable: true, label: 'Counterparty' },
  description: { kind: 'text', isSortable: true, label: 'Description' },
  amount: { kind: 'amount', isNotEmpty: true, isSortable: true, label: 'Amount' },
  status: { kind: 'simple', isNotEmpty: true, isSortable: true, label: 'Status' },
  mapping_status: { kind: 'simple', isNotEmpty: true, isSortable: true, label: 'Mapping status' },
} as const satisfies TFieldTable;

export type TLinkedTransactionField = keyof typeof LINKED_TRANSACTION_FIELDS;

/** The list's default order: newest first. */
export const LINKED_TRANSACTION_DEFAULT_SORT = [{ field: 'date', sortDirection: 'descending' }] as const;

export const LINKED_TRANSACTION_STATUSES = ['posted', 'pending'] as const;
export type TLinkedTransactionStatus = (typeof LINKED_TRANSACTION_STATUSES)[number];

/** The tag a user sets with the row action 'Exclude' (seed §2): a system tag, one per repository. */
export const EXCLUDE_TAG_NAME = 'exclude';

/**
 * The cells a user may edit or paste into (seed §2: not connector, access method, account name, number,
 * type, tags — tags change through `tags`/`add_tags`/`remove_tags`). Year, quarter and month follow the
 * date; mapping status is the mapping rules' to set.
 */
export const LINKED_EDITABLE_FIELDS = [
  'date',
  'type',
  'category',
  'subcategory',
  'counterparty',
  'description',
  'amount',
  'status',
] as const;
export type TLinkedEditableField = (typeof LINKED_EDITABLE_FIELDS)[number];

/** Fields that group a pivot's rows or columns: every column with one value per row. */
export const LINKED_PIVOT_DIMENSIONS = [
  'connector_name',
  'access_method',
  'account_name',
  'account_number',
  'account_type',
  'year',
  'quarter',
  'month',
  'date',
  'type',
  'category',
  'subcategory',
  'counterparty',
  'status',
] as const satisfies readonly TLinkedTransactionField[];
export type TLinkedPivotDimension = (typeof LINKED_PIVOT_DIMENSIONS)[number];

/** What a pivot cell computes over the amounts of its rows. */
export const LINKED_PIVOT_AGGREGATES = ['sum', 'count', 'avg', 'min', 'max'] as const;
export type TLinkedPivotAggregate = (typeof LINKED_PIVOT_AGGREGATES)[number];

/** How the pivot's pickers and the dashboard widget's settings name each aggregate. */
export const LINKED_PIVOT_AGGREGATE_LABELS: Record<TLinkedPivotAggregate, string> = {
  sum: 'Sum of amount',
  count: 'Count',
  avg: 'Average amount',
  min: 'Minimum amount',
  max: 'Maximum amount',
};

/** Fields with an options list for the filter's value picker (seed §7; its "custodian" is the connector). */
export const LINKED_OPTION_FIELDS = [
  'connector_name',
  'access_method',
  'account_name',
  'account_number',
  'account_type',
  'category',
  'subcategory',
  'counterparty',
  'month',
  'quarter',
  'year',
  'tags',
  'type',
  'status',
] as const satisfies readonly TLinkedTransactionField[];
export type TLinkedOptionField = (typeof LINKED_OPTION_FIELDS)[number];
