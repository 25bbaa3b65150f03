// The fields a rule's criteria may test (linked seed §3: connector, access method, account type, account
// name, account number, amount, category, status, transaction type, transaction date, description, and other
// text fields). Names and codes compare whole (EQ/NOTEQ, offered with autocomplete); free text by substring.
import type { TFieldTable } from '../filters/field-kinds.ts';

export const RULE_CRITERIA_FIELDS = {
  connector: { kind: 'simple', label: 'Connector' },
  access_method: { kind: 'simple', label: 'Access method' },
  account_type: { kind: 'simple', label: 'Account type' },
  account_name: { kind: 'simple', label: 'Account name' },
  account_number: { kind: 'simple', label: 'Account number' },
  amount: { kind: 'amount', isNotEmpty: true, label: 'Amount' },
  category: { kind: 'simple', label: 'Category' },
  subcategory: { kind: 'simple', label: 'Subcategory' },
  status: { kind: 'simple', label: 'Status' },
  transaction_type: { kind: 'simple', label: 'Transaction type' },
  transaction_date: { kind: 'date', isNotEmpty: true, label: 'Transaction date' },
  description: { kind: 'text', label: 'Description' },
  counterparty: { kind: 'text', label: 'Counterparty' },
} as const satisfies TFieldTable;

export type TRuleCriteriaField = keyof typeof RULE_CRITERIA_FIELDS;

/** Criteria the tagging form does not show (seed §5); the engine still evaluates them. */
export const TAGGING_FORM_HIDDEN_CRITERIA: readonly TRuleCriteriaField[] = ['connector', 'access_method'];

/** What the rules read and change of a linked transaction. */
export interface TRuleTransaction {
  id: string;
  connector_name: string | null;
  access_method: string | null;
  account_type: string | null;
  account_name: string | null;
  account_number: string | null;
  /** Exact decimal string, signed. */
  amount: string;
  category: string | null;
  subcategory: string | null;
  counterparty: string | null;
  description: string | null;
  status: string | null;
  type: string | null;
  /** YYYY-MM-DD */
  date: string;
  tag_ids: readonly string[];
  /** Fields a user changed by hand: rules leave them as the user set them. */
  edited_fields: readonly string[];
  /** Rules already applied to this transaction: a rule acts once on a transaction. */
  applied_rule_ids: readonly string[];
  mapping_status: string;
  /** The repository account the transaction's linked account is mapped to, if any. */
  context_account_id: string | null;
  /** The transaction as its file or provider gave it (the JSON source view). */
  source: unknown;
}

/** The row the filter evaluator reads for a transaction, keyed by criteria field. */
export function ruleCriteriaRow(transaction: TRuleTransaction): Record<TRuleCriteriaField, unknown> {
  return {
    connector: transaction.connector_name,
    access_method: transaction.access_method,
    account_type: transaction.account_type,
    account_name: transaction.account_name,
    account_number: transaction.account_number,
    amount: transaction.amount,
    category: transaction.category,
    subcategory: transaction.subcategory,
    status: transaction.status,
    transaction_type: transaction.type,
    transaction_date: transaction.date,
    description: transaction.description,
    counterparty: transaction.counterparty,
  };
}
