// Generic field rules (core seed §5). Each rule takes raw input (what a form or a pasted cell holds) and
// returns a coded result instead of throwing, like Actual's rule validation, so callers can collect every
// error of a form at once. A successful result carries the normalised value to store.
import { isNumericString, toAmountString, toDecimal } from '../money/decimal.ts';
import { date, fail, isBlank, MIN_DATE_YEAR, ok, type TRuleCode, type TRuleResult } from './basic-rules.ts';
import { equalToMessage, oneOfMessage, type TMessageCode } from './messages.ts';

export { date, fail, isBlank, MIN_DATE_YEAR, ok, type TRuleCode, type TRuleResult };

/** Seed §9: the maximum text length. */
export const MAX_TEXT_LENGTH = 255;

/** Required text: trimmed, not empty, at most `max` characters. */
export function requiredText(input: unknown, max = MAX_TEXT_LENGTH): TRuleResult<string> {
  if (isBlank(input)) return fail('REQUIRED');
  const text = String(input).trim();
  return text.length > max ? fail('TOO_LONG') : ok(text);
}

/** Limited (optional) text: at most `max` characters after trimming; empty becomes null. */
export function limitedText(input: unknown, max = MAX_TEXT_LENGTH): TRuleResult<string | null> {
  if (isBlank(input)) return ok(null);
  const text = String(input).trim();
  return text.length > max ? fail('TOO_LONG') : ok(text);
}

/**
 * Seed §5: pasting a percent into an amount gives the fraction: '12.5%' → '0.125'. Anything not ending in
 * '%' comes back trimmed and otherwise untouched, so the numeric rule can judge it.
 */
export function parsePercentInput(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.endsWith('%')) return trimmed;
  const number = trimmed.slice(0, -1).trim();
  if (!isNumericString(number)) return trimmed;
  return toAmountString(toDecimal(number).dividedBy(100));
}

/** Seed §5: percent values are shown multiplied by 100 with '%': '0.125' → '12.5%'. */
export function formatPercent(fraction: string | number, decimals?: number): string {
  const percent = toDecimal(fraction).times(100);
  const text = decimals === undefined ? toAmountString(percent) : percent.toFixed(decimals);
  return `${text}%`;
}

/** Numbers: a JS number or a numeric string (a pasted 'n%' becomes n/100); returns the canonical string. */
export function numeric(input: unknown): TRuleResult<string> {
  if (isBlank(input)) return fail('REQUIRED');
  if (typeof input === 'number')
    return Number.isFinite(input) ? ok(toAmountString(input)) : fail('NOT_NUMERIC');
  if (typeof input !== 'string') return fail('NOT_NUMERIC');
  const text = parsePercentInput(input);
  return isNumericString(text) ? ok(toAmountString(text)) : fail('NOT_NUMERIC');
}

function numericThen(input: unknown, check: (value: string) => TMessageCode | null): TRuleResult<string> {
  const result = numeric(input);
  if (!result.ok) return result;
  const code = check(result.value);
  return code ? fail(code) : result;
}

/** Greater than zero. */
export const positive = (input: unknown) =>
  numericThen(input, (v) => (toDecimal(v).gt(0) ? null : 'NOT_POSITIVE'));
/** Less than zero. */
export const negative = (input: unknown) =>
  numericThen(input, (v) => (toDecimal(v).lt(0) ? null : 'NOT_NEGATIVE'));
/** Zero or more (the minimum-zero variant). */
export const nonNegative = (input: unknown) =>
  numericThen(input, (v) => (toDecimal(v).gte(0) ? null : 'BELOW_ZERO'));
/** Zero or less (the maximum-zero variant). */
export const nonPositive = (input: unknown) =>
  numericThen(input, (v) => (toDecimal(v).lte(0) ? null : 'ABOVE_ZERO'));
/** Exactly one. */
export const equalOne = (input: unknown) =>
  numericThen(input, (v) => (toDecimal(v).equals(1) ? null : 'NOT_ONE'));

/** A fraction from −1 to 1 (−100% to 100%), not zero; '12.5%' is read as 0.125. */
export function percent(input: unknown): TRuleResult<string> {
  return numericThen(input, (v) => {
    const value = toDecimal(v);
    if (value.lt(-1)) return 'PERCENT_BELOW_MIN';
    if (value.gt(1)) return 'PERCENT_ABOVE_MAX';
    return value.isZero() ? 'PERCENT_ZERO' : null;
  });
}

/** A date that must be present. */
export function requiredDate(input: unknown, minYear = MIN_DATE_YEAR): TRuleResult<string> {
  const result = date(input, minYear);
  if (!result.ok) return result;
  return result.value === null ? fail('REQUIRED') : ok(result.value);
}

/** Enumeration: the input must be one of `list` (compared as trimmed strings). */
export function oneOf<T extends string>(list: readonly T[]): (input: unknown) => TRuleResult<T> {
  return (input) => {
    if (isBlank(input)) return fail('REQUIRED');
    const text = String(input).trim();
    const found = list.find((item) => item === text);
    return found !== undefined ? ok(found) : { ok: false, code: 'NOT_ONE_OF', message: oneOfMessage(list) };
  };
}

/** Equality: the input must equal `expected` (compared as trimmed strings). */
export function equalTo(expected: string): (input: unknown) => TRuleResult<string> {
  return (input) => {
    if (isBlank(input)) return fail('REQUIRED');
    return String(input).trim() === expected
      ? ok(expected)
      : { ok: false, code: 'NOT_EQUAL_TO', message: equalToMessage(expected) };
  };
}

/** Seed §5: an account carries exactly the two tags Category and Subcategory, both non-empty. */
export function accountTags(
  category: unknown,
  subcategory: unknown,
): TRuleResult<{ category: string; subcategory: string }> {
  if (isBlank(category) || isBlank(subcategory)) return fail('ACCOUNT_TAGS_REQUIRED');
  return ok({ category: String(category).trim(), subcategory: String(subcategory).trim() });
}
