// The rule dialog's editable state and what it sends. Criteria are edited with the filter builder's draft
// (one group per criterion, all its params on the criterion's field); validity is core's `parseRuleData`, the
// same function the server runs, so Create, Save and Preview are enabled exactly when the server would accept.
import type { TLinkedTransaction } from '@strata/contracts/linked-transactions';
import type { TRule } from '@strata/contracts/rules';
import type { TComparison, TFieldTable } from '@strata/core/filters/field-kinds';
import { parseRuleData, type TRuleDataError } from '@strata/core/rules/parse-rule-data';
import {
  RULE_CRITERIA_FIELDS,
  TAGGING_FORM_HIDDEN_CRITERIA,
  type TRuleCriteriaField,
} from '@strata/core/rules/rule-criteria-fields';
import type { TRuleType, TTaggingActionType } from '@strata/core/rules/rule-model';
import { findTransactionType } from '@strata/core/transactions/catalogue';
import {
  COMPARISON_LABELS,
  draftToJson,
  emptyDraft,
  fieldLabel,
  type TFilterDraft,
} from '../../../shared/data-list/filter-draft.ts';

export interface TMappedDraft {
  isMappedFromJson: boolean;
  value: string;
  useContextAccount?: boolean;
}

export interface TTaggingActionDraft {
  key: string;
  type: TTaggingActionType;
  tag_ids: string[];
  value: string;
}

export interface TMappedEntryDraft {
  account: TMappedDraft;
  amount: TMappedDraft;
  asset: TMappedDraft;
}

export interface TMappingDraft {
  transaction_type: string;
  date: TMappedDraft;
  description: TMappedDraft;
  entries: TMappedEntryDraft[];
}

export interface TRuleDraft {
  type: TRuleType;
  criteria: TFilterDraft;
  taggingActions: TTaggingActionDraft[];
  mapping: TMappingDraft;
  /** The seed's 'Apply to future only', inverted into apply_to_existing_transactions. */
  applyFutureOnly: boolean;
}

export const TAGGING_ACTION_LABELS: Readonly<Record<TTaggingActionType, string>> = {
  add_tag: 'Add tag',
  set_category: 'Set category',
  set_subcategory: 'Set subcategory',
  set_counterparty: 'Set counterparty',
  set_sign: 'Set sign',
};

export const SIGN_LABELS = { positive: 'Positive', negative: 'Negative', flip_sign: 'Flip sign' } as const;

/** The seed leaves the day counts offered for 'in the last … days' open: these cover a week to a year. */
export const LAST_DAY_COUNTS = ['7', '14', '30', '60', '90', '180', '365'] as const;

/** The criteria a form offers: the tagging form hides connector and access method (seed §5). */
export function criteriaFieldsFor(type: TRuleType): TFieldTable {
  if (type !== 'tagging') return RULE_CRITERIA_FIELDS;
  return Object.fromEntries(
    Object.entries(RULE_CRITERIA_FIELDS).filter(
      ([field]) => !TAGGING_FORM_HIDDEN_CRITERIA.includes(field as TRuleCriteriaField),
    ),
  );
}

const textOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

let sequence = 0;
const nextKey = () => {
  sequence += 1;
  return `action-${sequence}`;
};

/** Criteria as the filter builder's draft: one group per criterion, every param on its field. */
function criteriaDraft(
  criteria: readonly {
    type: string;
    logic?: string | null;
    params: readonly { comparison?: string | null; value?: unknown }[];
  }[],
): TFilterDraft {
  return {
    logic: 'AND',
    groups: criteria.map((criterion) => ({
      key: nextKey(),
      logic: criterion.logic === 'OR' ? 'OR' : 'AND',
      params: criterion.params.map((param) => ({
        key: nextKey(),
        field: criterion.type,
        comparison: (param.comparison ?? 'EQ') as TComparison,
        value: Array.isArray(param.value)
          ? [textOf(param.value[0]), textOf(param.value[1])]
          : param.value === null || param.value === undefined
            ? null
            : String(param.value),
      })),
    })),
  };
}

const fixed = (value = ''): TMappedDraft => ({ isMappedFromJson: false, value });
const fromJson = (path: string): TMappedDraft => ({ isMappedFromJson: true, value: path });

export function newTaggingAction(type: TTaggingActionType = 'set_category'): TTaggingActionDraft {
  return { key: nextKey(), type, tag_ids: [], value: type === 'set_sign' ? 'flip_sign' : '' };
}

/** One blank entry per slot of the type (core's catalogue). */
export function entriesFor(transactionType: string): TMappedEntryDraft[] {
  const definition = findTransactionType(transactionType);
  return (definition?.entries ?? []).map(() => ({ account: fixed(), amount: fixed(), asset: fixed() }));
}

export function setMappingType(mapping: TMappingDraft, transactionType: string): TMappingDraft {
  return { ...mapping, transaction_type: transactionType, entries: entriesFor(transactionType) };
}

export function emptyRuleDraft(type: TRuleType): TRuleDraft {
  return {
    type,
    criteria: emptyDraft(),
    taggingActions: type === 'tagging' ? [newTaggingAction()] : [],
    mapping: { transaction_type: '', date: fixed(), description: fixed(), entries: [] },
    applyFutureOnly: false,
  };
}

function mappedDraftOf(raw: unknown): TMappedDraft {
  const record = (raw ?? {}) as { isMappedFromJson?: boolean; value?: unknown; useContextAccount?: boolean };
  return {
    isMappedFromJson: record.isMappedFromJson === true,
    value: textOf(record.value),
    ...(record.useContextAccount ? { useContextAccount: true } : {}),
  };
}

/** The draft of a saved rule. */
export function draftFromRule(rule: TRule): TRuleDraft {
  const draft = emptyRuleDraft(rule.type);
  const criteria = criteriaDraft(rule.data.criteria);
  const actions = rule.data.actions as { type: string; [key: string]: unknown }[];
  const mapping = actions.find((action) => action.type === 'map_to_transaction');
  return {
    ...draft,
    criteria,
    taggingActions: actions
      .filter((action) => action.type !== 'map_to_transaction')
      .map((action) => ({
        key: nextKey(),
        type: action.type as TTaggingActionType,
        tag_ids: Array.isArray(action.tag_ids) ? action.tag_ids.map(String) : [],
        value: textOf(action.value),
      })),
    mapping: mapping
      ? {
          transaction_type: textOf((mapping.transaction_type as { value?: unknown } | undefined)?.value),
          date: mappedDraftOf(mapping.date),
          description: mappedDraftOf(mapping.description),
          entries: ((mapping.entries as unknown[]) ?? []).map((entry) => {
            const record = (entry ?? {}) as Record<string, unknown>;
            return {
              account: mappedDraftOf(record.account),
              amount: mappedDraftOf(record.amount),
              asset: mappedDraftOf(record.asset),
            };
          }),
        }
      : draft.mapping,
    applyFutureOnly: !rule.apply_to_existing_transactions,
  };
}

/**
 * 'Create tagging rule' / 'Create mapping rule' from a linked transaction: criteria on its counterparty (else
 * its description) and account; a mapping reads date, description and amount from the transaction's source
 * into the context account, so the user picks only the type and the other side.
 */
export function draftFromLinkedTransaction(type: TRuleType, transaction: TLinkedTransaction): TRuleDraft {
  const draft = emptyRuleDraft(type);
  const criteria = criteriaDraft(
    [
      transaction.counterparty
        ? { type: 'counterparty', comparison: 'CONTAINS', value: transaction.counterparty }
        : transaction.description
          ? { type: 'description', comparison: 'CONTAINS', value: transaction.description }
          : null,
      transaction.account_name
        ? { type: 'account_name', comparison: 'EQ', value: transaction.account_name }
        : null,
    ]
      .filter((criterion) => criterion !== null)
      .map(({ type: field, comparison, value }) => ({
        type: field,
        logic: 'AND',
        params: [{ comparison, value }],
      })),
  );
  if (type === 'tagging') return { ...draft, criteria };
  return {
    ...draft,
    criteria,
    mapping: {
      transaction_type: '',
      date: fromJson('$.date'),
      description: fromJson('$.memo'),
      entries: [],
    },
  };
}

function mappedJson(draft: TMappedDraft) {
  return {
    isMappedFromJson: draft.isMappedFromJson,
    value: draft.value.trim() === '' ? null : draft.value.trim(),
    ...(draft.useContextAccount ? { useContextAccount: true } : {}),
  };
}

/** The rule's data as the API takes it. Half-filled criteria rows are sent as they are: core drops them. */
export function ruleDataOf(draft: TRuleDraft) {
  const filter = draftToJson(draft.criteria);
  const criteria = filter.groups.map((group) => ({
    type: group.params[0]?.field ?? '',
    logic: group.logic,
    params: group.params.map(({ comparison, value }) => ({ comparison, value })),
  }));
  if (draft.type === 'tagging') {
    return {
      criteria,
      actions: draft.taggingActions.map((action) =>
        action.type === 'add_tag'
          ? { type: action.type, tag_ids: action.tag_ids }
          : { type: action.type, value: action.value },
      ),
    };
  }
  const { mapping } = draft;
  return {
    criteria,
    actions: mapping.transaction_type
      ? [
          {
            type: 'map_to_transaction',
            transaction_type: { isMappedFromJson: false, value: mapping.transaction_type },
            date: mappedJson(mapping.date),
            description: mappedJson(mapping.description),
            entries: mapping.entries.map((entry) => ({
              account: mappedJson(entry.account),
              amount: mappedJson(entry.amount),
              asset: mappedJson(entry.asset),
            })),
          },
        ]
      : [],
  };
}

/** Core's verdict: Create, Save and Preview need no errors (seed §5: criteria and a filled action). */
export function checkDraft(draft: TRuleDraft): { canSubmit: boolean; errors: TRuleDataError[] } {
  const parsed = parseRuleData(ruleDataOf(draft), draft.type);
  return parsed.ok ? { canSubmit: true, errors: [] } : { canSubmit: false, errors: parsed.errors };
}

export const isSameRule = (a: TRuleDraft, b: TRuleDraft): boolean =>
  JSON.stringify(ruleDataOf(a)) === JSON.stringify(ruleDataOf(b)) && a.applyFutureOnly === b.applyFutureOnly;

/**
 * The main button (seed §2): 'Create' for a new rule; for a saved one 'Apply to historic' while the form is
 * unchanged and not prefilled, otherwise 'Save'.
 */
export function submitLabel(options: { isExisting: boolean; isChanged: boolean; isPrefilled: boolean }) {
  if (!options.isExisting) return 'Create';
  return !options.isChanged && !options.isPrefilled ? 'Apply to historic' : 'Save';
}

/** 'If Description contains "card payment" and Amount is less than "0"' — the preview title. */
export function criteriaSummary(draft: TRuleDraft): string {
  const fields = RULE_CRITERIA_FIELDS as TFieldTable;
  const parts = draftToJson(draft.criteria).groups.map((group) =>
    group.params
      .map((param) => {
        const label = `${fieldLabel(fields, param.field)} ${COMPARISON_LABELS[param.comparison]}`;
        if (param.value === null || param.value === '') return label;
        const value = Array.isArray(param.value) ? param.value.join(' – ') : String(param.value);
        return `${label} "${value}"`;
      })
      .join(group.logic === 'OR' ? ' or ' : ' and '),
  );
  return `If ${parts.join(' and ')}`;
}

/** 'Set category "Credit card", Add 2 tags' or 'Map to income' — the rules list's Then column. */
export function actionsSummary(draft: TRuleDraft): string {
  if (draft.type !== 'tagging') {
    return draft.mapping.transaction_type
      ? `Map to ${draft.mapping.transaction_type}`
      : 'Map to a transaction';
  }
  return draft.taggingActions
    .map((action) => {
      if (action.type === 'add_tag')
        return `Add ${action.tag_ids.length} tag${action.tag_ids.length === 1 ? '' : 's'}`;
      if (action.type === 'set_sign')
        return `Set sign: ${SIGN_LABELS[action.value as keyof typeof SIGN_LABELS] ?? action.value}`;
      return `${TAGGING_ACTION_LABELS[action.type]} "${action.value}"`;
    })
    .join(', ');
}
