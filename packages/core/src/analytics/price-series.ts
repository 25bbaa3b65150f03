// Columnar price series, one per asset: ascending epoch days in an Int32Array and closes in a
// Float64Array, one close per day chosen by the repository's price-source precedence. Valuation reads
// "the last price on or before a date" by binary search, or by a forward-only cursor during the
// engine's single chronological pass. Prices value holdings as binary floats: they are market data,
// not booked amounts, and a valuation is a product of floats anyway.
import { toEpochDay } from '../dates/epoch-day.ts';
import type { TAnalyticsPrice } from './analytics-types.ts';

export interface TPriceSeries {
  days: Int32Array;
  closes: Float64Array;
}

const CHAR_0 = 48;

/**
 * `YYYY-MM-DD` → epoch day without allocating: millions of price rows go through here. Falls back to
 * the strict `toEpochDay` (which throws) for anything that is not a plain valid date.
 */
export function parseDay(iso: string): number {
  if (iso.length === 10 && iso.charCodeAt(4) === 45 && iso.charCodeAt(7) === 45) {
    const year =
      (iso.charCodeAt(0) - CHAR_0) * 1000 +
      (iso.charCodeAt(1) - CHAR_0) * 100 +
      (iso.charCodeAt(2) - CHAR_0) * 10 +
      (iso.charCodeAt(3) - CHAR_0);
    const month = (iso.charCodeAt(5) - CHAR_0) * 10 + (iso.charCodeAt(6) - CHAR_0);
    const day = (iso.charCodeAt(8) - CHAR_0) * 10 + (iso.charCodeAt(9) - CHAR_0);
    if (year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) {
      return daysFromCivil(year, month, day);
    }
  }
  return toEpochDay(iso);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Howard Hinnant's days_from_civil: exact for the proleptic Gregorian calendar. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

interface TGroup {
  size: number;
  days: Int32Array;
  closes: Float64Array;
  /** Source ids (see buildPriceSeries). */
  ranks: Int32Array;
}

function push(group: TGroup, day: number, close: number, rank: number): void {
  if (group.size === group.days.length) {
    const grow = <T extends Int32Array | Float64Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    const capacity = group.days.length * 2;
    group.days = grow(group.days, new Int32Array(capacity));
    group.closes = grow(group.closes, new Float64Array(capacity));
    group.ranks = grow(group.ranks, new Int32Array(capacity));
  }
  group.days[group.size] = day;
  group.closes[group.size] = close;
  group.ranks[group.size] = rank;
  group.size++;
}

/**
 * One series per asset. On a day with prices from several sources the best-ranked source wins.
 * Non-finite or non-positive closes are ignored. Rows usually arrive grouped by asset and sorted by
 * date (as the database returns them); then building is one pass with no sort.
 */
export function buildPriceSeries(
  prices: readonly TAnalyticsPrice[],
  precedence: readonly string[],
): Map<string, TPriceSeries> {
  // Sources get a number on first sight (rows of one source usually come together, so this is one
  // comparison per row); the precedence only matters when a day has several rows.
  const sourceIds = new Map<string, number>();
  const sourceNames: string[] = [];
  let lastSource: string | undefined;
  let lastSourceId = -1;
  const groups = new Map<string, TGroup>();
  let lastId: string | undefined;
  let group: TGroup | undefined;
  for (const price of prices) {
    const close = typeof price.close === 'number' ? price.close : Number(price.close);
    if (!(close > 0 && Number.isFinite(close))) continue;
    if (price.asset_id !== lastId || !group) {
      lastId = price.asset_id;
      group = groups.get(lastId);
      if (!group) {
        group = {
          size: 0,
          days: new Int32Array(64),
          closes: new Float64Array(64),
          ranks: new Int32Array(64),
        };
        groups.set(lastId, group);
      }
    }
    if (price.source !== lastSource) {
      lastSource = price.source;
      let id = sourceIds.get(lastSource);
      if (id === undefined) {
        id = sourceNames.length;
        sourceIds.set(lastSource, id);
        sourceNames.push(lastSource);
      }
      lastSourceId = id;
    }
    push(group, parseDay(price.date), close, lastSourceId);
  }
  // Rank: position in the precedence list; unlisted sources after every listed one, in name order.
  const listed = new Map(precedence.map((source, index) => [source, index]));
  const byRank = sourceNames
    .map((name, id) => ({ id, name, listed: listed.get(name) ?? precedence.length }))
    .sort((a, b) => a.listed - b.listed || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const rankOfId = new Int32Array(sourceNames.length);
  for (const [rank, source] of byRank.entries()) rankOfId[source.id] = rank;
  const series = new Map<string, TPriceSeries>();
  for (const [assetId, g] of groups) series.set(assetId, toSeries(g, rankOfId));
  return series;
}

function toSeries(group: TGroup, rankOfId: Int32Array): TPriceSeries {
  const n = group.size;
  let isSorted = true;
  for (let i = 1; i < n && isSorted; i++) isSorted = group.days[i]! > group.days[i - 1]!;
  if (isSorted) return { days: group.days.slice(0, n), closes: group.closes.slice(0, n) };
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort(
    (a, b) => group.days[a]! - group.days[b]! || rankOfId[group.ranks[a]!]! - rankOfId[group.ranks[b]!]!,
  );
  const days = new Int32Array(n);
  const closes = new Float64Array(n);
  let size = 0;
  for (const i of order) {
    // Sorted by day then rank: the first row of a day is its best source.
    if (size > 0 && days[size - 1] === group.days[i]) continue;
    days[size] = group.days[i]!;
    closes[size] = group.closes[i]!;
    size++;
  }
  return { days: days.slice(0, size), closes: closes.slice(0, size) };
}

/** Index of the last day ≤ `day`, or −1 when the series starts later. */
export function indexOnOrBefore(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length - 1;
  if (hi < 0 || days[0]! > day) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (days[mid]! <= day) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * A forward-only reader of one series: amortised O(1) per lookup while dates only grow (the engine's
 * chronological pass); a date earlier than the last one asked falls back to binary search.
 */
export class PriceCursor {
  readonly series: TPriceSeries;
  private index = -1;
  private lastDay = Number.NEGATIVE_INFINITY;

  constructor(series: TPriceSeries) {
    this.series = series;
  }

  /** Index of the last price on or before `day`, −1 if none. */
  indexAt(day: number): number {
    const { days } = this.series;
    if (day < this.lastDay) return indexOnOrBefore(days, day);
    let i = this.index;
    while (i + 1 < days.length && days[i + 1]! <= day) i++;
    this.index = i;
    this.lastDay = day;
    return i;
  }
}
