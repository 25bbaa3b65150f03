// The fields a transaction list can be filtered and sorted by, and how a transaction becomes a filter row.
// Entry fields (account, asset, amount) are lists: a filter on them matches when any entry matches.
import type { TFieldTable } from '../filters/field-kinds.ts';

export const TRANSACTION_FILTER_FIELDS = {
  type: { kind: 'simple', isNotEmpty: true, isSortable: true, label: 'Type' },
  date: { kind: 'date', isNotEmpty: true, isSortable: true, label: 'Date' },
  description: { kind: 'text', isSortable: true, label: 'Description' },
  account: { kind: 'simple', label: 'Account' },
  asset: { kind: 'simple', label: 'Asset' },
  amount: { kind: 'amount', label: 'Amount' },
  source: { kind: 'simple', label: 'Source' },
  linked_id: { kind: 'simple', label: 'Linked transaction' },
} as const satisfies TFieldTable;

export type TTransactionFilterField = keyof typeof TRANSACTION_FILTER_FIELDS;

export interface TTransactionForFilter {
  type: string;
  date: string;
  description?: string | null;
  source?: string | null;
  linked_id?: string | null;
  entries: readonly { account_id: string; asset_id: string; amount: string }[];
}

/** The row `evaluateFilter` and `compareRows` read for a transaction. */
export function transactionFilterRow(
  transaction: TTransactionForFilter,
): Record<TTransactionFilterField, unknown> {
  return {
    type: transaction.type,
    date: transaction.date,
    description: transaction.description ?? null,
    account: transaction.entries.map((entry) => entry.account_id),
    asset: transaction.entries.map((entry) => entry.asset_id),
    amount: transaction.entries.map((entry) => entry.amount),
    source: transaction.source ?? null,
    linked_id: transaction.linked_id ?? null,
  };
}
