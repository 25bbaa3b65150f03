// One table of field kinds: which comparisons each kind allows and how a filter value of that kind is
// parsed (core seed §5 "Filters and sorts", Actual's FIELD_TYPES). Filters, tagging rules and mapping
// rules all use it, so a comparison is allowed or refused in one place.
// No decimal.js here: the filter model is on every grid route's first load (issue 23).
import { readAmountLiteral } from '../money/amount-literal.ts';
import { date as dateRule, isBlank } from '../validation/basic-rules.ts';

export const COMPARISONS = [
  'EQ',
  'NOTEQ',
  'CONTAINS',
  'NOTCONTAINS',
  'BEFORE',
  'AFTER',
  'LAST',
  'RANGE',
  'GREATER',
  'LESS',
  'EMPTY',
  'NOTEMPTY',
] as const;
export type TComparison = (typeof COMPARISONS)[number];

export const FIELD_KINDS = ['amount', 'date', 'simple', 'text'] as const;
export type TFieldKind = (typeof FIELD_KINDS)[number];

/** Comparisons that take no value. */
export const VALUELESS_COMPARISONS: readonly TComparison[] = ['EMPTY', 'NOTEMPTY'];

/** A parsed filter value: decimal and date strings, a day count for LAST, a [from, to] pair for RANGE. */
export type TFilterValue = string | number | readonly [string, string] | null;

export type TValueParse = { ok: true; value: TFilterValue } | { ok: false; message: string };

interface TFieldKindSpec {
  comparisons: readonly TComparison[];
  parse: (comparison: TComparison, raw: unknown) => TValueParse;
}

const bad = (message: string): TValueParse => ({ ok: false, message });

/** Enough for any history (about 270 years) while keeping date arithmetic inside the calendar. */
export const MAX_LAST_DAYS = 100_000;

function parseDate(raw: unknown): string | null {
  // No clamping here: a filter date is compared, not stored.
  const result = dateRule(raw, 0);
  return result.ok ? result.value : null;
}

export const FIELD_KIND_SPECS: Readonly<Record<TFieldKind, TFieldKindSpec>> = {
  amount: {
    comparisons: ['GREATER', 'LESS', 'EQ', 'NOTEQ'],
    parse: (_comparison, raw) => {
      const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
      if (typeof text !== 'string') return bad('Must be numeric');
      const amount = readAmountLiteral(text);
      if (amount.ok) return { ok: true, value: amount.value };
      return bad(amount.reason === 'NOT_NUMERIC' ? 'Must be numeric' : 'Out of range');
    },
  },
  date: {
    comparisons: ['LAST', 'EQ', 'NOTEQ', 'BEFORE', 'AFTER', 'RANGE'],
    parse: (comparison, raw) => {
      if (comparison === 'LAST') {
        const days = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
        return typeof days === 'number' && Number.isSafeInteger(days) && days >= 1 && days <= MAX_LAST_DAYS
          ? { ok: true, value: days }
          : bad(`Must be a whole number of days, from 1 to ${MAX_LAST_DAYS}`);
      }
      if (comparison === 'RANGE') {
        if (!Array.isArray(raw) || raw.length !== 2) return bad('Must be a pair of dates');
        const from = parseDate(raw[0]);
        const to = parseDate(raw[1]);
        if (!from || !to) return bad('Please enter a valid date');
        return from <= to ? { ok: true, value: [from, to] } : bad('The start must not be after the end');
      }
      const day = parseDate(raw);
      return day ? { ok: true, value: day } : bad('Please enter a valid date');
    },
  },
  simple: {
    comparisons: ['EQ', 'NOTEQ'],
    parse: (_comparison, raw) =>
      typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean'
        ? { ok: true, value: String(raw) }
        : bad('Must be a single value'),
  },
  text: {
    comparisons: ['CONTAINS', 'NOTCONTAINS'],
    parse: (_comparison, raw) => (typeof raw === 'string' ? { ok: true, value: raw } : bad('Must be text')),
  },
};

export interface TFieldDefinition {
  kind: TFieldKind;
  /** The field always has a value, so EMPTY and NOTEMPTY are not offered. */
  isNotEmpty?: boolean;
  isSortable?: boolean;
  label?: string;
}

export type TFieldTable = Readonly<Record<string, TFieldDefinition>>;

/** The comparisons a field allows: its kind's, plus EMPTY and NOTEMPTY unless the field is notEmpty. */
export function allowedComparisons(field: TFieldDefinition): TComparison[] {
  const own = FIELD_KIND_SPECS[field.kind].comparisons;
  return field.isNotEmpty ? [...own] : [...own, ...VALUELESS_COMPARISONS];
}

/** A filter row counts only with a value, unless its comparison takes none (seed §5). */
export function hasFilterValue(comparison: TComparison, raw: unknown): boolean {
  if (VALUELESS_COMPARISONS.includes(comparison)) return true;
  if (Array.isArray(raw)) return raw.length > 0 && raw.some((item) => !isBlank(item));
  // Spaces are a meaningful CONTAINS value, so only the empty string counts as no value.
  return raw !== null && raw !== undefined && raw !== '';
}
