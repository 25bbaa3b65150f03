// The field rules that need no decimal arithmetic (results, blanks, dates), apart from field-rules.ts so
// the filter model can use them without bringing decimal.js into a page's first load (issue 23).
import { MESSAGES, type TMessageCode } from './messages.ts';

export type TRuleCode = TMessageCode | 'NOT_ONE_OF' | 'NOT_EQUAL_TO';
export type TRuleResult<T> = { ok: true; value: T } | { ok: false; code: TRuleCode; message: string };

/**
 * Dates before this year are clamped to its first day (seed §5 says dates are clamped to a minimum year
 * but not which). 1900 is early enough for any holding a living investor records, and late enough to
 * catch a two-digit year typed as '0023'.
 */
export const MIN_DATE_YEAR = 1900;

export const ok = <T>(value: T): TRuleResult<T> => ({ ok: true, value });
export const fail = <T = never>(code: TMessageCode): TRuleResult<T> => ({
  ok: false,
  code,
  message: MESSAGES[code],
});

/** Null, undefined, and strings of only spaces count as empty. */
export function isBlank(input: unknown): boolean {
  return input === null || input === undefined || (typeof input === 'string' && input.trim() === '');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Dates: empty becomes null; otherwise a real calendar date in YYYY-MM-DD form. A date before
 * MIN_DATE_YEAR is clamped to `${minYear}-01-01` (seed §5) rather than refused.
 */
export function date(input: unknown, minYear = MIN_DATE_YEAR): TRuleResult<string | null> {
  if (isBlank(input)) return ok(null);
  if (typeof input !== 'string') return fail('INVALID_DATE');
  const text = input.trim();
  const match = ISO_DATE.exec(text);
  if (!match) return fail('INVALID_DATE');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  const isCalendarDate =
    check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  if (!isCalendarDate) return fail('INVALID_DATE');
  return ok(year < minYear ? `${String(minYear).padStart(4, '0')}-01-01` : text);
}
