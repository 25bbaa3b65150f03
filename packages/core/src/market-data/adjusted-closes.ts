import Decimal from 'decimal.js';

// Adjusted closes from a listing's closes and its splits and dividends, the way providers compute them:
// every close before an event's day is multiplied by the event's factor, the factors of later events
// compounding. A split of n for d has the factor d/n (a 4:1 split quarters every earlier close); a cash
// dividend of a per share, paid from a day whose previous close was c, has the factor 1 - a/c.

export type TSecurityEvent =
  | { date: string; kind: 'split'; numerator: string; denominator: string }
  | { date: string; kind: 'dividend'; amount: string; currency?: string | null };

export interface TCloseDay {
  date: string;
  close: string;
}

/** Significant digits kept of an adjusted close: a dividend factor's division does not end. */
const DIGITS = 10;

/**
 * The adjusted close of each day (same order as `prices`, which must be by date ascending). An event on a day
 * without an earlier close (the series starts after it) adjusts nothing; a dividend whose previous close is
 * not above it is ignored rather than turning prices negative.
 */
export function adjustedCloses(prices: readonly TCloseDay[], events: readonly TSecurityEvent[]): string[] {
  const factorOn = new Map<string, Decimal>();
  for (const event of events) {
    const before = lastIndexBefore(prices, event.date);
    if (before < 0) continue;
    let factor: Decimal;
    if (event.kind === 'split') factor = new Decimal(event.denominator).div(event.numerator);
    else {
      const previous = new Decimal((prices[before] as TCloseDay).close);
      const amount = new Decimal(event.amount);
      if (previous.lte(amount) || amount.lte(0)) continue;
      factor = new Decimal(1).minus(amount.div(previous));
    }
    // Keyed by the last day the factor applies to: that day and every earlier one.
    const day = (prices[before] as TCloseDay).date;
    factorOn.set(day, (factorOn.get(day) ?? new Decimal(1)).times(factor));
  }
  const adjusted = new Array<string>(prices.length);
  let factor = new Decimal(1);
  for (let i = prices.length - 1; i >= 0; i -= 1) {
    const day = prices[i] as TCloseDay;
    const here = factorOn.get(day.date);
    if (here) factor = factor.times(here);
    adjusted[i] = new Decimal(day.close).times(factor).toSignificantDigits(DIGITS).toFixed();
  }
  return adjusted;
}

/** Index of the last price dated before `date` (prices by date ascending), or -1. */
function lastIndexBefore(prices: readonly TCloseDay[], date: string): number {
  let low = 0;
  let high = prices.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((prices[middle] as TCloseDay).date < date) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
