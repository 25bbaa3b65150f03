// Validate a transaction draft against the catalogue (core seed §5 "Transaction"). Pure: the caller
// passes the repository's assets it needs as a lookup. Collects every error, labelled by entry title and
// field, and returns the normalised transaction when there are none.
import { toDecimal } from '../money/decimal.ts';
import {
  equalOne,
  isBlank,
  limitedText,
  MIN_DATE_YEAR,
  negative,
  nonNegative,
  nonPositive,
  numeric,
  oneOf,
  percent,
  positive,
  requiredDate,
  type TRuleResult,
} from '../validation/field-rules.ts';
import { equalToMessage, MESSAGES, oneOfMessage } from '../validation/messages.ts';
import { NON_CURRENCY_TYPES } from './asset-kinds.ts';
import {
  type TAmountRule,
  type TEntryDraft,
  type TEntrySetting,
  TRANSACTION_TYPES,
  type TRefSetting,
  type TTransactionTypeDefinition,
} from './catalogue.ts';

/** Seed §9: a transaction has at most four entries. */
export const MAX_ENTRIES = 4;
/**
 * The seed gives the description a length limit without its value, and every text field its 255 (§9 "Max
 * text length 255"), so a description is single-line text too. Longer broker memo lines belong to the linked
 * transaction the smart transaction was mapped from, which keeps its source whole.
 */
export const MAX_DESCRIPTION_LENGTH = 255;

/** What validation needs to know about an asset or account of the repository. */
export interface TAssetRef {
  type: string;
  name: string;
  /** The value of the account's Category tag, if any. */
  category?: string | null;
}

export interface TTransactionDraft {
  type?: string | null;
  date?: string | null;
  description?: string | null;
  entries?: readonly TEntryDraft[] | null;
}

export interface TValidEntry {
  account_id: string;
  asset_id: string;
  amount: string;
  pos_id: string | null;
}

export interface TValidTransaction {
  type: string;
  date: string;
  description: string | null;
  /** In slot order; blank optional trailing entries are dropped. */
  entries: TValidEntry[];
}

export interface TTransactionError {
  /** Dotted path into the draft, e.g. 'entries.1.amount'. */
  path: string;
  /** Human label: 'Type', 'Date', 'Description', or '{entry title}: {field}', e.g. 'Cash: amount'. */
  label: string;
  message: string;
}

export type TTransactionValidation =
  | { ok: true; value: TValidTransaction }
  | { ok: false; errors: TTransactionError[] };

export interface TValidateTransactionOptions {
  catalogue?: readonly TTransactionTypeDefinition[];
  /** Whether the caller's plan includes PRO-only types. Defaults to true (the server decides by plan). */
  canUseProTypes?: boolean;
  minYear?: number;
}

/**
 * Signs are forced by rule (seed §5: "amounts must be numeric with signs forced by rule"): a user types
 * 1500 for a buy's cash and it is stored as −1500; a pasted −10 on a positive slot becomes 10. So only
 * zero fails a signed rule. Ratio, percent, 'one' and 'any' keep the sign as given.
 */
export function applyAmountRule(rule: TAmountRule, input: unknown): TRuleResult<string> {
  const parsed = numeric(input);
  if (!parsed.ok) return parsed;
  const magnitude = toDecimal(parsed.value).abs().toFixed();
  switch (rule) {
    case 'positive':
      return positive(magnitude);
    case 'nonNegative':
      return nonNegative(magnitude);
    case 'negative':
      return negative(magnitude === '0' ? '0' : `-${magnitude}`);
    case 'nonPositive':
      return nonPositive(magnitude === '0' ? '0' : `-${magnitude}`);
    case 'ratio':
      return positive(parsed.value);
    case 'percent':
      return percent(parsed.value);
    case 'one':
      return equalOne(parsed.value);
    case 'any':
      return parsed;
  }
}

function isBlankEntry(entry: TEntryDraft | undefined): boolean {
  return (
    !entry ||
    (isBlank(entry.account_id) && isBlank(entry.asset_id) && isBlank(entry.amount) && isBlank(entry.pos_id))
  );
}

function isOptionalSlot(setting: TEntrySetting): boolean {
  return Boolean(setting.account.optional && setting.asset.optional && setting.amount.optional);
}

function checkRef(id: unknown, setting: TRefSetting, assets: ReadonlyMap<string, TAssetRef>): string | null {
  if (isBlank(id)) return MESSAGES.REQUIRED;
  const asset = assets.get(String(id));
  if (!asset) return MESSAGES.UNKNOWN_ASSET;
  if (!(setting.includes as readonly string[]).includes(asset.type)) return oneOfMessage(setting.includes);
  if (setting.value !== undefined && asset.category !== setting.value) return equalToMessage(setting.value);
  return null;
}

/**
 * Validate `draft` against its type in the catalogue. `assets` maps asset ids of the repository to their
 * type, name and Category tag; ids not in it are reported as 'Does not exist'.
 */
export function validateTransaction(
  draft: TTransactionDraft,
  assets: ReadonlyMap<string, TAssetRef>,
  options: TValidateTransactionOptions = {},
): TTransactionValidation {
  const { catalogue = TRANSACTION_TYPES, canUseProTypes = true, minYear = MIN_DATE_YEAR } = options;
  const errors: TTransactionError[] = [];
  const report = (path: string, label: string, message: string) => errors.push({ path, label, message });

  const typeResult = oneOf(catalogue.map((definition) => definition.name))(draft.type);
  const definition = typeResult.ok ? catalogue.find((d) => d.name === typeResult.value) : undefined;
  if (!typeResult.ok) report('type', 'Type', typeResult.message);
  else if (definition?.isProOnly && !canUseProTypes) report('type', 'Type', MESSAGES.TYPE_NOT_IN_PLAN);

  const dateResult = requiredDate(draft.date, minYear);
  if (!dateResult.ok) report('date', 'Date', dateResult.message);

  const descriptionResult = limitedText(draft.description, MAX_DESCRIPTION_LENGTH);
  if (!descriptionResult.ok) report('description', 'Description', descriptionResult.message);

  const drafts = draft.entries ?? [];
  if (drafts.length > MAX_ENTRIES) report('entries', 'Entries', MESSAGES.TOO_MANY_ENTRIES);

  const entries: TValidEntry[] = [];
  if (definition) {
    const lastUsed = drafts.findLastIndex((entry) => !isBlankEntry(entry));
    const slotCount = Math.max(definition.entries.length, lastUsed + 1);
    for (let index = 0; index < slotCount; index++) {
      const entry = drafts[index];
      const setting = definition.entries[index];
      const path = `entries.${index}`;
      if (!setting) {
        if (!isBlankEntry(entry)) report(path, `Entry ${index + 1}`, MESSAGES.MUST_BE_EMPTY);
        continue;
      }
      // Optional slots come last in every type, so dropping a blank one keeps the others in slot order.
      if (isBlankEntry(entry) && isOptionalSlot(setting)) continue;
      const valid = validateEntry(entry ?? {}, setting, assets, (field, message) =>
        report(
          `${path}.${field}`,
          `${setting.title}: ${field === 'pos_id' ? 'position' : field.replace('_id', '')}`,
          message,
        ),
      );
      if (valid) entries.push(valid);
    }
  }

  if (errors.length > 0 || !definition || !dateResult.ok || !descriptionResult.ok) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: { type: definition.name, date: dateResult.value, description: descriptionResult.value, entries },
  };
}

function validateEntry(
  entry: TEntryDraft,
  setting: TEntrySetting,
  assets: ReadonlyMap<string, TAssetRef>,
  report: (field: 'account_id' | 'asset_id' | 'amount' | 'pos_id', message: string) => void,
): TValidEntry | null {
  const accountError = checkRef(entry.account_id, setting.account, assets);
  if (accountError) report('account_id', accountError);
  const assetError = checkRef(entry.asset_id, setting.asset, assets);
  if (assetError) report('asset_id', assetError);
  const amount = applyAmountRule(setting.amount.rule, entry.amount);
  if (!amount.ok) report('amount', amount.message);

  let posError: string | null = null;
  if (!isBlank(entry.pos_id)) {
    posError = setting.isAttributable
      ? checkRef(entry.pos_id, { includes: NON_CURRENCY_TYPES }, assets)
      : MESSAGES.MUST_BE_EMPTY;
    if (posError) report('pos_id', posError);
  }

  if (accountError || assetError || !amount.ok || posError) return null;
  return {
    account_id: String(entry.account_id),
    asset_id: String(entry.asset_id),
    amount: amount.value,
    pos_id: isBlank(entry.pos_id) ? null : String(entry.pos_id),
  };
}
