import type { TLinkedPosition } from '@strata/contracts/linked-positions';
import type { TFieldTable } from '@strata/core/filters/field-kinds';
import { POSITION_FILTER_FIELDS } from '@strata/core/linked-data/position-filter-fields';
import { formatAmount } from './linked-columns.ts';

// The linked positions list's columns (linked seed §2 "Linked positions list", §3: description, ticker,
// price, quantity, value, as-of date, and where the position comes from). Pure, shared by the grid and its tests.

export interface TPositionColumn {
  id: string;
  title: string;
  width: number;
  align?: 'left' | 'right';
  value: (row: TLinkedPosition) => string;
  /** Hidden in a linked account's own positions tab (it is one account already). */
  isAccountColumn?: boolean;
}

const amount = (value: string | null) => (value === null ? '' : formatAmount(value));

const SECURITY_KIND_LABELS: Record<TLinkedPosition['security_kind'], string> = {
  stock: 'Stock',
  mutual_fund: 'Mutual fund',
  debt: 'Debt',
  option: 'Option',
  other: 'Other',
};

// What a holding is and is worth first (name, value), so a phone's width shows both without scrolling sideways.
export const POSITION_COLUMNS: readonly TPositionColumn[] = [
  { id: 'description', title: 'Description', width: 150, value: (row) => row.description ?? row.unique_id },
  { id: 'value', title: 'Value', width: 110, align: 'right', value: (row) => amount(row.value) },
  { id: 'quantity', title: 'Quantity', width: 110, align: 'right', value: (row) => amount(row.quantity) },
  { id: 'price', title: 'Price', width: 100, align: 'right', value: (row) => amount(row.price) },
  { id: 'ticker', title: 'Ticker', width: 80, value: (row) => row.ticker ?? '' },
  { id: 'currency', title: 'Currency', width: 80, value: (row) => row.currency ?? '' },
  { id: 'as_of_date', title: 'As of', width: 110, value: (row) => row.as_of_date },
  {
    id: 'security_kind',
    title: 'Security type',
    width: 120,
    value: (row) => SECURITY_KIND_LABELS[row.security_kind],
  },
  { id: 'unique_id', title: 'Security id', width: 130, value: (row) => row.unique_id },
  {
    id: 'connector_name',
    title: 'Connector',
    width: 150,
    value: (row) => row.connector_name,
    isAccountColumn: true,
  },
  {
    id: 'account_name',
    title: 'Account name',
    width: 150,
    value: (row) => row.account_name ?? '',
    isAccountColumn: true,
  },
  {
    id: 'account_number',
    title: 'Account number',
    width: 140,
    value: (row) => row.account_number ?? '',
    isAccountColumn: true,
  },
  { id: 'held_in', title: 'Held in', width: 90, value: (row) => row.held_in ?? '' },
  { id: 'position_type', title: 'Position', width: 90, value: (row) => row.position_type ?? '' },
];

export function positionColumnsFor(view: 'list' | 'account'): readonly TPositionColumn[] {
  return view === 'list' ? POSITION_COLUMNS : POSITION_COLUMNS.filter((column) => !column.isAccountColumn);
}

/** The sort control's fields: those the positions route sorts by (core's POSITION_FILTER_FIELDS). */
export const positionSortFields: TFieldTable = Object.fromEntries(
  Object.entries(POSITION_FILTER_FIELDS).filter(([, field]) => 'isSortable' in field && field.isSortable),
);
