import Decimal from 'decimal.js';

/**
 * Listings quoted in a currency's minor unit (London in pence, Johannesburg in cents, Tel Aviv in agorot).
 * Providers spell them differently: Yahoo 'GBp', 'ZAc', 'ILA'; EODHD 'GBX', 'ZAC'. Prices are kept in the
 * major unit so they add up with everything else the repository holds in GBP, ZAR or ILS.
 */
const MINOR_UNITS: Record<string, { currency: string; divisor: number }> = {
  GBp: { currency: 'GBP', divisor: 100 },
  GBX: { currency: 'GBP', divisor: 100 },
  ZAc: { currency: 'ZAR', divisor: 100 },
  ZAC: { currency: 'ZAR', divisor: 100 },
  ILA: { currency: 'ILS', divisor: 100 },
};

/** The major currency of a listing's quote currency ('GBp' → 'GBP'); other codes upper-cased. */
export function majorCurrencyOf(currency: string): string {
  return MINOR_UNITS[currency]?.currency ?? currency.toUpperCase();
}

/**
 * A converter from the listing's quote currency to its major unit; exact (decimal text in, decimal text
 * out), so 12345.6 pence is 123.456 pounds with no float rounding.
 */
export function toMajorUnits(currency: string): (value: string) => string {
  const divisor = MINOR_UNITS[currency]?.divisor;
  if (!divisor) return (value) => new Decimal(value).toFixed();
  return (value) => new Decimal(value).div(divisor).toFixed();
}

/**
 * Decimal text of a price sent as a 32-bit float (Yahoo: 185.64 arrives as 185.63999938964844): seven
 * significant digits are all the number holds, so that is what is kept.
 */
export function float32Text(value: number): string {
  return new Decimal(value).toSignificantDigits(7).toFixed();
}

/** Decimal text of a price sent with its real precision (EODHD), in the listing's major unit. */
export function priceText(value: number | string, quoteCurrency: string): string {
  return toMajorUnits(quoteCurrency)(new Decimal(value).toFixed());
}

/**
 * The price of one unit of a currency in another, from both quoted per euro (ECB reference rates):
 * (quote per EUR) / (base per EUR), to ten significant digits.
 */
export function crossRate(quotePerEur: string, basePerEur: string): string {
  return new Decimal(quotePerEur).div(basePerEur).toSignificantDigits(10).toFixed();
}
