// The project's exact decimal type. Amounts travel as strings and are computed with decimal.js, never
// with binary floats. A private clone keeps our configuration away from anyone else's use of decimal.js.
import DecimalJs from 'decimal.js';
import { isNumericString, MAX_AMOUNT_DECIMALS } from './amount-literal.ts';

export { isNumericString, MAX_AMOUNT_DECIMALS };

/**
 * 40 significant digits covers IEEE 754 decimal128 (34) with room to spare, so sums of numeric(…) values
 * never round. Half-even is the accountant's "banker's" rounding; arithmetic at this precision is exact
 * for money, so in practice the mode only matters where we round on purpose (display).
 * toExpNeg/toExpPos keep toString() in plain notation for any amount we will meet.
 */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Decimal = DecimalJs;

/**
 * Whether an amount fits what the database stores and compares without overflow: under 10^28 in
 * magnitude with at most 18 decimal places ('1e140000' is numeric but no amount).
 */
export function isAmountInRange(value: string | number | Decimal): boolean {
  const decimal = toDecimal(value);
  return decimal.abs().lt(MAX_AMOUNT) && decimal.decimalPlaces() <= MAX_AMOUNT_DECIMALS;
}

const MAX_AMOUNT = new DecimalJs('1e28');

/** A Decimal from a wire string or a JS number; throws RangeError for anything not a finite number. */
export function toDecimal(value: string | number | Decimal): Decimal {
  if (value instanceof DecimalJs) return new Decimal(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    return new Decimal(value);
  }
  if (typeof value === 'string' && isNumericString(value)) return new Decimal(value.trim());
  throw new RangeError(`Not a number: ${JSON.stringify(value)}`);
}

/** The canonical wire form: plain notation, no exponent, no trailing zeros, never '-0'. */
export function toAmountString(value: string | number | Decimal): string {
  const decimal = toDecimal(value);
  return decimal.isZero() ? '0' : decimal.toFixed();
}

export interface TFormatAmountOptions {
  /** Digits after the decimal point (seed §9: display precision defaults to 0). */
  decimals?: number;
  thousandsSeparator?: string;
  decimalSeparator?: string;
}

/**
 * A display string rounded half-even to `decimals` places, with grouped thousands: 1234567.5 → '1,234,568'
 * at 0 places, 0.125 → '0.12' at 2. Rounding happens here only; stored amounts are never rounded.
 */
export function formatAmount(value: string | number | Decimal, options: TFormatAmountOptions = {}): string {
  const { decimals = 0, thousandsSeparator = ',', decimalSeparator = '.' } = options;
  const rounded = toDecimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_EVEN);
  const fixed = rounded.abs().toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousandsSeparator);
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  return `${sign}${grouped}${fraction === undefined ? '' : decimalSeparator + fraction}`;
}
