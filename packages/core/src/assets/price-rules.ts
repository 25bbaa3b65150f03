// Asset price rules of core seed §3 and §5: only manual and override prices are the user's to write; a
// day holds at most one of each; close is a number, never empty.
import { toAmountString } from '../money/decimal.ts';
import { numeric, requiredDate } from '../validation/field-rules.ts';
import { MESSAGES, oneOfMessage } from '../validation/messages.ts';
import type { TFieldError } from './asset-rules.ts';

/** The sources a user may choose in the price form, edit or delete. */
export const EDITABLE_PRICE_SOURCES = ['manual', 'override'] as const;
export type TEditablePriceSource = (typeof EDITABLE_PRICE_SOURCES)[number];

export function isEditablePriceSource(source: string): source is TEditablePriceSource {
  return (EDITABLE_PRICE_SOURCES as readonly string[]).includes(source);
}

export function duplicatePriceMessage(date: string): string {
  return `A price for date: ${date} already exists. Edit that record if you want to change it.`;
}

export const PRICE_NOT_EDITABLE_MESSAGE = 'Only manual and override prices can be edited or deleted';

export interface TPriceDraft {
  date?: unknown;
  close?: unknown;
  source?: unknown;
}

export interface TValidPrice {
  date: string;
  close: string;
  source: TEditablePriceSource;
}

export type TPriceValidation = { ok: true; value: TValidPrice } | { ok: false; errors: TFieldError[] };

export function validatePrice(draft: TPriceDraft): TPriceValidation {
  const errors: TFieldError[] = [];
  const date = requiredDate(draft.date);
  if (!date.ok) errors.push({ field: 'date', message: date.message });
  const close =
    draft.close === null || draft.close === undefined || draft.close === '' ? null : numeric(draft.close);
  if (close === null) errors.push({ field: 'close', message: MESSAGES.REQUIRED });
  else if (!close.ok) errors.push({ field: 'close', message: close.message });
  const source = draft.source ?? 'manual';
  if (typeof source !== 'string' || !isEditablePriceSource(source)) {
    errors.push({ field: 'source', message: oneOfMessage(EDITABLE_PRICE_SOURCES) });
  }
  if (errors.length > 0 || !date.ok || !close?.ok) return { ok: false, errors };
  return {
    ok: true,
    value: { date: date.value, close: toAmountString(close.value), source: source as TEditablePriceSource },
  };
}

/** Seed §4: the price view is forced to Table when any override exists or there are fewer prices than this. */
export const PRICE_CHART_MIN_POINTS = 10;

export function priceViewFor(prices: readonly { source: string }[]): 'chart' | 'table' {
  if (prices.length < PRICE_CHART_MIN_POINTS) return 'table';
  return prices.some((price) => price.source === 'override') ? 'table' : 'chart';
}
