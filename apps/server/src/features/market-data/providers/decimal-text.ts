import { toMajorUnits } from '@strata/core/market-data/minor-units';
import Decimal from 'decimal.js';

/**
 * Decimal text of a price a provider sent as a JSON number. Yahoo stores prices as 32-bit floats
 * (185.64 arrives as 185.63999938964844): seven significant digits are all the number holds, so that is
 * what is kept.
 */
export function float32Text(value: number): string {
  return new Decimal(value).toSignificantDigits(7).toFixed();
}

/** Decimal text of a price sent with its real precision (EODHD), in the listing's major unit. */
export function priceText(value: number | string, quoteCurrency: string): string {
  return toMajorUnits(quoteCurrency)(new Decimal(value).toFixed());
}
