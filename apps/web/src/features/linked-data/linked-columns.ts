import type { TLinkedTransaction } from '@strata/contracts/linked-data';
import type { TFieldTable } from '@strata/core/filters/field-kinds';

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
  /** Seed §2: connector, access method, account name/number/type and tags are never edited inline. */
  isEditable: boolean;
  /** Hidden in the account panel's list (seed §2: it is one account already). */
  isAccountColumn?: boolean;
}

/** '-1778.3952' → '-1,778.3952': grouped, every decimal the file gave kept (amounts are exact strings). */
export function formatAmount(amount: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(amount);
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${(whole as string).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

export const LINKED_COLUMNS: readonly TLinkedColumn[] = [
  {
    id: 'connector_name',
    title: 'Connector',
    width: 150,
    value: (row) => row.connector_name,
    isEditable: false,
    isAccountColumn: true,
  },
  {
    id: 'account_name',
    title: 'Account name',
    width: 150,
    value: (row) => row.account_name ?? '',
    isEditable: false,
    isAccountColumn: true,
  },
  {
    id: 'account_number',
    title: 'Account number',
    width: 150,
    value: (row) => row.account_number ?? '',
    isEditable: false,
    isAccountColumn: true,
  },
  {
    id: 'account_type',
    title: 'Account type',
    width: 120,
    value: (row) => row.account_type ?? '',
    isEditable: false,
    isAccountColumn: true,
  },
  {
    id: 'tags',
    title: 'Tags',
    width: 110,
    value: (row) => row.tags.map((tag) => tag.id).join(', '),
    isEditable: false,
  },
  { id: 'year', title: 'Year', width: 70, value: (row) => String(row.year), isEditable: true },
  { id: 'quarter', title: 'Quarter', width: 80, value: (row) => `Q${row.quarter}`, isEditable: true },
  { id: 'month', title: 'Month', width: 70, value: (row) => String(row.month), isEditable: true },
  { id: 'date', title: 'Date', width: 110, value: (row) => row.date, isEditable: true },
  { id: 'type', title: 'Transaction type', width: 140, value: (row) => row.type, isEditable: true },
  {
    id: 'access_method',
    title: 'Access method',
    width: 130,
    value: (row) => row.access_method,
    isEditable: false,
    isAccountColumn: true,
  },
  { id: 'category', title: 'Category', width: 130, value: (row) => row.category ?? '', isEditable: true },
  {
    id: 'subcategory',
    title: 'Subcategory',
    width: 130,
    value: (row) => row.subcategory ?? '',
    isEditable: true,
  },
  {
    id: 'counterparty',
    title: 'Counterparty',
    width: 200,
    value: (row) => row.counterparty ?? '',
    isEditable: true,
  },
  {
    id: 'description',
    title: 'Description',
    width: 260,
    value: (row) => row.description ?? '',
    isEditable: true,
  },
  {
    id: 'amount',
    title: 'Amount',
    width: 120,
    align: 'right',
    value: (row) => formatAmount(row.amount),
    isEditable: true,
  },
  { id: 'currency', title: 'Currency', width: 80, value: (row) => row.currency ?? '', isEditable: false },
  {
    id: 'check_number',
    title: 'Check number',
    width: 110,
    value: (row) => row.check_number ?? '',
    isEditable: false,
  },
  {
    id: 'mapping_status',
    title: 'Mapping status',
    width: 150,
    value: (row) => mappingStatusView(row.mapping_status).label,
    isEditable: false,
  },
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
