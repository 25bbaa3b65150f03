// Tagging and mapping rules (linked seed §3 "Tagging rule", "Mapping rule"; §4 "Rule apply_status"; §5).
// A rule is criteria (each a group of params on one field of a linked transaction, combined by its own
// AND/OR; the criteria themselves all hold) and actions. The criteria are the filter engine's groups, so a
// rule allows and refuses exactly the comparisons a filter on the same field does.
import type { TComparison } from '../filters/field-kinds.ts';
import type { TFilterLogic } from '../filters/filter-model.ts';

export const RULE_TYPES = ['tagging', 'mapping_to_smart_transaction'] as const;
export type TRuleType = (typeof RULE_TYPES)[number];

export const TAGGING_ACTION_TYPES = [
  'add_tag',
  'set_category',
  'set_subcategory',
  'set_counterparty',
  'set_sign',
] as const;
export type TTaggingActionType = (typeof TAGGING_ACTION_TYPES)[number];

export const MAPPING_ACTION_TYPE = 'map_to_transaction';

export const SIGN_VALUES = ['positive', 'negative', 'flip_sign'] as const;
export type TSignValue = (typeof SIGN_VALUES)[number];

/** success: every matching transaction processed; the rest as the seed's §4 tables define them. */
export const APPLY_STATUSES = ['success', 'failed', 'partial', 'not_applied'] as const;
export type TApplyStatus = (typeof APPLY_STATUSES)[number];

export interface TCriterionParam {
  comparison: TComparison;
  /** null for EMPTY and NOTEMPTY; a day count for LAST; a [from, to] pair for RANGE. */
  value: unknown;
}

export interface TCriterion {
  /** One of RULE_CRITERIA_FIELDS' keys. */
  type: string;
  logic: TFilterLogic;
  params: TCriterionParam[];
}

export type TTaggingAction =
  | { type: 'add_tag'; tag_ids: string[] }
  | { type: 'set_category' | 'set_subcategory' | 'set_counterparty'; value: string }
  | { type: 'set_sign'; value: TSignValue };

/** A value of a mapped transaction: fixed, or read from the linked transaction's source by a JSONPath. */
export interface TMappedValue {
  isMappedFromJson: boolean;
  value: string | number | null;
}

export interface TMappedEntry {
  /** useContextAccount: the repository account the linked account is mapped to. */
  account: TMappedValue & { useContextAccount?: boolean };
  amount: TMappedValue;
  asset: TMappedValue;
}

export interface TMappingAction {
  type: typeof MAPPING_ACTION_TYPE;
  transaction_type: TMappedValue;
  date: TMappedValue;
  description: TMappedValue;
  entries: TMappedEntry[];
}

export type TRuleAction = TTaggingAction | TMappingAction;

export interface TRuleData {
  criteria: TCriterion[];
  actions: TRuleAction[];
}

export interface TRule {
  id: string;
  order: number;
  type: TRuleType;
  data: TRuleData;
  enabled: boolean;
}
