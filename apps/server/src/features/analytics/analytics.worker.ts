import { parentPort } from 'node:worker_threads';
import type {
  TAnalyticsPriceSeries,
  TAnalyticsRequest,
  TAnalyticsResult,
  TAnalyticsTransaction,
} from '@strata/core/analytics/analytics-types';
import { createPassMemo } from '@strata/core/analytics/pass-memo';
import { packPriceTable, priceCountOf, unpackPriceTable } from '@strata/core/analytics/price-table-pack';
import { packTransactions, unpackTransactions } from '@strata/core/analytics/transaction-table-pack';
import { KEEP_PASS_MS } from './analytics-keep.ts';
import type { TPositionFilter } from './analytics-request.ts';
import {
  buildAnalyticsInput,
  parseTransactionLines,
  seriesOf,
  type TAnalyticsSource,
  withChangedSeries,
  withChangedTransactions,
} from './analytics-source.ts';

export interface TWorkerJob {
  /** The loaded repository; null when the worker is expected to hold the pass (`memoKey`): it then
   * answers `needsSource` if it does not after all (let go meanwhile). */
  source: TAnalyticsSource | null;
  request: TAnalyticsRequest;
  today: string;
  /** The repository's currency. */
  currency: string;
  positionFilter: TPositionFilter | null;
  /** The repository and its data version: the loaded source is that version's data (or newer). */
  dataKey: string;
  /** `dataKey` and the request's pass key: what a worker that answered this job holds afterwards. */
  memoKey: string;
  /** The repository and its prices version: names the price table a worker keeps from a source that
   * carried prices, and the one a source without prices (`source.prices` null) asks for. */
  pricesKey: string;
  /** The repository and its transactions version: names the parsed transactions a worker keeps from a source
   * that carried them, and those a source without them (`source.transactionsText` null) asks for. */
  transactionsKey: string;
}

/**
 * Asks the worker for its kept price table `pricesKey` (or, `table` 'transactions', its kept transactions
 * `transactionsKey`), packed to be kept in the database.
 */
export interface TPackJob {
  pack: string;
  table?: 'prices' | 'transactions';
}

/**
 * Asks the worker to make the price table `pricesKey` of these prices (as a source carries them) and keep it,
 * ahead of any compute, and answer it packed (analytics.service.ts: after a price write).
 */
export interface TBuildJob {
  build: string;
  prices: TPricesOfSource;
}

type TPricesOfSource = Pick<TAnalyticsSource, 'prices' | 'packedPrices' | 'priceChanges'>;

/**
 * Asks the worker to parse and keep the transactions `buildTransactions` of these entry lines (a source's
 * `transactionsText`), ahead of any compute, and answer them packed (after an import: analytics.service.ts).
 */
export interface TBuildTransactionsJob {
  buildTransactions: string;
  transactionsText: string;
}

/** `count`: the prices, or the transactions, the packed table holds. */
export type TPackOutcome = { ok: true; packed: Uint8Array; count: number } | { ok: false };

export type TWorkerOutcome =
  | { ok: true; json: string; ms: number }
  | { ok: false; message: string; needsSource?: boolean };

/**
 * Thrown when a job without a source finds no kept pass, or a source without prices or transactions finds no
 * kept table of that version (nor the older one its changes apply to): the caller reads what is missing and
 * asks again.
 */
class NeedsSource extends Error {}

function keepPositions(result: TAnalyticsResult, filter: TPositionFilter): TAnalyticsResult {
  const accounts = filter.accounts ? new Set(filter.accounts) : null;
  const assets = filter.assets ? new Set(filter.assets) : null;
  return {
    ...result,
    position_view: (result.position_view ?? []).filter(
      (row) => (!accounts || accounts.has(row.account_id)) && (!assets || assets.has(row.asset_id)),
    ),
  };
}

// Runs the engine off the API's thread and answers JSON text: a string crosses threads as one copy,
// where a structured clone of a large result costs more than computing it.
// The ledger pass is kept for the next request on the same data and timeline (pass-memo.ts): a board's
// next request, the widget grouped another way, the asset drawer.
const memo = createPassMemo();
let releaseTimer: NodeJS.Timeout | undefined;
// The repository's parsed price table under its prices version (`pricesKey`): a write of transactions moves
// the data version but not the prices, so the next compute reads only the transactions (2.6M prices were
// most of the read at 100k transactions, docs/benchmarks.md). The kept pass reads these same arrays (the
// engine never writes to them), so keeping both costs little more than the pass.
let keptPrices: { key: string; series: TAnalyticsPriceSeries[] } | null = null;
// The repository's parsed transactions under its transactions version (`transactionsKey`), with the map that
// interned their ids: a price write moves the data version but not the transactions, and a transaction write
// changes a few — the next compute reads none, or those (the transactions were 0.45 s of the read and 0.18 s
// of the parse of a compute after a write at 100k, docs/benchmarks.md).
let keptTransactions: { key: string; list: TAnalyticsTransaction[]; ids: Map<string, string> } | null = null;

/** The transactions of these entry lines, parsed and kept as `transactionsKey`. */
function keepParsed(text: string, transactionsKey: string): TAnalyticsTransaction[] {
  keptTransactions = null;
  const ids = new Map<string, string>();
  const list = parseTransactionLines(text, ids);
  keptTransactions = { key: transactionsKey, list, ids };
  return list;
}

function transactionsFor(source: TAnalyticsSource, transactionsKey: string): TAnalyticsTransaction[] {
  if (source.transactionsText !== null) return keepParsed(source.transactionsText, transactionsKey);
  const changes = source.transactionChanges;
  if (source.packedTransactions) {
    keptTransactions = null;
    const ids = new Map<string, string>();
    const kept = unpackTransactions(source.packedTransactions);
    // An older kept copy: the transactions changed since replace theirs (KEPT_BASE).
    const list = changes
      ? withChangedTransactions(kept, changes.seqs, parseTransactionLines(changes.text, ids))
      : kept;
    keptTransactions = { key: transactionsKey, list, ids };
    return list;
  }
  if (keptTransactions?.key === transactionsKey) return keptTransactions.list;
  if (changes && keptTransactions?.key === changes.base) {
    const { ids } = keptTransactions;
    const list = withChangedTransactions(
      keptTransactions.list,
      changes.seqs,
      parseTransactionLines(changes.text, ids),
    );
    keptTransactions = { key: transactionsKey, list, ids };
    return list;
  }
  throw new NeedsSource('no kept transactions of this transactions version');
}

function priceSeriesFor(source: TPricesOfSource, pricesKey: string): TAnalyticsPriceSeries[] {
  if (source.prices !== null) {
    keptPrices = null;
    const series = source.prices.map(seriesOf);
    keptPrices = { key: pricesKey, series };
    return series;
  }
  const changes = source.priceChanges;
  if (source.packedPrices) {
    keptPrices = null;
    const kept = unpackPriceTable(source.packedPrices);
    // An older kept table: the assets changed since replace theirs (KEPT_BASE).
    const series = changes ? withChangedSeries(kept, changes.assetIds, changes.series.map(seriesOf)) : kept;
    keptPrices = { key: pricesKey, series };
    return series;
  }
  if (keptPrices?.key === pricesKey) return keptPrices.series;
  if (changes && keptPrices?.key === changes.base) {
    const series = withChangedSeries(keptPrices.series, changes.assetIds, changes.series.map(seriesOf));
    keptPrices = { key: pricesKey, series };
    return series;
  }
  throw new NeedsSource('no kept price table of this prices version');
}

/** Lets the kept pass and prices go once the worker has been idle for KEEP_PASS_MS. */
function releaseLater() {
  clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => {
    memo.clear();
    keptPrices = null;
    keptTransactions = null;
  }, KEEP_PASS_MS);
  releaseTimer.unref();
}

/** The kept price table `pricesKey` packed (after the answer that built it, so as not to hold that answer up). */
function packKept(pricesKey: string): TPackOutcome {
  if (keptPrices?.key !== pricesKey) return { ok: false };
  return { ok: true, packed: packPriceTable(keptPrices.series), count: priceCountOf(keptPrices.series) };
}

/** The kept transactions `transactionsKey` packed (likewise after the answer). */
function packKeptTransactions(transactionsKey: string): TPackOutcome {
  if (keptTransactions?.key !== transactionsKey) return { ok: false };
  return { ok: true, packed: packTransactions(keptTransactions.list), count: keptTransactions.list.length };
}

function answerPacked(outcome: TPackOutcome) {
  parentPort?.postMessage(outcome, outcome.ok ? [outcome.packed.buffer as ArrayBuffer] : []);
}

parentPort?.on('message', (message: TWorkerJob | TPackJob | TBuildJob | TBuildTransactionsJob) => {
  if ('pack' in message) {
    let outcome: TPackOutcome;
    try {
      outcome =
        message.table === 'transactions' ? packKeptTransactions(message.pack) : packKept(message.pack);
    } catch {
      // Nothing to keep (an id that is no seq): the next load reads them as before.
      outcome = { ok: false };
    }
    answerPacked(outcome);
    return;
  }
  if ('buildTransactions' in message) {
    let outcome: TPackOutcome;
    try {
      keepParsed(message.transactionsText, message.buildTransactions);
      outcome = packKeptTransactions(message.buildTransactions);
    } catch {
      keptTransactions = null;
      outcome = { ok: false };
    }
    releaseLater();
    answerPacked(outcome);
    return;
  }
  if ('build' in message) {
    let outcome: TPackOutcome;
    try {
      priceSeriesFor(message.prices, message.build);
      outcome = packKept(message.build);
    } catch {
      keptPrices = null;
      outcome = { ok: false };
    }
    releaseLater();
    answerPacked(outcome);
    return;
  }
  const job = message;
  const { source, request, today, currency, positionFilter, dataKey, pricesKey, transactionsKey } = job;
  const started = performance.now();
  let outcome: TWorkerOutcome;
  clearTimeout(releaseTimer);
  try {
    const result = memo.compute({
      dataKey,
      request,
      today,
      currency,
      input: () => {
        if (source === null) throw new NeedsSource('the kept pass was let go');
        return buildAnalyticsInput(
          source,
          transactionsFor(source, transactionsKey),
          priceSeriesFor(source, pricesKey),
        );
      },
    });
    const json = JSON.stringify(positionFilter ? keepPositions(result, positionFilter) : result);
    outcome = { ok: true, json, ms: performance.now() - started };
  } catch (error) {
    memo.clear();
    // A failed compute may have failed on the kept tables: the next one reads them again. A source that found
    // one missing leaves the other as it is (the caller reads what is missing and asks again).
    if (!(error instanceof NeedsSource)) {
      keptPrices = null;
      keptTransactions = null;
    }
    outcome = {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      needsSource: error instanceof NeedsSource,
    };
  }
  releaseLater();
  parentPort?.postMessage(outcome);
});
