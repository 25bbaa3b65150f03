/** Exact powers of ten as doubles (10^22 is the largest a double holds exactly). */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);

/** Significant digits whose integer stays below 2^53, so it is an exact double. */
const MAX_EXACT_DIGITS = 15;

const COMMA = 44;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/** How many numbers a comma list holds (an empty text holds none). */
export function countListed(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let at = text.indexOf(','); at !== -1; at = text.indexOf(',', at + 1)) count += 1;
  return count;
}

/**
 * Reads a comma list of decimals (as PostgreSQL writes numeric and integer text) into `into`, each value
 * exactly what `Number()` makes of its text. Written here because splitting 2.6 million prices into strings
 * and converting each took 0.4 s of a cold analytics request; this reads the characters once. A decimal of at
 * most 15 significant digits and 22 decimals is m / 10^k with both m and 10^k exact doubles, and IEEE
 * division rounds that quotient correctly — the value Number() gives (Clinger's fast path). Any other text
 * (more digits, an exponent, NaN) goes through Number() itself.
 */
export function readNumberList<TArray extends Float64Array | Int32Array>(text: string, into: TArray): TArray {
  const end = text.length;
  let at = 0;
  for (let index = 0; index < into.length; index += 1) {
    const start = at;
    let isNegative = false;
    let mantissa = 0;
    let digits = 0;
    let decimals = 0;
    let hasDigit = false;
    let hasDot = false;
    let isPlain = true;
    let code = text.charCodeAt(at);
    if (code === MINUS || code === PLUS) {
      isNegative = code === MINUS;
      at += 1;
    }
    for (; at < end; at += 1) {
      code = text.charCodeAt(at);
      if (code === COMMA) break;
      if (code >= ZERO && code <= NINE) {
        hasDigit = true;
        if (mantissa !== 0 || code !== ZERO) digits += 1;
        mantissa = mantissa * 10 + (code - ZERO);
        if (hasDot) decimals += 1;
      } else if (code === DOT && !hasDot) {
        hasDot = true;
      } else {
        isPlain = false;
      }
    }
    into[index] =
      isPlain && hasDigit && digits <= MAX_EXACT_DIGITS && decimals < POWERS_OF_TEN.length
        ? (isNegative ? -mantissa : mantissa) / (POWERS_OF_TEN[decimals] as number)
        : Number(text.slice(start, at));
    at += 1;
  }
  return into;
}
