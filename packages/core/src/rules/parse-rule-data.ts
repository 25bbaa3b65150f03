// Untrusted rule data → typed criteria and actions (linked seed §5). A criteria param counts only when its
// comparison is set and either takes no value or has one; criteria left without params are dropped; a rule
// needs at least one criterion and one filled action. Errors are collected with their path, never thrown.
import { parseFilter, type TFilter } from '../filters/filter-model.ts';
import { mappingTargetTypes } from '../transactions/catalogue.ts';
import { RULE_CRITERIA_FIELDS } from './rule-criteria-fields.ts';
import {
  MAPPING_ACTION_TYPE,
  SIGN_VALUES,
  TAGGING_ACTION_TYPES,
  type TCriterion,
  type TMappedEntry,
  type TMappedValue,
  type TMappingAction,
  type TRuleAction,
  type TRuleData,
  type TRuleType,
  type TSignValue,
  type TTaggingAction,
} from './rule-model.ts';

export const RULE_MESSAGES = {
  NO_CRITERIA: 'Add at least one criterion with a comparison and a value',
  NO_ACTIONS: 'Add at least one action with a value',
  UNKNOWN_ACTION: 'Unknown action',
  ACTION_NOT_FOR_RULE: 'This action does not belong to this kind of rule',
  NO_TAGS: 'Choose at least one tag',
  NO_VALUE: 'Enter a value',
  BAD_SIGN: `Must be one of: ${SIGN_VALUES.join(', ')}`,
  TYPE_NOT_MAPPABLE: 'Linked transactions cannot be mapped to this transaction type',
  NO_ENTRIES: 'Add the entries of the transaction',
} as const;

export interface TRuleDataError {
  path: string;
  message: string;
}

export interface TParsedRuleData extends TRuleData {
  /** The criteria as the filter engine evaluates them (and the SQL translator finds candidates with). */
  filter: TFilter;
}

export type TRuleDataParse = { ok: true; value: TParsedRuleData } | { ok: false; errors: TRuleDataError[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFilled = (value: unknown): boolean =>
  value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

function parseCriteria(raw: unknown, errors: TRuleDataError[]): { criteria: TCriterion[]; filter: TFilter } {
  if (!Array.isArray(raw)) {
    errors.push({ path: 'criteria', message: 'Must be a list of criteria' });
    return { criteria: [], filter: { logic: 'AND', groups: [] } };
  }
  const groups = raw.map((criterion) =>
    isRecord(criterion) && Array.isArray(criterion.params)
      ? {
          logic: criterion.logic,
          params: criterion.params.map((param: unknown) =>
            isRecord(param) ? { ...param, field: criterion.type } : param,
          ),
        }
      : criterion,
  );
  const parsed = parseFilter({ logic: 'AND', groups }, RULE_CRITERIA_FIELDS);
  if (!parsed.ok) {
    for (const error of parsed.errors) {
      const path = error.path.replace(/^groups/, 'criteria').replace(/\.params\.(\d+)\.field$/, '.type');
      errors.push({ path, message: error.message });
    }
    return { criteria: [], filter: { logic: 'AND', groups: [] } };
  }
  const criteria = parsed.value.groups.map((group) => ({
    type: group.params[0]!.field,
    logic: group.logic,
    params: group.params.map(({ comparison, value }) => ({ comparison, value })),
  }));
  return { criteria, filter: parsed.value };
}

function parseMappedValue(raw: unknown): TMappedValue {
  if (!isRecord(raw)) return { isMappedFromJson: false, value: isFilled(raw) ? (raw as string) : null };
  const value = typeof raw.value === 'string' || typeof raw.value === 'number' ? raw.value : null;
  return { isMappedFromJson: raw.isMappedFromJson === true, value };
}

function parseMappingAction(
  raw: Record<string, unknown>,
  path: string,
  errors: TRuleDataError[],
): TMappingAction | null {
  const transactionType = parseMappedValue(raw.transaction_type);
  if (!isFilled(transactionType.value)) return null;
  if (!transactionType.isMappedFromJson && !mappingTargetTypes().includes(String(transactionType.value))) {
    errors.push({ path: `${path}.transaction_type`, message: RULE_MESSAGES.TYPE_NOT_MAPPABLE });
    return null;
  }
  const rawEntries = Array.isArray(raw.entries) ? raw.entries : [];
  const entries: TMappedEntry[] = rawEntries.map((entry: unknown) => {
    const record = isRecord(entry) ? entry : {};
    const account = parseMappedValue(record.account);
    const useContextAccount = isRecord(record.account) && record.account.useContextAccount === true;
    return {
      account: { ...account, useContextAccount },
      amount: parseMappedValue(record.amount),
      asset: parseMappedValue(record.asset),
    };
  });
  if (entries.length === 0) {
    errors.push({ path: `${path}.entries`, message: RULE_MESSAGES.NO_ENTRIES });
    return null;
  }
  return {
    type: MAPPING_ACTION_TYPE,
    transaction_type: transactionType,
    date: parseMappedValue(raw.date),
    description: parseMappedValue(raw.description),
    entries,
  };
}

function parseTaggingAction(
  raw: Record<string, unknown>,
  path: string,
  errors: TRuleDataError[],
): TTaggingAction | null {
  if (raw.type === 'add_tag') {
    const ids = Array.isArray(raw.tag_ids) ? raw.tag_ids.filter(isFilled).map(String) : [];
    return ids.length > 0 ? { type: 'add_tag', tag_ids: [...new Set(ids)] } : null;
  }
  if (!isFilled(raw.value)) return null;
  if (raw.type === 'set_sign') {
    if (!(SIGN_VALUES as readonly unknown[]).includes(raw.value)) {
      errors.push({ path: `${path}.value`, message: RULE_MESSAGES.BAD_SIGN });
      return null;
    }
    return { type: 'set_sign', value: raw.value as TSignValue };
  }
  return {
    type: raw.type as 'set_category' | 'set_subcategory' | 'set_counterparty',
    value: String(raw.value).trim(),
  };
}

function parseActions(raw: unknown, ruleType: TRuleType, errors: TRuleDataError[]): TRuleAction[] {
  if (!Array.isArray(raw)) {
    errors.push({ path: 'actions', message: 'Must be a list of actions' });
    return [];
  }
  const actions: TRuleAction[] = [];
  raw.forEach((action: unknown, index) => {
    const path = `actions.${index}`;
    if (!isRecord(action)) {
      errors.push({ path, message: RULE_MESSAGES.UNKNOWN_ACTION });
      return;
    }
    const isMapping = action.type === MAPPING_ACTION_TYPE;
    const isTagging = (TAGGING_ACTION_TYPES as readonly unknown[]).includes(action.type);
    if (!isMapping && !isTagging) {
      errors.push({ path: `${path}.type`, message: RULE_MESSAGES.UNKNOWN_ACTION });
      return;
    }
    if (isMapping !== (ruleType === 'mapping_to_smart_transaction')) {
      errors.push({ path: `${path}.type`, message: RULE_MESSAGES.ACTION_NOT_FOR_RULE });
      return;
    }
    const parsed = isMapping
      ? parseMappingAction(action, path, errors)
      : parseTaggingAction(action, path, errors);
    if (parsed) actions.push(parsed);
  });
  return actions;
}

/** Parse a rule's data for a rule of `ruleType`. */
export function parseRuleData(raw: unknown, ruleType: TRuleType): TRuleDataParse {
  const errors: TRuleDataError[] = [];
  const record = isRecord(raw) ? raw : {};
  const { criteria, filter } = parseCriteria(record.criteria ?? [], errors);
  const actions = parseActions(record.actions ?? [], ruleType, errors);
  if (errors.length > 0) return { ok: false, errors };
  if (criteria.length === 0) errors.push({ path: 'criteria', message: RULE_MESSAGES.NO_CRITERIA });
  if (actions.length === 0) errors.push({ path: 'actions', message: RULE_MESSAGES.NO_ACTIONS });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { criteria, actions, filter } };
}
