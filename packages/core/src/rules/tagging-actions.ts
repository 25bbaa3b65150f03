// Tagging actions on one linked transaction. A field the user changed by hand keeps the user's value: the
// rule skips it (tags are only ever added, so a rule never removes a tag a user set).
import { toAmountString, toDecimal } from '../money/decimal.ts';
import type { TRuleTransaction } from './rule-criteria-fields.ts';
import type { TSignValue, TTaggingAction } from './rule-model.ts';

/** The fields rules may change, as the preview lists them. */
export const RULE_CHANGEABLE_FIELDS = [
  'tag_ids',
  'category',
  'subcategory',
  'counterparty',
  'amount',
  'mapping_status',
] as const;
export type TRuleChangeableField = (typeof RULE_CHANGEABLE_FIELDS)[number];

/** The amount with the sign the action asks for; an amount that already has it is returned as given. */
export function signedAmount(amount: string, sign: TSignValue): string {
  const value = toDecimal(amount);
  const isNegative = value.isNegative() && !value.isZero();
  const wantsNegative = sign === 'flip_sign' ? !isNegative : sign === 'negative';
  if (value.isZero() || wantsNegative === isNegative) return amount;
  return toAmountString(value.neg());
}

const ACTION_FIELD = {
  set_category: 'category',
  set_subcategory: 'subcategory',
  set_counterparty: 'counterparty',
} as const;

/** The transaction after the actions, in order; `transaction` is not changed. */
export function applyTaggingActions(
  transaction: TRuleTransaction,
  actions: readonly TTaggingAction[],
): TRuleTransaction {
  const after = { ...transaction };
  const isEdited = (field: string) => transaction.edited_fields.includes(field);
  for (const action of actions) {
    switch (action.type) {
      case 'add_tag':
        after.tag_ids = [...new Set([...after.tag_ids, ...action.tag_ids])];
        break;
      case 'set_sign':
        if (!isEdited('amount')) after.amount = signedAmount(after.amount, action.value);
        break;
      default: {
        const field = ACTION_FIELD[action.type];
        if (!isEdited(field)) after[field] = action.value;
      }
    }
  }
  return after;
}

export interface TFieldChange {
  field: TRuleChangeableField;
  before: unknown;
  after: unknown;
}

const sameValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((item, index) => item === b[index])
    : a === b;

/** What differs between two states of a transaction, field by field, in RULE_CHANGEABLE_FIELDS order. */
export function changedFields(before: TRuleTransaction, after: TRuleTransaction): TFieldChange[] {
  return RULE_CHANGEABLE_FIELDS.filter((field) => !sameValue(before[field], after[field])).map((field) => ({
    field,
    before: before[field],
    after: after[field],
  }));
}
