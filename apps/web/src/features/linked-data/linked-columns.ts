import type { TLinkedTransaction } from '@strata/contracts/linked-transactions';
import type { TFieldTable } from '@strata/core/filters/field-kinds';
import {
  LINKED_EDITABLE_FIELDS,
  type TLinkedEditableField,
} from '@strata/core/linked-data/linked-transaction-fields';

// The linked transactions list's columns (linked seed §2, §3) — every one the API answers — and the mapping
// status labels and colours of seed §4. Pure, so the grid and its tests share them.

/** Seed §4: mapping_status → label and colour; anything else reads 'Unknown Status' and has no colour. */
export const MAPPING_STATUS_VIEW: Record<string, { label: string; color: string | null }> = {
  ok: { label: 'Successfully Mapped', color: 'green' },
  failed: { label: 'Mapping Failed', color: 'red' },
  pending: { label: 'Mapping Pending', color: 'yellow' },
  none: { label: 'Not Mapped', color: 'gray' },
};

export function mappingStatusView(status: string): { label: string; color: string | null } {
  return MAPPING_STATUS_VIEW[status] ?? { label: 'Unknown Status', color: null };
}

export interface TLinkedColumn {
  id: string;
  title: string;
  width: number;
  align?: 'left' | 'right';
  value: (row: TLinkedTransaction) => string;
  /**
   * Seed §2: connector, access method, account name/number/type and tags are never edited inline; core's
   * LINKED_EDITABLE_FIELDS (what the bulk update accepts) decides the rest.
   */
  isEditable: boolean;
  /** The text an edit starts from: the exact stored value (an amount ungrouped, an empty text empty). */
  editValue?: (row: TLinkedTransaction) => string;
  /** Hidden in the account panel's list (seed §2: it is one account already). */
  isAccountColumn?: boolean;
}

/**
 * '-1778.3952' → '-1,778.3952', '-6.6' → '-6.60': grouped, at least two decimals, every further decimal the file
 * gave kept (amounts are exact strings; the server stores them without trailing zeros).
 */
export function formatAmount(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${(whole as string).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}

// The seed lists the columns; the order here puts what a row is (date, counterparty, amount, description) first,
// so a phone's width shows it without scrolling sideways.
const isEditableField = (id: string): id is TLinkedEditableField =>
  (LINKED_EDITABLE_FIELDS as readonly string[]).includes(id);

const column = (
  id: string,
  title: string,
  width: number,
  value: TLinkedColumn['value'],
  flags: Partial<Pick<TLinkedColumn, 'isAccountColumn' | 'align' | 'editValue'>> = {},
): TLinkedColumn =>
  isEditableField(id)
    ? { id, title, width, value, editValue: value, ...flags, isEditable: true }
    : { id, title, width, value, ...flags, isEditable: false };

export const LINKED_COLUMNS: readonly TLinkedColumn[] = [
  column('date', 'Date', 110, (row) => row.date),
  column('counterparty', 'Counterparty', 180, (row) => row.counterparty ?? ''),
  column('amount', 'Amount', 120, (row) => formatAmount(row.amount), {
    align: 'right',
    editValue: (row) => row.amount,
  }),
  column('description', 'Description', 260, (row) => row.description ?? ''),
  column('type', 'Transaction type', 140, (row) => row.type),
  column('category', 'Category', 130, (row) => row.category ?? ''),
  column('subcategory', 'Subcategory', 130, (row) => row.subcategory ?? ''),
  column('tags', 'Tags', 110, (row) => row.tags.map((tag) => tag.name).join(', ')),
  column('connector_name', 'Connector', 150, (row) => row.connector_name, { isAccountColumn: true }),
  column('account_name', 'Account name', 150, (row) => row.account_name ?? '', { isAccountColumn: true }),
  column('account_number', 'Account number', 150, (row) => row.account_number ?? '', {
    isAccountColumn: true,
  }),
  column('account_type', 'Account type', 120, (row) => row.account_type ?? '', { isAccountColumn: true }),
  column('access_method', 'Access method', 130, (row) => row.access_method, { isAccountColumn: true }),
  // Year, quarter and month follow the date (core): edited through it.
  column('year', 'Year', 70, (row) => String(row.year)),
  column('quarter', 'Quarter', 80, (row) => `Q${row.quarter}`),
  column('month', 'Month', 70, (row) => String(row.month)),
  column('currency', 'Currency', 80, (row) => row.currency ?? ''),
  column('check_number', 'Check number', 110, (row) => row.check_number ?? ''),
  column('mapping_status', 'Mapping status', 150, (row) => mappingStatusView(row.mapping_status).label),
  column('status', 'Status', 90, (row) => row.status),
];

/** The columns of a view: the account panel drops the connector, account and access-method ones. */
export function linkedColumnsFor(view: 'list' | 'account'): readonly TLinkedColumn[] {
  return view === 'list' ? LINKED_COLUMNS : LINKED_COLUMNS.filter((column) => !column.isAccountColumn);
}

/**
 * The sort control's fields: what `GET linked_data/transactions` sorts by today (the contract's
 * LINKED_TRANSACTION_SORT_FIELDS). Kept here until the linked filter's field table lands in core.
 */
export const linkedSortFields = {
  date: { kind: 'date', isSortable: true, label: 'Date' },
  amount: { kind: 'amount', isSortable: true, label: 'Amount' },
  counterparty: { kind: 'text', isSortable: true, label: 'Counterparty' },
  description: { kind: 'text', isSortable: true, label: 'Description' },
  type: { kind: 'simple', isSortable: true, label: 'Transaction type' },
} as const satisfies TFieldTable;
