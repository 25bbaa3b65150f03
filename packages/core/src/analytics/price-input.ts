// The engine's two price inputs, rows and columns, turned into one series per asset. Columns
// (`TAnalyticsPriceSeries`) are taken as they are when an asset has one series that is already clean
// (ascending days, positive closes): no copy, no parse. Rows go through `buildPriceSeries`. Several
// series for one asset (several sources, or rows and columns both) are merged day by day, the source
// best ranked by the precedence winning a shared day.
import type { TAnalyticsPrice, TAnalyticsPriceSeries } from './analytics-types.ts';
import { buildPriceSeries, parseDay, type TPriceSeries } from './price-series.ts';

/**
 * Rows → columns, one series per (asset, source) in first-seen order. For the server (SQL rows in, a
 * compact input for the worker out) and for tests. Rows need not be sorted.
 */
export function priceSeriesFromRows(rows: readonly TAnalyticsPrice[]): TAnalyticsPriceSeries[] {
  const builders = new Map<string, TSeriesBuilder>();
  let lastKey = '';
  let builder: TSeriesBuilder | undefined;
  for (const row of rows) {
    const key = `${row.asset_id}\u0000${row.source}`;
    if (key !== lastKey || !builder) {
      lastKey = key;
      builder = builders.get(key);
      if (!builder) {
        builder = newBuilder(row.asset_id, row.source);
        builders.set(key, builder);
      }
    }
    const close = typeof row.close === 'number' ? row.close : Number(row.close);
    // Unusable closes are dropped here, as buildPriceSeries does, so that of a source's duplicate
    // rows for a day the first usable one wins on both paths.
    if (close > 0 && close < Number.POSITIVE_INFINITY) append(builder, parseDay(row.date), close);
  }
  return [...builders.values()].map(finishBuilder);
}

/** Everything the input holds, one clean series per asset. */
export function resolvePriceSeries(
  rows: readonly TAnalyticsPrice[] | undefined,
  columns: readonly TAnalyticsPriceSeries[] | undefined,
  precedence: readonly string[],
): Map<string, TPriceSeries> {
  if (!columns || columns.length === 0) return buildPriceSeries(rows ?? [], precedence);
  const all = rows && rows.length > 0 ? [...columns, ...priceSeriesFromRows(rows)] : columns;
  const byAsset = new Map<string, TAnalyticsPriceSeries[]>();
  for (const series of all) {
    if (series.days.length !== series.closes.length) {
      throw new RangeError(
        `price series of ${series.asset_id}: ${series.days.length} days but ${series.closes.length} closes`,
      );
    }
    const list = byAsset.get(series.asset_id);
    if (list) list.push(series);
    else byAsset.set(series.asset_id, [series]);
  }
  const rank = sourceRanker(all, precedence);
  const result = new Map<string, TPriceSeries>();
  for (const [assetId, list] of byAsset) {
    const only = list.length === 1 ? list[0]! : undefined;
    result.set(assetId, only && isClean(only) ? { days: only.days, closes: only.closes } : merge(list, rank));
  }
  return result;
}

function isClean(series: TAnalyticsPriceSeries): boolean {
  const { days, closes } = series;
  for (let i = 0; i < days.length; i++) {
    const close = closes[i]!;
    if (!(close > 0 && close < Number.POSITIVE_INFINITY)) return false;
    if (i > 0 && !(days[i]! > days[i - 1]!)) return false;
  }
  return true;
}

/** Rank of a source: its place in the precedence; unlisted sources after every listed one, by name. */
function sourceRanker(
  all: readonly TAnalyticsPriceSeries[],
  precedence: readonly string[],
): (source: string | undefined) => number {
  const listed = new Map(precedence.map((source, index) => [source, index]));
  const names = [...new Set(all.map((series) => series.source ?? ''))].sort((a, b) => {
    const byList = (listed.get(a) ?? precedence.length) - (listed.get(b) ?? precedence.length);
    return byList || (a < b ? -1 : a > b ? 1 : 0);
  });
  const ranks = new Map(names.map((name, index) => [name, index]));
  return (source) => ranks.get(source ?? '')!;
}

/** The slow path (several sources, or unsorted or dirty columns): sort by day then rank, keep the first of a day. */
function merge(
  list: readonly TAnalyticsPriceSeries[],
  rank: (source: string | undefined) => number,
): TPriceSeries {
  let total = 0;
  for (const series of list) total += series.days.length;
  const days = new Int32Array(total);
  const closes = new Float64Array(total);
  const ranks = new Int32Array(total);
  let n = 0;
  for (const series of list) {
    const r = rank(series.source);
    for (let i = 0; i < series.days.length; i++) {
      const close = series.closes[i]!;
      if (!(close > 0 && close < Number.POSITIVE_INFINITY)) continue;
      days[n] = series.days[i]!;
      closes[n] = close;
      ranks[n] = r;
      n++;
    }
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => days[a]! - days[b]! || ranks[a]! - ranks[b]!);
  const outDays = new Int32Array(n);
  const outCloses = new Float64Array(n);
  let size = 0;
  for (const i of order) {
    if (size > 0 && outDays[size - 1] === days[i]) continue;
    outDays[size] = days[i]!;
    outCloses[size] = closes[i]!;
    size++;
  }
  return { days: outDays.slice(0, size), closes: outCloses.slice(0, size) };
}

interface TSeriesBuilder {
  asset_id: string;
  source: string;
  size: number;
  days: Int32Array;
  closes: Float64Array;
}

function newBuilder(assetId: string, source: string): TSeriesBuilder {
  return { asset_id: assetId, source, size: 0, days: new Int32Array(64), closes: new Float64Array(64) };
}

function append(builder: TSeriesBuilder, day: number, close: number): void {
  if (builder.size === builder.days.length) {
    const days = new Int32Array(builder.size * 2);
    days.set(builder.days);
    const closes = new Float64Array(builder.size * 2);
    closes.set(builder.closes);
    builder.days = days;
    builder.closes = closes;
  }
  builder.days[builder.size] = day;
  builder.closes[builder.size] = close;
  builder.size++;
}

function finishBuilder(builder: TSeriesBuilder): TAnalyticsPriceSeries {
  const n = builder.size;
  let isSorted = true;
  for (let i = 1; i < n && isSorted; i++) isSorted = builder.days[i]! > builder.days[i - 1]!;
  if (isSorted) {
    return {
      asset_id: builder.asset_id,
      source: builder.source,
      days: builder.days.slice(0, n),
      closes: builder.closes.slice(0, n),
    };
  }
  // Unsorted rows of one source: sort by day; of duplicate days the first row wins, as in buildPriceSeries.
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => builder.days[a]! - builder.days[b]! || a - b);
  const days = new Int32Array(n);
  const closes = new Float64Array(n);
  let size = 0;
  for (const i of order) {
    if (size > 0 && days[size - 1] === builder.days[i]) continue;
    days[size] = builder.days[i]!;
    closes[size] = builder.closes[i]!;
    size++;
  }
  return {
    asset_id: builder.asset_id,
    source: builder.source,
    days: days.slice(0, size),
    closes: closes.slice(0, size),
  };
}
