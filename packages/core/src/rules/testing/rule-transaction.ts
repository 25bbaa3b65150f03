// A linked transaction as the rules see it, for tests: every field set, overridable.
import type { TRuleTransaction } from '../rule-criteria-fields.ts';

export function ruleTransaction(overrides: Partial<TRuleTransaction> = {}): TRuleTransaction {
  return {
    id: 'lt-1',
    connector_name: 'Bank files',
    access_method: 'manual',
    account_type: 'CHECKING',
    account_name: 'Everyday checking',
    account_number: '1234',
    amount: '-42.10',
    category: null,
    subcategory: null,
    counterparty: 'CORNER SHOP',
    description: 'POS purchase',
    status: 'posted',
    type: 'DEBIT',
    date: '2024-03-05',
    tag_ids: [],
    edited_fields: [],
    applied_rule_ids: [],
    mapping_status: 'none',
    context_account_id: null,
    source: {},
    ...overrides,
  };
}
