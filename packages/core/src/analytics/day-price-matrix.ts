// Local prices of every quoted asset on every day the ledger pass values, laid out day by day
// (row = valuation day, column = asset). The pass then reads one contiguous row per day instead of
// chasing a cursor per asset through separate arrays: with a thousand assets the per-asset walk is
// memory-bound, the row read is not. Built by walking each asset's series once, in date order.
import { indexOnOrBefore, type TPriceSeries } from './price-series.ts';

export class DayPriceMatrix {
  readonly days: Int32Array;
  readonly columnCount: number;
  private readonly columns = new Map<string, number>();
  /** Row-major: cells[row × columnCount + column]; NaN where the asset has no close yet. */
  readonly cells: Float64Array;

  constructor(days: Int32Array, series: ReadonlyMap<string, TPriceSeries>, assetIds: Iterable<string>) {
    this.days = days;
    const ids = [...new Set(assetIds)].filter((id) => series.has(id));
    this.columnCount = ids.length;
    this.cells = new Float64Array(days.length * ids.length).fill(Number.NaN);
    // A column at a time, in a function of its own (optimized after a few columns): measured faster
    // at 1,000 assets × 3,000 days than filling row by row or in blocks of columns.
    ids.forEach((id, column) => {
      this.columns.set(id, column);
      this.fillColumn(column, series.get(id)!);
    });
  }

  private fillColumn(column: number, { days: priceDays, closes }: TPriceSeries): void {
    const { days, cells, columnCount } = this;
    let p = days.length > 0 ? indexOnOrBefore(priceDays, days[0]!) : -1;
    for (let d = 0; d < days.length; d++) {
      const day = days[d]!;
      while (p + 1 < priceDays.length && priceDays[p + 1]! <= day) p++;
      if (p >= 0) cells[d * columnCount + column] = closes[p]!;
    }
  }

  /** Column of an asset, or −1 when it has no series. */
  column(assetId: string): number {
    return this.columns.get(assetId) ?? -1;
  }

  /** Row index of a valuation day (days only move forward in the pass: pass the previous row as a hint). */
  row(day: number, hint: number): number {
    let r = Math.max(0, hint);
    if (this.days[r] !== undefined && this.days[r]! > day) r = 0;
    while (r < this.days.length && this.days[r]! < day) r++;
    return this.days[r] === day ? r : -1;
  }

  /** Last close on or before the row's day (NaN when none). */
  price(row: number, column: number): number {
    return this.cells[row * this.columnCount + column]!;
  }
}

/**
 * Days the pass values: every boundary, and for every flow day inside the timeline the day itself
 * and the day before (TWR needs the value just before the day's flows).
 */
export function valuationDays(boundaries: Int32Array, transactionDays: Iterable<number>): Int32Array {
  const first = boundaries[0]!;
  const last = boundaries[boundaries.length - 1]!;
  const set = new Set<number>(boundaries);
  for (const day of transactionDays) {
    if (day > first && day <= last) {
      set.add(day);
      set.add(day - 1);
    }
  }
  return Int32Array.from(set).sort();
}
