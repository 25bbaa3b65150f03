import type { TAnalyticsAsset, TAnalyticsRequest } from '@strata/core/analytics/analytics-types';
import type { TDialectName } from '@strata/db/database';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import {
  assetIdsInOrder,
  assetsWithPricesChangedAfter,
  assetTagPairs,
  keepPriceTable,
  keepTransactionTable,
  keptPriceTable,
  keptTransactionTable,
  liveAssets,
  priceSeriesBetween,
  priceSeriesOf,
  transactionLines,
  transactionLinesOf,
  transactionsChangedAfter,
  transactionsPerDay,
} from './analytics-loader.repository.ts';
import {
  KEPT_BASE,
  type TAnalyticsSource,
  type TPriceChanges,
  type TPriceSeriesText,
  type TTransactionChanges,
} from './analytics-source.ts';

/** Stores transactions, packed (core's transaction-table-pack.ts), with how many they are. */
export type TKeepTransactions = (packed: Uint8Array, transactionCount: number) => Promise<void>;

export interface TLoadedRepository {
  source: TAnalyticsSource;
  /** Transactions read: every one, or the changed ones (0 when none were: `withTransactions` false). */
  transactionCount: number;
  /** Prices read (0 when they were not: `withPrices` false). */
  priceCount: number;
  /**
   * Keeps the table just aggregated or patched, packed by the worker that computed from it (analytics-pool.ts),
   * for the next load (`readPriceTable`); null when there is nothing to keep.
   */
  keepPrices: TKeepPrices | null;
  /** Likewise for the transactions read whole or patched from the kept ones. */
  keepTransactions: TKeepTransactions | null;
}

/** Stores a price table, packed (core's price-table-pack.ts), with how many prices it holds. */
export type TKeepPrices = (packed: Uint8Array, priceCount: number) => Promise<void>;

export interface TLoaderRepository {
  id: string;
  currency: string;
  settings: Record<string, unknown>;
}

/**
 * How the loader reads a repository. PGlite runs in the API's thread and answers one query at a time, so a
 * query there holds every other request — `/api/health` included — for as long as it runs: the repository is
 * read in parts (transactions by runs of days, prices by groups of assets) with a turn of the event loop
 * between them, one part at a time, so a request waits for about one part: 10,000 transactions a part is the
 * measured balance there. PostgreSQL reads the transactions and the prices side by side, each `reads` parts at
 * once on their own connections (a part's query runs on one server core): after a transaction write the
 * transactions are the whole read, 2 × 5,000 read them in 0.6 of the time one reader of 10,000 took
 * (docs/benchmarks.md).
 */
export interface TLoaderParts {
  transactions: number;
  assets: number;
  isParallel: boolean;
  /** How many parts (of the transactions, of the prices) are read at once; 1 on PGlite: one query at a time. */
  reads: number;
  /**
   * Whether the price table and the transactions read are kept in analytics_price_tables and
   * analytics_transaction_tables for the next load of the same version. Not on PGlite: writing MBs there holds
   * the API's thread, and one process computes there, so the worker's kept tables (analytics.worker.ts) serve
   * it.
   */
  keepsTables: boolean;
}

export function loaderPartsFor(dialect: TDialectName): TLoaderParts {
  return dialect === 'pglite'
    ? { transactions: 10_000, assets: 50, isParallel: false, reads: 1, keepsTables: false }
    : { transactions: 5_000, assets: 100, isParallel: true, reads: 2, keepsTables: true };
}

/** Lets waiting requests run between two parts of a load. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

interface TDayRange {
  from: string;
  to: string;
  /** Live transactions on those days (when counted). */
  count: number;
}

/**
 * Parts 0…count-1 read by `reads` readers, each taking the next part when done, the results in the parts'
 * order. One reader reads them in turn with a turn of the event loop before each (PGlite: see TLoaderParts).
 */
async function readParts<T>(count: number, reads: number, read: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const reader = async () => {
    for (let index = next++; index < count; index = next++) {
      if (reads <= 1) await yieldToEventLoop();
      results[index] = await read(index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(reads, count)) }, reader));
  return results;
}

/** Consecutive day ranges, each of at most `size` transactions unless one day alone holds more. */
async function dayRanges(db: Kysely<Database>, repositoryId: string, size: number) {
  const rows = await transactionsPerDay(db, repositoryId);
  const ranges: TDayRange[] = [];
  let inRange = 0;
  for (const { date, count } of rows) {
    const last = ranges.at(-1);
    if (last && inRange + count <= size) {
      last.to = date;
      last.count += count;
      inRange += count;
    } else {
      ranges.push({ from: date, to: date, count });
      inRange = count;
    }
  }
  return ranges;
}

/**
 * Live transactions with their entries as one text the worker parses (analytics-source.ts): a line per entry in
 * date order, `seq,epoch day,slot,account_id,asset_id,amount,pos_id,type`, the transaction named by its seq (a
 * transaction without entries is one line with empty entry fields; the type, last, may hold anything). One join
 * and one sort per run of days instead of a JSON document built per transaction: 0.85 → 0.45 s at 100k
 * transactions. Read one part at a time (PGlite) or `reads` parts at once (PostgreSQL: the read of a cold
 * compute after a write is the transactions', and a part's query is one server core). A transaction whose date
 * a write moves between two parts' reads may be read twice or not at all: the answer is then stored under the
 * older data version and recomputed, and a worker that keeps these transactions drops every copy of it when it
 * reads the change (analytics.worker.ts). Amounts travel as text.
 */
export async function loadTransactions(
  db: Kysely<Database>,
  repositoryId: string,
  parts: TLoaderParts,
): Promise<{ text: string; count: number }> {
  const ranges = await dayRanges(db, repositoryId, parts.transactions);
  const texts = await readParts(ranges.length, parts.reads, (index) =>
    transactionLines(db, repositoryId, ranges[index] as TDayRange),
  );
  // Counted by day before the read (a count in the read's query cost it a quarter more); a write in between
  // moves the progress figure, not the data.
  const count = ranges.reduce((sum, range) => sum + range.count, 0);
  return { text: texts.filter((text) => text !== '').join('\n'), count };
}

/** How many transactions entry lines hold (each line starts with its transaction's seq; a few lines here). */
function countTransactions(text: string): number {
  if (text === '') return 0;
  return new Set(text.split('\n').map((line) => line.slice(0, line.indexOf(',')))).size;
}

/**
 * The transactions written since a worker's parsed copy of version `sinceVersion` (`base`): their seqs and the
 * lines of those still live; null when more changed than one part holds (an import, a rule applied to
 * thousands): every transaction is then read, which costs little more than reading those.
 */
async function readTransactionChanges(
  db: Kysely<Database>,
  repositoryId: string,
  parts: TLoaderParts,
  since: { version: number; base: string },
): Promise<TTransactionChanges | null> {
  const seqs = await transactionsChangedAfter(db, repositoryId, since.version, parts.transactions);
  if (seqs.length > parts.transactions) return null;
  const text = seqs.length === 0 ? '' : await transactionLinesOf(db, repositoryId, seqs);
  return { base: since.base, seqs, text, count: countTransactions(text) };
}

/**
 * Prices as comma lists per asset and source (epoch days; closes as numeric text, which PostgreSQL writes
 * faster than float8's shortest form): 2.6M price rows arrive as a few thousand rows, read for a group of
 * assets at a time (`reads` groups at once). The inner ORDER BY is served by asset_prices_series_idx (no sort)
 * and feeds each group in date order; the worker still checks the order (analytics-source.ts) rather than trust
 * it.
 */
async function loadPriceSeries(
  db: Kysely<Database>,
  repositoryId: string,
  parts: TLoaderParts,
): Promise<{ series: TPriceSeriesText[]; count: number }> {
  // Deleted assets too: their prices were always read, and the engine decides what they mean.
  const assetIds = await assetIdsInOrder(db, repositoryId);
  const size = parts.assets;
  return readSeriesGroups(Math.ceil(assetIds.length / size), parts.reads, (index) => {
    // A range of the repository's ids in the index's order (not `= ANY`, which loses that order): the
    // series come out sorted without a sort, and ranges that do not overlap read each price once.
    const from = index * size;
    const first = assetIds[from] as string;
    const last = assetIds[Math.min(from + size, assetIds.length) - 1] as string;
    return priceSeriesBetween(db, repositoryId, first, last);
  });
}

/** Groups of price series read by `readParts`, in the groups' order, with the number of prices they hold. */
async function readSeriesGroups(
  groups: number,
  reads: number,
  readGroup: (index: number) => Promise<Array<TPriceSeriesText & { count: number }>>,
): Promise<{ series: TPriceSeriesText[]; count: number }> {
  let count = 0;
  const read = await readParts(groups, reads, async (index) =>
    (await readGroup(index)).map(({ count: n, ...row }) => {
      count += n;
      return row;
    }),
  );
  return { series: read.flat(), count };
}

/**
 * What changed in the repository's prices since a price table of version `sinceVersion` (a worker's, or the
 * kept text): the assets written after it and their series now, read in groups of `parts.assets` — their series
 * replace those assets' in the table. One price edited reads that asset's series alone.
 */
async function readPriceChanges(
  db: Kysely<Database>,
  repositoryId: string,
  parts: TLoaderParts,
  sinceVersion: number,
): Promise<{ assetIds: string[]; series: TPriceSeriesText[]; count: number }> {
  const assetIds = await assetsWithPricesChangedAfter(db, repositoryId, sinceVersion);
  const size = parts.assets;
  const read = await readSeriesGroups(Math.ceil(assetIds.length / size), parts.reads, (index) =>
    priceSeriesOf(db, repositoryId, assetIds.slice(index * size, (index + 1) * size)),
  );
  return { assetIds, ...read };
}

export interface TPriceTableRead {
  /** The prices as text (aggregated); null when the kept table was read (`packed`). */
  series: TPriceSeriesText[] | null;
  /** The kept table as stored, packed; with `changes` (base KEPT_BASE) when it is of an older prices version. */
  packed: Uint8Array | null;
  changes: TPriceChanges | null;
  /** The prices read: aggregated, or the kept table's and the changed assets'. */
  count: number;
  keep: TKeepPrices | null;
}

/**
 * The repository's price table at `pricesVersion` (read before it, analyticsFacts): the kept copy of that
 * version when there is one — one value of packed columns instead of aggregating every price row (2.6M rows
 * took 0.7–2.2 s; docs/benchmarks.md) — or an older kept copy with the assets changed since, else aggregated;
 * `keep` stores the table the worker builds of either of the last two. A price write between the version's read
 * and the aggregation makes the kept table newer than its version says, never older, and moves the version on,
 * so that table is never read again as of this version.
 */
export async function readPriceTable(
  db: Kysely<Database>,
  repositoryId: string,
  parts: TLoaderParts,
  pricesVersion: number,
): Promise<TPriceTableRead> {
  const keep: TKeepPrices | null = parts.keepsTables
    ? (packed, priceCount) => keepPriceTable(db, { repositoryId, pricesVersion, priceCount, packed })
    : null;
  if (parts.keepsTables) {
    const kept = await keptPriceTable(db, repositoryId, pricesVersion);
    const version = Number(kept?.prices_version);
    if (kept && version === pricesVersion) {
      return { series: null, packed: kept.packed, changes: null, count: kept.price_count, keep: null };
    }
    if (kept) {
      // An older kept table (prices written since): the worker patches it with the assets changed after it.
      const { count, ...changes } = await readPriceChanges(db, repositoryId, parts, version);
      return {
        series: null,
        packed: kept.packed,
        changes: { base: KEPT_BASE, ...changes },
        count: kept.price_count + count,
        keep,
      };
    }
  }
  const { series, count } = await loadPriceSeries(db, repositoryId, parts);
  return { series, packed: null, changes: null, count, keep };
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

/** The transactions as read: every one (`text`), the kept ones (`packed`), with the changes since or not, or none. */
interface TTransactionsRead {
  text: string | null;
  packed: Uint8Array | null;
  changes: TTransactionChanges | null;
  count: number;
  keep: TKeepTransactions | null;
}

/**
 * The repository's transactions at `transactionsVersion` (read before them, analyticsFacts): the kept copy of
 * that version when there is one — one value instead of every transaction's entry lines — or an older kept
 * copy with the transactions changed since (unless more changed than a part holds), else every transaction;
 * `keep` stores what the worker makes of either of the last two.
 */
async function readTransactionTable(
  db: Kysely<Database>,
  repositoryId: string,
  parts: TLoaderParts,
  transactionsVersion: number,
): Promise<TTransactionsRead> {
  const keep: TKeepTransactions | null = parts.keepsTables
    ? (packed, transactionCount) =>
        keepTransactionTable(db, { repositoryId, transactionsVersion, transactionCount, packed })
    : null;
  if (parts.keepsTables) {
    const kept = await keptTransactionTable(db, repositoryId, transactionsVersion);
    const version = Number(kept?.transactions_version);
    if (kept && version === transactionsVersion) {
      return { text: null, packed: kept.packed, changes: null, count: kept.transaction_count, keep: null };
    }
    if (kept) {
      const changes = await readTransactionChanges(db, repositoryId, parts, { version, base: KEPT_BASE });
      if (changes) {
        return {
          text: null,
          packed: kept.packed,
          changes,
          count: kept.transaction_count + changes.count,
          keep,
        };
      }
    }
  }
  return { ...(await loadTransactions(db, repositoryId, parts)), packed: null, changes: null, keep };
}

/**
 * Reads a repository for the engine: live assets with their tags, live transactions (entries get their roles
 * in the worker), every price (currency assets' prices are the FX rates), and the repository's price-source
 * precedence, the prices at the repository's `pricesVersion` (`readPriceTable`). The large parts stay text for
 * the worker to parse (analytics-source.ts). `withPrices` false leaves the prices out (`source.prices` null),
 * `withTransactions` false the transactions (`source.transactionsText` null): the worker that will compute
 * keeps them from an earlier load of the same version (analytics.worker.ts) — a transaction write does not
 * touch the prices, a price write not the transactions — or of an older one, and then only what changed since
 * (`changesSince`, `transactionChangesSince`) is read.
 */
export async function loadAnalyticsInput(
  db: Kysely<Database>,
  repository: TLoaderRepository,
  request: TAnalyticsRequest,
  today: string,
  parts: TLoaderParts,
  {
    withPrices = true,
    pricesVersion,
    changesSince = null,
    withTransactions = true,
    transactionsVersion,
    transactionChangesSince = null,
  }: {
    withPrices?: boolean;
    pricesVersion: number;
    /** Without prices: the older table a worker keeps, whose changes since are read instead. */
    changesSince?: { version: number; base: string } | null;
    withTransactions?: boolean;
    transactionsVersion: number;
    /** Without transactions: the older copy a worker keeps, whose changes since are read instead. */
    transactionChangesSince?: { version: number; base: string } | null;
  },
): Promise<TLoadedRepository> {
  const readTransactions = async (): Promise<TTransactionsRead> => {
    const none = { text: null, packed: null, keep: null };
    if (!withTransactions) {
      if (transactionChangesSince === null) return { ...none, changes: null, count: 0 };
      const changes = await readTransactionChanges(db, repository.id, parts, transactionChangesSince);
      if (changes) return { ...none, changes, count: changes.count };
    }
    return readTransactionTable(db, repository.id, parts, transactionsVersion);
  };
  const readPrices = async (): Promise<TPriceTableRead> => {
    if (withPrices) return readPriceTable(db, repository.id, parts, pricesVersion);
    const none = { series: null, packed: null, keep: null };
    if (changesSince === null) return { ...none, count: 0, changes: null };
    const { count, ...changes } = await readPriceChanges(db, repository.id, parts, changesSince.version);
    return { ...none, count, changes: { base: changesSince.base, ...changes } };
  };
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
      ...(transactions.packed ? { packedTransactions: transactions.packed } : {}),
      ...(transactions.changes ? { transactionChanges: transactions.changes } : {}),
      prices: prices.series,
      ...(prices.packed ? { packedPrices: prices.packed } : {}),
      ...(prices.changes ? { priceChanges: prices.changes } : {}),
      precedence,
      request,
      today,
    },
    transactionCount: transactions.count,
    priceCount: prices.count,
    keepPrices: prices.keep,
    keepTransactions: transactions.keep,
  };
}
