// Reading an amount literal without decimal.js: the filter model needs only "is it a number, does it fit,
// what is its canonical text", and pulling decimal.js (≈13 KB gzip) into every grid route's first load for
// that is too dear (issue 23). The accepted set and the canonical text are decimal.ts's exactly
// (isNumericString, isAmountInRange, toAmountString); amount-literal.test.ts checks that against decimal.js.

// Plain decimal notation with an optional exponent; no thousands separators, no leading '+' twice.
const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const PARTS = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Under 10^28 in magnitude with at most 18 decimal places: what the database stores and compares. */
export const MAX_AMOUNT_DIGITS = 28;
export const MAX_AMOUNT_DECIMALS = 18;
/** decimal.js's default exponent limits: beyond them a value reads as Infinity (above) or zero (below). */
const DECIMAL_JS_MAX_E = 9e15;

/** True for a string that is a finite decimal number (surrounding spaces allowed), e.g. '-1500.25', '.5', '1e3'. */
export function isNumericString(text: string): boolean {
  return NUMERIC.test(text.trim());
}

export type TAmountLiteral =
  | { ok: true; value: string }
  | { ok: false; reason: 'NOT_NUMERIC' | 'OUT_OF_RANGE' };

/**
 * The canonical wire form of an amount literal (plain notation, no exponent, no trailing zeros, never '-0'),
 * or why it is refused: '1.50' → '1.5', '-0' → '0', '1e3' → '1000', '1e28' and '1e-19' out of range.
 */
export function readAmountLiteral(text: string): TAmountLiteral {
  const trimmed = text.trim();
  const parts = NUMERIC.test(trimmed) ? PARTS.exec(trimmed) : null;
  if (!parts) return { ok: false, reason: 'NOT_NUMERIC' };
  const [, sign = '', whole = '', fraction = '', exponentText] = parts;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const allDigits = `${whole}${fraction}`;
  const lead = allDigits.search(/[1-9]/);
  if (lead === -1) return { ok: true, value: '0' };
  const significant = allDigits.slice(lead).replace(/0+$/, '');
  const trailingZeros = allDigits.length - lead - significant.length;
  // value = significant × 10^scale
  const scale = exponent - fraction.length + trailingZeros;
  const leadingExponent = significant.length - 1 + scale;
  if (leadingExponent > DECIMAL_JS_MAX_E) return { ok: false, reason: 'OUT_OF_RANGE' };
  if (leadingExponent < -DECIMAL_JS_MAX_E) return { ok: true, value: '0' };
  if (leadingExponent >= MAX_AMOUNT_DIGITS || -scale > MAX_AMOUNT_DECIMALS) {
    return { ok: false, reason: 'OUT_OF_RANGE' };
  }
  const negative = sign === '-' ? '-' : '';
  if (scale >= 0) return { ok: true, value: `${negative}${significant}${'0'.repeat(scale)}` };
  const places = -scale;
  const padded = significant.padStart(places + 1, '0');
  return {
    ok: true,
    value: `${negative}${padded.slice(0, -places)}.${padded.slice(-places)}`,
  };
}
