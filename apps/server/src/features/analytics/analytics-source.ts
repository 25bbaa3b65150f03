import type {
  TAnalyticsAsset,
  TAnalyticsEntry,
  TAnalyticsInput,
  TAnalyticsPriceSeries,
  TAnalyticsRequest,
  TAnalyticsTransaction,
} from '@strata/core/analytics/analytics-types';
import { epochDayFormatter } from '@strata/core/dates/epoch-day';
import { findTransactionType } from '@strata/core/transactions/catalogue';
import { countListed, readNumberList } from './number-list.ts';

/** One price series as the database aggregated it: epoch days and closes as comma lists. */
export interface TPriceSeriesText {
  asset_id: string;
  source: string;
  days: string;
  closes: string;
}

/**
 * Assets whose prices changed since the price table keyed `base` (a worker's kept table, or KEPT_BASE: the
 * packed table the same source carries), with their series now (none: no prices left).
 */
export interface TPriceChanges {
  base: string;
  assetIds: string[];
  series: TPriceSeriesText[];
}

/**
 * Transactions written since the parsed copy keyed `base` (a worker's): their seqs, and the entry lines of those
 * still live (a deleted or trashed one has none).
 */
export interface TTransactionChanges {
  base: string;
  seqs: number[];
  text: string;
  /** How many of them are live (the lines' transactions). */
  count: number;
}

/**
 * A repository as the loader read it: the large parts still text (transactions as entry lines, prices as
 * comma lists), so the API thread only passes strings on and the worker does the parsing — at 100k
 * transactions and 2.6M prices that parsing took the event loop for most of a second.
 */
export interface TAnalyticsSource {
  currency: string;
  assets: TAnalyticsAsset[];
  /**
   * A line per entry: `seq,epoch day,slot,account_id,asset_id,amount,pos_id,type` (analytics.loader.ts); null: not
   * read as text — the worker unpacks `packedTransactions`, or keeps the transactions of the job's
   * `transactionsKey`, or patches an older copy with `transactionChanges`.
   */
  transactionsText: string | null;
  /** The transactions kept in analytics_transaction_tables, packed (core's transaction-table-pack.ts), as read. */
  packedTransactions?: Uint8Array;
  /**
   * With `transactionsText` null: the changes that make the job's transactions of the older copy the worker
   * keeps (`base`) or of `packedTransactions` (base KEPT_BASE).
   */
  transactionChanges?: TTransactionChanges;
  /**
   * null: not read as text — the worker unpacks `packedPrices`, or uses the price table it kept for the job's
   * `pricesKey` (analytics.worker.ts).
   */
  prices: TPriceSeriesText[] | null;
  /** The table kept in analytics_price_tables, packed (core's price-table-pack.ts), as read. */
  packedPrices?: Uint8Array;
  /**
   * With `prices` null: the changes that make the job's table of the older one the worker keeps (`base`) or
   * of `packedPrices` (base KEPT_BASE).
   */
  priceChanges?: TPriceChanges;
  precedence: string[];
  request: TAnalyticsRequest;
  today: string;
}

/**
 * The base of changes that apply to the packed table their source carries (`packedPrices`,
 * `packedTransactions`).
 */
export const KEPT_BASE = 'kept';

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A price table with the changed assets' series replacing theirs (`TPriceChanges`), in the loader's order
 * (asset, then source): the worker's kept columns and the kept text are patched alike.
 */
export function withChangedSeries<T extends { asset_id: string; source?: string }>(
  table: readonly T[],
  assetIds: readonly string[],
  changed: readonly T[],
): T[] {
  const isChanged = new Set(assetIds);
  return [...table.filter((row) => !isChanged.has(row.asset_id)), ...changed].sort(
    (a, b) => compareText(a.asset_id, b.asset_id) || compareText(a.source ?? '', b.source ?? ''),
  );
}

/** Columns of one series, in date order (sorted here if the database ever handed them otherwise). */
export function seriesOf(row: TPriceSeriesText): TAnalyticsPriceSeries {
  const days = readNumberList(row.days, new Int32Array(countListed(row.days)));
  const closes = readNumberList(row.closes, new Float64Array(countListed(row.closes)));
  for (let index = 1; index < days.length; index += 1) {
    if ((days[index] as number) < (days[index - 1] as number)) {
      const order = Array.from(days.keys()).sort((a, b) => (days[a] as number) - (days[b] as number));
      return {
        asset_id: row.asset_id,
        source: row.source,
        days: Int32Array.from(order, (at) => days[at] as number),
        closes: Float64Array.from(order, (at) => closes[at] as number),
      };
    }
  }
  return { asset_id: row.asset_id, source: row.source, days, closes };
}

/**
 * The loader's entry lines as transactions, each entry with its role from the catalogue (by slot). Entries
 * arrive grouped by transaction in date order; a transaction's id is its seq. `ids` interns the account and
 * asset ids: a worker passes the map of its kept transactions, so a patch's entries share their strings.
 */
export function parseTransactionLines(
  text: string,
  ids: Map<string, string> = new Map(),
): TAnalyticsTransaction[] {
  const transactions: TAnalyticsTransaction[] = [];
  const formatDay = epochDayFormatter();
  const fields: string[] = [];
  // Every entry names its account and asset by id: one string per id rather than one per entry, so the
  // engine's maps keyed by id compare one string with itself, and the entries hold no copies of it.
  const interned = (id: string): string => {
    const known = ids.get(id);
    if (known !== undefined) return known;
    // A copy of the characters: V8 makes a slice of 13 or more characters point into the text it was cut from,
    // so one interned id would keep the whole text (tens of MB) alive for as long as the transactions are kept.
    const own: string = JSON.parse(JSON.stringify(id));
    ids.set(own, own);
    return own;
  };
  let number = '';
  let entries: TAnalyticsEntry[] = [];
  let roles: readonly { role: TAnalyticsEntry['role'] }[] = [];
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf('\n', at);
    const lineEnd = newline === -1 ? text.length : newline;
    fields.length = 0;
    let from = at;
    // Seven commas end the seven leading fields; the rest of the line is the type.
    for (let field = 0; field < 7; field += 1) {
      const comma = text.indexOf(',', from);
      if (comma === -1 || comma > lineEnd) throw new Error(`malformed transaction line at ${at}`);
      fields.push(text.slice(from, comma));
      from = comma + 1;
    }
    const [lineNumber, day, slot, account_id, asset_id, amount, pos_id] = fields as string[];
    if (lineNumber !== number) {
      number = lineNumber as string;
      entries = [];
      const type = text.slice(from, lineEnd);
      roles = findTransactionType(type)?.entries ?? [];
      transactions.push({ id: number, date: formatDay(Number(day)), type, entries });
    }
    if (slot !== '') {
      entries.push({
        account_id: interned(account_id as string),
        asset_id: interned(asset_id as string),
        amount: amount as string,
        role: roles[Number(slot)]?.role ?? 'position',
        pos_id: pos_id === '' ? null : interned(pos_id as string),
      });
    }
    at = lineEnd + 1;
  }
  return transactions;
}

/** Orders transactions as the loader reads them: by date, then seq. */
function compareTransactions(a: TAnalyticsTransaction, b: TAnalyticsTransaction): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : Number(a.id) - Number(b.id);
}

/**
 * Kept transactions (in the loader's order) with the changed ones (`seqs`) replaced by their new forms
 * (`changed`, in the same order; a deleted one has none): every copy of a changed seq is dropped — a load that
 * raced a write may hold one twice (analytics.loader.ts) — and the two ordered lists are merged.
 */
export function withChangedTransactions(
  kept: readonly TAnalyticsTransaction[],
  seqs: readonly number[],
  changed: readonly TAnalyticsTransaction[],
): TAnalyticsTransaction[] {
  const isChanged = new Set(seqs.map(String));
  const merged: TAnalyticsTransaction[] = [];
  let next = 0;
  for (const transaction of kept) {
    if (isChanged.has(transaction.id)) continue;
    while (
      next < changed.length &&
      compareTransactions(changed[next] as TAnalyticsTransaction, transaction) < 0
    ) {
      merged.push(changed[next] as TAnalyticsTransaction);
      next += 1;
    }
    merged.push(transaction);
  }
  for (; next < changed.length; next += 1) merged.push(changed[next] as TAnalyticsTransaction);
  return merged;
}

/** The engine's input: the repository's transactions (parsed or kept) and price series (`seriesOf` each, or kept). */
export function buildAnalyticsInput(
  source: TAnalyticsSource,
  transactions: TAnalyticsTransaction[],
  priceSeries: readonly TAnalyticsPriceSeries[],
): TAnalyticsInput {
  return {
    currency: source.currency,
    assets: source.assets,
    transactions,
    price_series: priceSeries,
    price_source_precedence: source.precedence,
    request: source.request,
    today: source.today,
  };
}
