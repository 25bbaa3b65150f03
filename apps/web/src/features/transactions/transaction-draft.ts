// The transaction form's draft: entries by the type's slots, amounts as the user sees them (percent slots
// ×100), the entity state (seed §4) and the body sent to the API. Pure, so the rules are tested without React.
import type { TTransaction } from '@strata/contracts/transactions';
import { isNumericString, toAmountString, toDecimal } from '@strata/core/money/decimal';
import { applyAmountRule } from '@strata/core/transactions/validate-transaction';
import { parsePercentInput } from '@strata/core/validation/field-rules';
import type { TEntrySettingView, TTypeSetting } from './api/transactions.ts';
import type { TOption } from './entry-options.ts';

export interface TEntryDraft {
  account_id: string | null;
  asset_id: string | null;
  /** As shown: percent slots hold the percentage (12 for 0.12). */
  amount: string;
}

export interface TTransactionDraft {
  type: string | null;
  date: string;
  description: string;
  entries: TEntryDraft[];
}

/** Seed §4 entity states; `deleted` and `invalid` come from the grid's vocabulary. */
export type TDraftState = 'new' | 'changed' | 'saved' | 'deleted' | 'invalid';

const isPercent = (slot: TEntrySettingView | undefined) => slot?.amount.rule === 'percent';

/** Stored fraction → what the amount field shows: '0.125' on a percent slot is '12.5'. */
export function amountForDisplay(slot: TEntrySettingView | undefined, stored: string): string {
  if (!isPercent(slot) || !isNumericString(stored)) return stored;
  return toAmountString(toDecimal(stored).times(100));
}

/** What the field shows → the amount sent: a percent slot's '12.5' is '0.125'; text the server judges as is. */
export function amountForSave(slot: TEntrySettingView | undefined, shown: string): string {
  const text = shown.trim();
  if (!isPercent(slot) || !isNumericString(text)) return text;
  return toAmountString(toDecimal(text).dividedBy(100));
}

/**
 * Seed §5: pasting a percent into an amount gives the fraction. A plain amount slot takes '12%' as '0.12'; a
 * percent slot already shows percentages, so the same paste shows '12' (and is saved as 0.12).
 */
export function amountFromPaste(slot: TEntrySettingView | undefined, pasted: string): string {
  const text = pasted.trim();
  if (!isPercent(slot)) return parsePercentInput(text);
  return text.endsWith('%') ? text.slice(0, -1).trim() : text;
}

export interface TDefaultsContext {
  /** The options each slot's account and asset selects offer (entryOptions). */
  optionsFor: (slot: TEntrySettingView, field: 'account' | 'asset') => readonly TOption[];
  /** The repository currency's asset id, the natural default for a currency slot. */
  currencyAssetId?: string | null;
}

/**
 * A type's default entries (seed §4: changing the type re-applies them): a field with a single allowed
 * choice (the pre-created 'cash dividend' account) is filled in, and a currency slot takes the repository
 * currency; everything else starts blank.
 */
export function defaultEntries(type: TTypeSetting | undefined, context: TDefaultsContext): TEntryDraft[] {
  return (type?.entries ?? []).map((slot) => {
    const accounts = context.optionsFor(slot, 'account');
    const assets = context.optionsFor(slot, 'asset');
    const currency = assets.find((option) => option.value === context.currencyAssetId);
    const pick = (options: readonly TOption[], optional?: boolean) =>
      !optional && options.length === 1 ? (options[0]?.value ?? null) : null;
    return {
      account_id: pick(accounts, slot.account.optional),
      asset_id: currency && !slot.asset.optional ? currency.value : pick(assets, slot.asset.optional),
      amount: '',
    };
  });
}

/** A saved transaction as the form shows it. */
export function draftFromTransaction(
  transaction: TTransaction,
  type: TTypeSetting | undefined,
): TTransactionDraft {
  const slots = type?.entries ?? [];
  const count = Math.max(slots.length, transaction.entries.length);
  return {
    type: transaction.type,
    date: transaction.date,
    description: transaction.description ?? '',
    entries: Array.from({ length: count }, (_, index) => {
      const entry = transaction.entries[index];
      return {
        account_id: entry?.account_id ?? null,
        asset_id: entry?.asset_id ?? null,
        amount: entry ? amountForDisplay(slots[index], entry.amount) : '',
      };
    }),
  };
}

export function emptyDraft(today: string): TTransactionDraft {
  return { type: null, date: today, description: '', entries: [] };
}

/** The create/update body: percent slots back to fractions, blank values as null. */
export function draftToBody(draft: TTransactionDraft, type: TTypeSetting | undefined) {
  return {
    type: draft.type,
    date: draft.date.trim() || null,
    description: draft.description.trim() || null,
    entries: draft.entries.map((entry, index) => {
      const amount = amountForSave(type?.entries[index], entry.amount);
      return {
        account_id: entry.account_id,
        asset_id: entry.asset_id,
        amount: amount === '' ? null : amount,
      };
    }),
  };
}

const sameDraft = (a: TTransactionDraft, b: TTransactionDraft) => JSON.stringify(a) === JSON.stringify(b);

/** Seed §4: no id is new; the server's errors on screen make it invalid; else changed or saved. */
export function draftState(input: {
  id: string | null;
  isDeleted: boolean;
  hasErrors: boolean;
  original: TTransactionDraft;
  current: TTransactionDraft;
}): TDraftState {
  if (input.isDeleted) return 'deleted';
  if (input.hasErrors) return 'invalid';
  if (input.id === null) return 'new';
  return sameDraft(input.original, input.current) ? 'saved' : 'changed';
}

/** Save is enabled only for new or changed forms (seed §4); a corrected invalid form may be sent again. */
export const canSaveState = (state: TDraftState) =>
  state === 'new' || state === 'changed' || state === 'invalid';

/** What the unsaved-changes guard understands: only new and changed (or invalid) forms have work to lose. */
export function guardState(state: TDraftState, isDirty: boolean): 'new' | 'changed' | 'saved' {
  if (state === 'new') return 'new';
  if (state === 'changed' || (state === 'invalid' && isDirty)) return 'changed';
  return 'saved';
}

/**
 * Server errors arrive as `{ 'Cash: amount': [...] }` (entry title and field); the form puts each under its
 * field. An entry's key for slot `title` and field is `${title}: ${field}`.
 */
export const entryErrorKey = (title: string, field: 'account' | 'asset' | 'amount') => `${title}: ${field}`;

/** Errors the form has no field for (e.g. 'Entries'), shown above the buttons. */
export function otherErrors(errors: Record<string, string[]>, type: TTypeSetting | undefined): string[] {
  const known = new Set(['Type', 'Date', 'Description']);
  for (const slot of type?.entries ?? []) {
    for (const field of ['account', 'asset', 'amount'] as const) known.add(entryErrorKey(slot.title, field));
  }
  return Object.entries(errors)
    .filter(([key]) => !known.has(key))
    .map(([key, messages]) => `${key}: ${messages.join(', ')}`);
}

const FORCED_SIGN_RULES = new Set(['positive', 'negative', 'nonNegative', 'nonPositive']);

/**
 * Issue 18 item 8: when a slot's rule forces the sign, the form says before saving what will be stored if it
 * differs from what was typed ('1500' in a buy's cash is 'Saved as -1500'; '-10' units bought, 'Saved as
 * 10'). null when nothing changes, the slot keeps the sign as given, or the text is not a number yet (the
 * server's message says why on save). The sign comes from core's applyAmountRule, the rule the server applies.
 */
export function forcedSignNote(slot: TEntrySettingView | undefined, shown: string): string | null {
  const text = shown.trim();
  if (!slot || !FORCED_SIGN_RULES.has(slot.amount.rule) || !isNumericString(text)) return null;
  const stored = applyAmountRule(slot.amount.rule, text);
  if (!stored.ok || toDecimal(stored.value).equals(toDecimal(text))) return null;
  return `Saved as ${stored.value}`;
}
