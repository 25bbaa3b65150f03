// DOMAIN.md "Value flows": every transaction balances in value on its date, in the reporting currency.
// 1. Currency entries (cash positions, and income and expense entries, which are booked in a currency)
//    are valued at the day's FX rate.
// 2. Non-currency position entries take the value that balances them; several share it by market value.
//    With no currency entry at all they are valued at market.
// 3. What still does not balance is the transaction's external flow (positive = value came in).
// Commitment, split and valuation entries carry no value.
import type { TAnalyticsTransaction } from './analytics-types.ts';
import type { Market } from './market.ts';

export interface TTransactionValues {
  /** Per entry, in the reporting currency; NaN where a price or rate is missing. */
  values: Float64Array;
  /** Σ of all entry values: value that entered (+) or left (−) the repository. */
  external: number;
  /** The transaction has a currency entry: its non-currency units were traded for money (a buy or a sale). */
  hasCurrencyEntry: boolean;
}

export function valueTransaction(
  transaction: TAnalyticsTransaction,
  amounts: Float64Array,
  day: number,
  market: Market,
  /** Where to write the values (the pass reuses one buffer); a new array by default. */
  values: Float64Array = new Float64Array(transaction.entries.length),
): TTransactionValues {
  const { entries } = transaction;
  values.fill(0, 0, entries.length);
  let currencySum = 0;
  let hasCurrencyEntry = false;
  let pendingCount = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.role === 'position') {
      if (market.isCurrency(entry.asset_id)) {
        values[i] = amounts[i]! * market.unitValue(entry.asset_id, day);
        currencySum += values[i]!;
        hasCurrencyEntry = true;
      } else pendingCount++;
    } else if (entry.role === 'income' || entry.role === 'expense') {
      values[i] = market.currencyValue(entry.asset_id, amounts[i]!, day);
      currencySum += values[i]!;
      hasCurrencyEntry = true;
    }
  }
  if (pendingCount === 0) return { values, external: currencySum, hasCurrencyEntry };

  const isPending = (i: number) =>
    entries[i]!.role === 'position' && !market.isCurrency(entries[i]!.asset_id);
  if (hasCurrencyEntry && pendingCount === 1) {
    for (let i = 0; i < entries.length; i++) if (isPending(i)) values[i] = -currencySum;
    return { values, external: 0, hasCurrencyEntry };
  }
  let marketSum = 0;
  for (let i = 0; i < entries.length; i++) {
    if (!isPending(i)) continue;
    values[i] = amounts[i]! * market.unitValue(entries[i]!.asset_id, day);
    marketSum += values[i]!;
  }
  if (hasCurrencyEntry && Number.isFinite(marketSum) && marketSum !== 0) {
    const balancing = -currencySum;
    for (let i = 0; i < entries.length; i++)
      if (isPending(i)) values[i] = (balancing * values[i]!) / marketSum;
    return { values, external: 0, hasCurrencyEntry };
  }
  // No currency entry (an in-kind transfer), or nothing to share by: entries stay at market.
  return { values, external: currencySum + marketSum, hasCurrencyEntry };
}
