// Running rules on linked transactions. Every decision is made per transaction, on that transaction's own
// values (never on a batch), and one function decides a rule's outcome for the preview, for applying a rule
// to existing transactions and for new imports alike, so a preview and the apply that follows agree exactly.
import { evaluateFilter } from '../filters/evaluate-filter.ts';
import type {
  TAssetRef,
  TValidateTransactionOptions,
  TValidTransaction,
} from '../transactions/validate-transaction.ts';
import { mapToTransaction } from './map-to-transaction.ts';
import type { TParsedRuleData } from './parse-rule-data.ts';
import { ruleCriteriaRow, type TRuleTransaction } from './rule-criteria-fields.ts';
import {
  MAPPING_ACTION_TYPE,
  type TApplyStatus,
  type TMappingAction,
  type TRuleType,
  type TTaggingAction,
} from './rule-model.ts';
import { applyTaggingActions, changedFields, type TFieldChange } from './tagging-actions.ts';

export interface TRunnableRule {
  /** Absent for a rule being previewed before it is saved. */
  id?: string;
  type: TRuleType;
  data: TParsedRuleData;
}

export interface TRuleContext {
  /** The user's today (core's todayIn), for LAST n days. */
  today: string;
  /** The repository's assets and accounts, to validate mapped transactions. */
  assets: ReadonlyMap<string, TAssetRef>;
  validation?: TValidateTransactionOptions;
  /** The id of the repository's 'exclude' tag: mapping rules leave excluded transactions alone. */
  excludeTagId?: string | null;
}

export type TRuleOutcome =
  /** The criteria do not match: the transaction is left exactly as it was. */
  | { kind: 'not_matched' }
  /** Matched, but the rule was applied before, the transaction is already mapped, or nothing would change. */
  | { kind: 'unchanged' }
  | { kind: 'changed'; after: TRuleTransaction; changes: TFieldChange[] }
  | { kind: 'mapped'; after: TRuleTransaction; changes: TFieldChange[]; transaction: TValidTransaction }
  | { kind: 'failed'; after: TRuleTransaction; changes: TFieldChange[]; reason: string };

export function matchesRule(
  rule: TRunnableRule,
  transaction: TRuleTransaction,
  context: TRuleContext,
): boolean {
  return evaluateFilter(rule.data.filter, ruleCriteriaRow(transaction), { today: context.today });
}

function withAppliedRule(transaction: TRuleTransaction, ruleId: string | undefined): TRuleTransaction {
  return ruleId === undefined || transaction.applied_rule_ids.includes(ruleId)
    ? transaction
    : { ...transaction, applied_rule_ids: [...transaction.applied_rule_ids, ruleId] };
}

/** What one rule does to one transaction. */
export function runRule(
  rule: TRunnableRule,
  transaction: TRuleTransaction,
  context: TRuleContext,
): TRuleOutcome {
  if (!matchesRule(rule, transaction, context)) return { kind: 'not_matched' };
  if (rule.id !== undefined && transaction.applied_rule_ids.includes(rule.id)) return { kind: 'unchanged' };
  if (rule.type === 'tagging') {
    const actions = rule.data.actions.filter(
      (action): action is TTaggingAction => action.type !== MAPPING_ACTION_TYPE,
    );
    const after = applyTaggingActions(transaction, actions);
    const changes = changedFields(transaction, after);
    return changes.length === 0
      ? { kind: 'unchanged' }
      : { kind: 'changed', after: withAppliedRule(after, rule.id), changes };
  }
  const isExcluded = context.excludeTagId != null && transaction.tag_ids.includes(context.excludeTagId);
  if (transaction.mapping_status === 'ok' || isExcluded) return { kind: 'unchanged' };
  const action = rule.data.actions.find(
    (candidate): candidate is TMappingAction => candidate.type === MAPPING_ACTION_TYPE,
  );
  if (!action) return { kind: 'unchanged' };
  const result = mapToTransaction(transaction, action, context.assets, context.validation);
  if (result.ok) {
    const after = withAppliedRule({ ...transaction, mapping_status: 'ok' }, rule.id);
    return {
      kind: 'mapped',
      after,
      changes: changedFields(transaction, after),
      transaction: result.transaction,
    };
  }
  const after = { ...transaction, mapping_status: 'failed' };
  return { kind: 'failed', after, changes: changedFields(transaction, after), reason: result.reason };
}

export interface TApplySummary {
  apply_status: TApplyStatus;
  matched: number;
  changed: number;
  unchanged: number;
  failed: number;
}

/**
 * The seed's apply_status (§4) from outcomes: success when every matching transaction that needed it was
 * processed, failed when none could be, partial when some could not, not_applied when nothing matched or
 * the rule had already been applied to everything it matches.
 */
export function summarizeOutcomes(outcomes: readonly TRuleOutcome[]): TApplySummary {
  let [matched, changed, unchanged, failed] = [0, 0, 0, 0];
  for (const outcome of outcomes) {
    if (outcome.kind === 'not_matched') continue;
    matched += 1;
    if (outcome.kind === 'unchanged') unchanged += 1;
    else if (outcome.kind === 'failed') failed += 1;
    else changed += 1;
  }
  const apply_status: TApplyStatus =
    changed + failed === 0 ? 'not_applied' : failed === 0 ? 'success' : changed === 0 ? 'failed' : 'partial';
  return { apply_status, matched, changed, unchanged, failed };
}

export interface TNewTransactionResult {
  after: TRuleTransaction;
  /** The smart transaction a mapping rule produced, if one did. */
  mapped: TValidTransaction | null;
  /** Why the mapping failed, when the first matching mapping rule could not map it. */
  mappingFailure: string | null;
}

/**
 * Rules on a newly imported or synced transaction: enabled rules in order, tagging rules first (so mapping
 * criteria see the categories tagging set), each on the transaction as the rules before it left it; the first
 * mapping rule that matches maps it.
 */
export function runRulesOnNewTransaction(
  rules: readonly (TRunnableRule & { enabled: boolean; order: number })[],
  transaction: TRuleTransaction,
  context: TRuleContext,
): TNewTransactionResult {
  const ordered = rules
    .filter((rule) => rule.enabled)
    .sort((a, b) => (a.type === b.type ? a.order - b.order : a.type === 'tagging' ? -1 : 1));
  let current = transaction;
  let mapped: TValidTransaction | null = null;
  let mappingFailure: string | null = null;
  for (const rule of ordered) {
    if (rule.type === 'mapping_to_smart_transaction' && (mapped || mappingFailure)) break;
    const outcome = runRule(rule, current, context);
    if (outcome.kind === 'changed') current = outcome.after;
    if (outcome.kind === 'mapped') {
      current = outcome.after;
      mapped = outcome.transaction;
    }
    if (outcome.kind === 'failed') {
      current = outcome.after;
      mappingFailure = outcome.reason;
    }
  }
  return { after: current, mapped, mappingFailure };
}
