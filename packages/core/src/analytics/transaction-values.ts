// DOMAIN.md "Value flows": every transaction balances in value on its date, in the reporting currency.
// 1. Currency entries (cash positions, and income and expense entries, which are booked in a currency)
//    are valued at the day's FX rate.
// 2. Non-currency position entries take the value that balances them; several share it by market value.
//    With no currency entry at all they are valued at market.
// 3. What still does not balance is the transaction's external flow (positive = value came in).
// Commitment, split and valuation entries carry no value.
//
// One rule for every flow derived from these values (the external flow here, each scope's net in the
// ledger pass): a sum within FLOW_RESIDUE × the transaction's gross value (Σ |entry value|) is 0. The
// values are doubles (FX rates, shares of a balancing value), and adding the same entries in another
// order leaves up to a few ε × gross: 100.3 − 0.3 balances a share at 100, but (−100.3 + 100) + 0.3 is
// 2.8e-15, which would otherwise be booked as a contribution and divide MOIC and TWR.
import type { TAnalyticsTransaction } from './analytics-types.ts';
import type { Market } from './market.ts';

export interface TTransactionValues {
  /** Per entry, in the reporting currency; NaN where a price or rate is missing. */
  values: Float64Array;
  /** Σ of all entry values: value that entered (+) or left (−) the repository. */
  external: number;
  /** The transaction has a currency entry: its non-currency units were traded for money (a buy or a sale). */
  hasCurrencyEntry: boolean;
  /** Below this, a sum of the transaction's entry values is rounding residue (`settleFlow`). */
  residue: number;
}

/**
 * Relative to the gross value. Summing n doubles in any order errs by at most (n − 1)·ε/2 of Σ|xᵢ|, and
 * each value carries a rounding or three of its own (a rate, a balancing share); 64ε ≈ 1.4e-14 covers
 * dozens of entries while no real flow is that small a part of its transaction (1e-8 of a unit, the
 * finest amount, is 1.4e-14 of a 700,000 trade).
 */
export const FLOW_RESIDUE = 64 * Number.EPSILON;

/** A flow summed from entry values, with rounding residue (|flow| ≤ residue) made exactly 0. */
export function settleFlow(flow: number, residue: number): number {
  return Math.abs(flow) <= residue ? 0 : flow;
}

function residueOf(values: Float64Array, count: number): number {
  let gross = 0;
  for (let i = 0; i < count; i++) {
    const value = values[i]!;
    if (Number.isFinite(value)) gross += Math.abs(value);
  }
  return FLOW_RESIDUE * gross;
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
  if (pendingCount === 0) {
    const residue = residueOf(values, entries.length);
    return { values, external: settleFlow(currencySum, residue), hasCurrencyEntry, residue };
  }

  const isPending = (i: number) =>
    entries[i]!.role === 'position' && !market.isCurrency(entries[i]!.asset_id);
  if (hasCurrencyEntry && pendingCount === 1) {
    for (let i = 0; i < entries.length; i++) if (isPending(i)) values[i] = -currencySum;
    return { values, external: 0, hasCurrencyEntry, residue: residueOf(values, entries.length) };
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
    return { values, external: 0, hasCurrencyEntry, residue: residueOf(values, entries.length) };
  }
  // No currency entry (an in-kind transfer), or nothing to share by: entries stay at market.
  const residue = residueOf(values, entries.length);
  return { values, external: settleFlow(currencySum + marketSum, residue), hasCurrencyEntry, residue };
}
