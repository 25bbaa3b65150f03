// The fields a linked positions list can be filtered and sorted by (linked seed §2 "Linked positions list").

import type { TFieldTable } from '../filters/field-kinds.ts';
import type { TFilterJson } from '../filters/filter-model.ts';

export const POSITION_FILTER_FIELDS = {
  description: { kind: 'text', isSortable: true, label: 'Description' },
  ticker: { kind: 'text', isSortable: true, label: 'Ticker' },
  unique_id: { kind: 'text', isSortable: true, label: 'Security id' },
  security_kind: { kind: 'simple', isNotEmpty: true, isSortable: true, label: 'Security type' },
  /** The seed's "amount": the units held, what a closed position has 0 of (its value may be unknown). */
  amount: { kind: 'amount', isNotEmpty: true, isSortable: true, label: 'Amount' },
  quantity: { kind: 'amount', isNotEmpty: true, isSortable: true, label: 'Quantity' },
  price: { kind: 'amount', isSortable: true, label: 'Price' },
  value: { kind: 'amount', isSortable: true, label: 'Value' },
  currency: { kind: 'simple', isSortable: true, label: 'Currency' },
  as_of_date: { kind: 'date', isNotEmpty: true, isSortable: true, label: 'As of' },
  connector_name: { kind: 'text', isNotEmpty: true, isSortable: true, label: 'Connector' },
  account_name: { kind: 'text', isSortable: true, label: 'Account name' },
  account_number: { kind: 'text', isSortable: true, label: 'Account number' },
} as const satisfies TFieldTable;

export type TPositionFilterField = keyof typeof POSITION_FILTER_FIELDS;

/** The list's filter when the caller sends none (linked seed §2): amount greater than 0, closed positions hidden. */
export const DEFAULT_POSITION_FILTER: TFilterJson = {
  logic: 'AND',
  groups: [{ logic: 'AND', params: [{ field: 'amount', comparison: 'GREATER', value: '0' }] }],
};
