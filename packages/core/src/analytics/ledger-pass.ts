// The engine's one pass over date-sorted transactions. It keeps running positions (exact units, cost
// basis) and, for every scope, the per-period sums the strategies read: flows in and out, income and
// expenses by category, realized gain, transfer differences, values and cost at each grid boundary, and
// one observation (value, inflow, outflow) on each day the scope has a flow, for TWR and IRR.
// Positions are valued once per day that needs it (flow days inside the timeline and boundaries).
//
// The parts: position-registry.ts (the positions), transaction-booking.ts (a transaction's entries by
// role), day-valuation.ts (valuing the positions on a day), scope-sums.ts (every scope's figures). This
// file walks the days and says when each happens.
import type { TAnalyticsInput, TAnalyticsTransaction, TCostMethod } from './analytics-types.ts';
import { CommitmentBook } from './commitments.ts';
import { DayPriceMatrix, valuationDays } from './day-price-matrix.ts';
import { DayValuation } from './day-valuation.ts';
import type { TPassResult } from './ledger-pass-types.ts';
import { Market } from './market.ts';
import type { TPeriodGrid } from './period-grid.ts';
import { PositionRegistry } from './position-registry.ts';
import { resolvePriceSeries } from './price-input.ts';
import { parseDay } from './price-series.ts';
import { ScopeSums } from './scope-sums.ts';
import { ScopeIndex, selectedAccounts } from './scopes.ts';
import { TransactionBooking } from './transaction-booking.ts';

export function runLedgerPass(
  input: TAnalyticsInput,
  grid: TPeriodGrid,
  costMethod: TCostMethod,
): TPassResult {
  const assets = new Map(input.assets.map((asset) => [asset.id, asset]));
  const reportCurrency = input.request.currency ?? input.currency;
  const series = resolvePriceSeries(input.prices, input.price_series, input.price_source_precedence);
  const market = new Market({
    assets,
    series,
    repositoryCurrency: input.currency,
    reportCurrency,
  });
  const scopeIndex = new ScopeIndex(assets);
  const selection = selectedAccounts(assets, input.request.scope);
  const periodCount = grid.periods.length;
  const { boundaries } = grid;
  const lastDay = boundaries[periodCount]!;
  const commitments = new CommitmentBook();
  const sums = new ScopeSums(scopeIndex, periodCount);

  const { transactions } = input;
  const { order, days: transactionDays } = sortTransactions(transactions);
  const quotedAssets = new Set<string>();
  for (const transaction of transactions) {
    for (const entry of transaction.entries) {
      if (entry.role !== 'position') continue;
      const asset = assets.get(entry.asset_id);
      if (asset && asset.type !== 'currency') quotedAssets.add(entry.asset_id);
    }
  }
  const matrix = new DayPriceMatrix(valuationDays(boundaries, transactionDays), series, quotedAssets);
  const registry = new PositionRegistry({
    assets,
    market,
    scopeIndex,
    commitments,
    matrix,
    reportCurrency,
    sums,
    selection,
  });
  const booking = new TransactionBooking({ assets, market, commitments, costMethod, registry, sums });
  const valuation = new DayValuation({ market, matrix, registry, sums, boundaries });

  let b = 0;
  // A flow day inside the timeline that is not a boundary is valued after its last transaction; the
  // day before it is valued too (TWR needs the value just before the day's flows).
  let pendingDay = Number.NaN;
  let lastValuedDay = Number.NaN;
  let openedDay = Number.NaN;
  for (let k = 0; k < order.length; k++) {
    const transaction = transactions[order[k]!]!;
    const day = transactionDays[k]!;
    if (!Number.isNaN(pendingDay) && pendingDay !== day) {
      valuation.value(pendingDay, -1);
      lastValuedDay = pendingDay;
      pendingDay = Number.NaN;
    }
    while (b <= periodCount && boundaries[b]! < day) {
      valuation.value(boundaries[b]!, b);
      lastValuedDay = boundaries[b]!;
      b++;
    }
    if (day > lastDay) break;
    if (b >= 1 && day !== openedDay) {
      openedDay = day;
      if (lastValuedDay !== day - 1) valuation.value(day - 1, -2);
      sums.keepBefores();
    }
    booking.book(transaction, day, b - 1);
    if (b >= 1 && day !== boundaries[b]) pendingDay = day;
  }
  if (!Number.isNaN(pendingDay)) valuation.value(pendingDay, -1);
  while (b <= periodCount) {
    valuation.value(boundaries[b]!, b);
    b++;
  }
  const scopes = sums.finish();
  return { grid, market, scopeIndex, scopes, positions: registry.positions, commitments, assets };
}

/**
 * The transactions in date order (stable: same-day transactions keep their input order), as indices
 * into `transactions` with their epoch days. Input already in date order (the server sends it so) is
 * not sorted again, and nothing is allocated per transaction.
 */
export function sortTransactions(transactions: readonly TAnalyticsTransaction[]): {
  order: Int32Array;
  days: Int32Array;
} {
  const n = transactions.length;
  const inputDays = new Int32Array(n);
  let isSorted = true;
  for (let i = 0; i < n; i++) {
    inputDays[i] = parseDay(transactions[i]!.date);
    if (i > 0 && inputDays[i]! < inputDays[i - 1]!) isSorted = false;
  }
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (isSorted) return { order, days: inputDays };
  order.sort((a, b) => inputDays[a]! - inputDays[b]! || a - b);
  const days = new Int32Array(n);
  for (let k = 0; k < n; k++) days[k] = inputDays[order[k]!]!;
  return { order, days };
}
