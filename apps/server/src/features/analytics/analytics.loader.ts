import type { TAnalyticsAsset, TAnalyticsRequest } from '@strata/core/analytics/analytics-types';
import type { TDialectName } from '@strata/db/database';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import {
  assetIdsInOrder,
  assetTagPairs,
  keepPriceTable,
  keptPriceTable,
  liveAssets,
  priceSeriesBetween,
  transactionLines,
  transactionsPerDay,
} from './analytics-loader.repository.ts';
import {
  keptPriceText,
  priceSeriesOfKept,
  type TAnalyticsSource,
  type TPriceSeriesText,
} from './analytics-source.ts';

export interface TLoadedRepository {
  source: TAnalyticsSource;
  transactionCount: number;
  /** Prices read (0 when they were not: `withPrices` false). */
  priceCount: number;
  /** Keeps the prices just aggregated for the next load (`readPriceTable`); null when there is nothing to keep. */
  keepPrices: (() => Promise<void>) | null;
}

export interface TLoaderRepository {
  id: string;
  currency: string;
  settings: Record<string, unknown>;
}

/**
 * How the loader reads a repository. PGlite runs in the API's thread and answers one query at a time, so a
 * query there holds every other request — `/api/health` included — for as long as it runs: the repository is
 * read in parts (transactions by runs of days, prices by groups of assets) with a turn of the event loop
 * between them, one part at a time, so a request waits for about one part. PostgreSQL reads the transactions
 * and the prices side by side on two connections. Parts cost read time (each joins a full scan of the entries):
 * 10,000 transactions a part is the measured balance (docs/benchmarks.md).
 */
export interface TLoaderParts {
  transactions: number;
  assets: number;
  isParallel: boolean;
  /**
   * Whether the price table read is kept in analytics_price_tables for the next load of the same prices
   * version. Not on PGlite: writing tens of MB there holds the API's thread, and one process computes there,
   * so the worker's kept table (analytics.worker.ts) serves it.
   */
  keepsPriceTable: boolean;
}

export function loaderPartsFor(dialect: TDialectName): TLoaderParts {
  return dialect === 'pglite'
    ? { transactions: 10_000, assets: 50, isParallel: false, keepsPriceTable: false }
    : { transactions: 10_000, assets: 100, isParallel: true, keepsPriceTable: true };
}

/** Lets waiting requests run between two parts of a load. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Consecutive day ranges, each of at most `size` transactions unless one day alone holds more. */
async function dayRanges(db: Kysely<Database>, repositoryId: string, size: number) {
  const rows = await transactionsPerDay(db, repositoryId);
  const ranges: Array<{ from: string; to: string }> = [];
  let inRange = 0;
  for (const { date, count } of rows) {
    const last = ranges.at(-1);
    if (last && inRange + count <= size) {
      last.to = date;
      inRange += count;
    } else {
      ranges.push({ from: date, to: date });
      inRange = count;
    }
  }
  return ranges;
}

/**
 * Live transactions with their entries as one text the worker parses (analytics-source.ts): a line per entry in
 * date order, `transaction number,epoch day,slot,account_id,asset_id,amount,pos_id,type`, the number counting
 * transactions in that order (a transaction without entries is one line with empty entry fields; the type,
 * last, may hold anything). One join and one sort per run of days instead of a JSON document built per
 * transaction: 0.85 → 0.45 s at 100k transactions. Each part numbers its transactions from where the previous
 * part's actually ended, so a write between two parts cannot give two transactions one number (the answer is
 * then stored under the older data version and recomputed). Amounts travel as text (exact).
 */
async function loadTransactions(
  db: Kysely<Database>,
  repositoryId: string,
  size: number,
): Promise<{ text: string; count: number }> {
  const parts: string[] = [];
  let count = 0;
  for (const range of await dayRanges(db, repositoryId, size)) {
    await yieldToEventLoop();
    const part = await transactionLines(db, repositoryId, range, count);
    if (!part?.text) continue;
    parts.push(part.text);
    count += part.count ?? 0;
  }
  return { text: parts.join('\n'), count };
}

/**
 * Prices as comma lists per asset and source (epoch days; closes as numeric text, which PostgreSQL writes
 * faster than float8's shortest form): 2.6M price rows arrive as a few thousand rows, read for a group of
 * assets at a time. The inner ORDER BY is served by asset_prices_series_idx (no sort) and feeds each group in
 * date order; the worker still checks the order (analytics-source.ts) rather than trust it.
 */
async function loadPriceSeries(
  db: Kysely<Database>,
  repositoryId: string,
  size: number,
): Promise<{ series: TPriceSeriesText[]; count: number }> {
  // Deleted assets too: their prices were always read, and the engine decides what they mean.
  const assetIds = await assetIdsInOrder(db, repositoryId);
  const series: TPriceSeriesText[] = [];
  let count = 0;
  for (let from = 0; from < assetIds.length; from += size) {
    // A range of the repository's ids in the index's order (not `= ANY`, which loses that order): the
    // series come out sorted without a sort, and ranges that do not overlap read each price once.
    const first = assetIds[from] as string;
    const last = assetIds[Math.min(from + size, assetIds.length) - 1] as string;
    await yieldToEventLoop();
    const rows = await priceSeriesBetween(db, repositoryId, first, last);
    for (const { count: n, ...row } of rows) {
      count += n;
      series.push(row);
    }
  }
  return { series, count };
}

export interface TPriceTableRead {
  series: TPriceSeriesText[];
  count: number;
  keep: (() => Promise<void>) | null;
}

/**
 * The repository's price table at `pricesVersion` (read before it, analyticsFacts): the kept copy of that
 * version when there is one — one value instead of aggregating every price row: 2.6M rows took 1.0–2.2 s, the
 * kept text 0.4–0.5 s (docs/benchmarks.md) — else aggregated, with `keep` to store it for the next load. A
 * price write between the version's read and the aggregation makes the kept text newer than its version says,
 * never older, and moves the version on, so that text is never read again.
 */
export async function readPriceTable(
  db: Kysely<Database>,
  repositoryId: string,
  parts: TLoaderParts,
  pricesVersion: number,
): Promise<TPriceTableRead> {
  if (parts.keepsPriceTable) {
    const kept = await keptPriceTable(db, repositoryId, pricesVersion);
    if (kept) return { series: priceSeriesOfKept(kept.series), count: kept.price_count, keep: null };
  }
  const read = await loadPriceSeries(db, repositoryId, parts.assets);
  const keep = parts.keepsPriceTable
    ? () =>
        keepPriceTable(db, {
          repositoryId,
          pricesVersion,
          priceCount: read.count,
          series: keptPriceText(read.series),
        })
    : null;
  return { ...read, keep };
}

async function loadAssets(db: Kysely<Database>, repository: TLoaderRepository): Promise<TAnalyticsAsset[]> {
  const [assetRows, tagRows] = await Promise.all([
    liveAssets(db, repository.id),
    assetTagPairs(db, repository.id),
  ]);
  const tagsByAsset = new Map<string, Array<{ name: string; value: string }>>();
  for (const tag of tagRows) {
    const list = tagsByAsset.get(tag.asset_id) ?? [];
    list.push({ name: tag.tag_name, value: tag.tag_value });
    tagsByAsset.set(tag.asset_id, list);
  }
  return assetRows.map((asset) => ({
    id: asset.id,
    name: asset.name,
    type: asset.type,
    currency: asset.currency ?? repository.currency,
    ...(asset.ticker ? { ticker: asset.ticker } : {}),
    parent_id: asset.parent_id,
    tags: tagsByAsset.get(asset.id) ?? [],
  }));
}

/**
 * Reads a repository for the engine: live assets with their tags, live transactions (entries get their roles
 * in the worker), every price (currency assets' prices are the FX rates), and the repository's price-source
 * precedence, the prices at the repository's `pricesVersion` (`readPriceTable`). The large parts stay text for
 * the worker to parse (analytics-source.ts). `withPrices` false leaves the prices out (`source.prices` null):
 * the worker that will compute keeps them from an earlier load of the same prices version
 * (analytics.worker.ts) — a transaction write does not touch them.
 */
export async function loadAnalyticsInput(
  db: Kysely<Database>,
  repository: TLoaderRepository,
  request: TAnalyticsRequest,
  today: string,
  parts: TLoaderParts,
  { withPrices = true, pricesVersion }: { withPrices?: boolean; pricesVersion: number },
): Promise<TLoadedRepository> {
  const readTransactions = () => loadTransactions(db, repository.id, parts.transactions);
  const readPrices = async (): Promise<
    Omit<TPriceTableRead, 'series'> & { series: TPriceSeriesText[] | null }
  > =>
    withPrices
      ? readPriceTable(db, repository.id, parts, pricesVersion)
      : { series: null, count: 0, keep: null };
  // One Promise.all over every read, so a failed read never leaves another's rejection unhandled.
  const [assets, [transactions, prices]] = await Promise.all([
    loadAssets(db, repository),
    parts.isParallel
      ? Promise.all([readTransactions(), readPrices()])
      : readTransactions().then(async (read) => [read, await readPrices()] as const),
  ]);
  const precedence = Array.isArray(repository.settings.price_source_precedence)
    ? (repository.settings.price_source_precedence as string[])
    : [];
  return {
    source: {
      currency: repository.currency,
      assets,
      transactionsText: transactions.text,
      prices: prices.series,
      precedence,
      request,
      today,
    },
    transactionCount: transactions.count,
    priceCount: prices.count,
    keepPrices: prices.keep,
  };
}
