// Asset, currency and account rules of core seed §5, shared by the server (which enforces them) and the
// web form (which shows them as the user types). One assets table holds all three (DOMAIN.md), so the
// rules branch on the type: accounts carry Category and Subcategory tags and their ticker follows the
// name; everything else needs a ticker.

import { CATEGORY_TAG, SUBCATEGORY_TAG, type TTagPair } from '../repositories/initial-content.ts';
import { ISO_CURRENCIES } from '../repositories/iso-currencies.ts';
import {
  ALL_ASSET_KINDS,
  EXPENSE_ACCOUNT,
  INCOME_ACCOUNT,
  type TAssetKind,
} from '../transactions/asset-kinds.ts';
import { isBlank, limitedText, MAX_TEXT_LENGTH, requiredText } from '../validation/field-rules.ts';
import { MESSAGES, oneOfMessage } from '../validation/messages.ts';
import { assetFamily, isAccountType } from './asset-family.ts';

export const UNKNOWN_CURRENCY_MESSAGE = 'Unknown currency';

export { assetFamily, isAccountType, type TAssetFamily } from './asset-family.ts';

export interface TAssetDraft {
  type?: unknown;
  name?: unknown;
  ticker?: unknown;
  currency?: unknown;
  description?: unknown;
}

export interface TValidAsset {
  type: TAssetKind;
  name: string;
  ticker: string;
  currency: string;
  description: string | null;
}

export interface TFieldError {
  field: string;
  message: string;
}

export type TAssetValidation = { ok: true; value: TValidAsset } | { ok: false; errors: TFieldError[] };

const CURRENCY_CODES = new Set(ISO_CURRENCIES.map((currency) => currency.code));

/**
 * Validates an asset's own fields in the order the form fills them (type, name, ticker, currency).
 * `tags` are the asset's tags as name/value pairs (the caller resolves tag ids).
 */
export function validateAsset(draft: TAssetDraft, tags: readonly TTagPair[]): TAssetValidation {
  const errors: TFieldError[] = [];
  const type = typeof draft.type === 'string' ? draft.type.trim() : '';
  if (type === '') errors.push({ field: 'type', message: MESSAGES.REQUIRED });
  else if (!(ALL_ASSET_KINDS as readonly string[]).includes(type)) {
    errors.push({ field: 'type', message: oneOfMessage(ALL_ASSET_KINDS) });
  }

  const name = requiredText(draft.name);
  if (!name.ok) errors.push({ field: 'name', message: name.message });

  const isAccount = isAccountType(type);
  let ticker = '';
  if (isAccount) {
    ticker = name.ok ? name.value : '';
  } else {
    const given = requiredText(draft.ticker, MAX_TEXT_LENGTH);
    if (!given.ok) errors.push({ field: 'ticker', message: given.message });
    else ticker = type === 'currency' ? given.value.toUpperCase() : given.value;
    if (given.ok && type === 'currency' && !CURRENCY_CODES.has(ticker)) {
      errors.push({ field: 'ticker', message: UNKNOWN_CURRENCY_MESSAGE });
    }
  }

  const currency = typeof draft.currency === 'string' ? draft.currency.trim().toUpperCase() : '';
  if (isBlank(draft.currency)) errors.push({ field: 'currency', message: MESSAGES.REQUIRED });
  else if (!CURRENCY_CODES.has(currency))
    errors.push({ field: 'currency', message: UNKNOWN_CURRENCY_MESSAGE });

  const description = limitedText(draft.description);
  if (!description.ok) errors.push({ field: 'description', message: description.message });

  if (isAccount && !hasAccountTags(tags))
    errors.push({ field: 'tags', message: MESSAGES.ACCOUNT_TAGS_REQUIRED });

  if (errors.length > 0 || !name.ok || !description.ok) return { ok: false, errors };
  return {
    ok: true,
    value: { type: type as TAssetKind, name: name.value, ticker, currency, description: description.value },
  };
}

/** Seed §5: an account carries exactly one Category and one Subcategory tag, both with a value. */
export function hasAccountTags(tags: readonly TTagPair[]): boolean {
  const categories = tags.filter((tag) => tag.tag_name === CATEGORY_TAG);
  const subcategories = tags.filter((tag) => tag.tag_name === SUBCATEGORY_TAG);
  return (
    categories.length === 1 &&
    subcategories.length === 1 &&
    !isBlank(categories[0]?.tag_value) &&
    !isBlank(subcategories[0]?.tag_value)
  );
}

/**
 * The 409 message when a live asset is created over a soft-deleted twin; the seed's web client offers
 * 'Go to deleted assets' (currencies, accounts) when the message contains 'soft deleted'.
 */
export function softDeletedMessage(type: string, name: string): string {
  const family = assetFamily(type);
  const noun = family === 'currency' ? 'currency' : family === 'account' ? 'account' : 'asset';
  return `An ${noun === 'currency' ? 'identical currency' : `identical ${noun}`} ${name} is soft deleted: restore it from the trash`;
}

export function duplicateMessage(type: string, ticker: string): string {
  return isAccountType(type)
    ? `An account named ${ticker} of type ${type} already exists`
    : `An asset of type ${type} with ticker ${ticker} already exists`;
}

/** Seed toasts: '{Type} {name} created' / 'updated', with the family's word. */
export function assetSavedMessage(type: string, name: string, verb: 'created' | 'updated'): string {
  const family = assetFamily(type);
  const word =
    family === 'currency'
      ? 'Currency'
      : type === INCOME_ACCOUNT
        ? 'Income account'
        : type === EXPENSE_ACCOUNT
          ? 'Expense account'
          : family === 'account'
            ? 'Account'
            : 'Asset';
  return `${word} ${name} ${verb}`;
}
