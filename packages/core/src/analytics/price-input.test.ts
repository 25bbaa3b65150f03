import { describe, expect, it } from 'vitest';
import type { TAnalyticsPrice, TAnalyticsPriceSeries } from './analytics-types.ts';
import { priceSeriesFromRows, resolvePriceSeries } from './price-input.ts';
import { buildPriceSeries, parseDay } from './price-series.ts';

const PRECEDENCE = ['override', 'manual', 'connector'];
const day = parseDay;
const plain = (series: { days: Int32Array; closes: Float64Array } | undefined) =>
  series && { days: [...series.days], closes: [...series.closes] };

describe('price input: rows → columns', () => {
  it('groups rows by asset and source, sorts a source’s days, and keeps the first row of a duplicate day', () => {
    const rows: TAnalyticsPrice[] = [
      { asset_id: 'a', date: '2024-01-03', close: 3, source: 'connector' },
      { asset_id: 'a', date: '2024-01-01', close: '1.5', source: 'connector' },
      { asset_id: 'b', date: '2024-01-01', close: 10, source: 'manual' },
      { asset_id: 'a', date: '2024-01-01', close: 9, source: 'connector' },
      { asset_id: 'a', date: '2024-01-02', close: 2, source: 'manual' },
    ];
    const series = priceSeriesFromRows(rows).map((s) => ({ ...s, ...plain(s) }));
    expect(series).toEqual([
      { asset_id: 'a', source: 'connector', days: [day('2024-01-01'), day('2024-01-03')], closes: [1.5, 3] },
      { asset_id: 'b', source: 'manual', days: [day('2024-01-01')], closes: [10] },
      { asset_id: 'a', source: 'manual', days: [day('2024-01-02')], closes: [2] },
    ]);
  });
});

describe('price input: one clean series per asset', () => {
  it('takes a clean column as it is, without copying', () => {
    const column: TAnalyticsPriceSeries = {
      asset_id: 'a',
      days: Int32Array.of(1, 2, 5),
      closes: Float64Array.of(1, 2, 3),
    };
    const resolved = resolvePriceSeries(undefined, [column], PRECEDENCE).get('a')!;
    expect(resolved.days).toBe(column.days);
    expect(resolved.closes).toBe(column.closes);
  });

  it('cleans a dirty column: unsorted days, non-positive and non-finite closes', () => {
    const column: TAnalyticsPriceSeries = {
      asset_id: 'a',
      days: Int32Array.of(5, 1, 3, 4, 2),
      closes: Float64Array.of(5, 1, 0, Number.NaN, -2),
    };
    expect(plain(resolvePriceSeries(undefined, [column], PRECEDENCE).get('a'))).toEqual({
      days: [1, 5],
      closes: [1, 5],
    });
  });

  it('on a day with several sources the best ranked wins; unlisted sources rank last, by name', () => {
    const series = (source: string, days: number[], closes: number[]): TAnalyticsPriceSeries => ({
      asset_id: 'a',
      source,
      days: Int32Array.from(days),
      closes: Float64Array.from(closes),
    });
    const resolved = resolvePriceSeries(
      undefined,
      [
        series('zeta', [1, 2, 3, 4], [91, 92, 93, 94]),
        series('connector', [2, 3], [22, 23]),
        series('alpha', [1, 4], [81, 84]),
        series('override', [3], [33]),
      ],
      PRECEDENCE,
    );
    expect(plain(resolved.get('a'))).toEqual({ days: [1, 2, 3, 4], closes: [81, 22, 33, 84] });
  });

  it('merges rows and columns of one asset by the same precedence', () => {
    const resolved = resolvePriceSeries(
      [{ asset_id: 'a', date: '1970-01-03', close: 7, source: 'manual' }],
      [{ asset_id: 'a', source: 'connector', days: Int32Array.of(1, 2), closes: Float64Array.of(1, 2) }],
      PRECEDENCE,
    );
    expect(plain(resolved.get('a'))).toEqual({ days: [1, 2], closes: [1, 7] });
  });

  it('refuses a column whose days and closes differ in length', () => {
    expect(() =>
      resolvePriceSeries(
        undefined,
        [{ asset_id: 'a', days: Int32Array.of(1, 2), closes: Float64Array.of(1) }],
        PRECEDENCE,
      ),
    ).toThrow(RangeError);
  });

  it('gives the same series as the row path (buildPriceSeries) on mixed, unsorted, multi-source rows', () => {
    let state = 42;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const sources = ['connector', 'manual', 'override', 'feed-b', 'feed-a'];
    const rows: TAnalyticsPrice[] = Array.from({ length: 3000 }, () => {
      const d = 1 + Math.floor(random() * 200);
      return {
        asset_id: `asset-${Math.floor(random() * 4)}`,
        date: `2024-${String(1 + Math.floor(d / 28)).padStart(2, '0')}-${String(1 + (d % 28)).padStart(2, '0')}`,
        close: random() < 0.05 ? 0 : Math.round(random() * 10_000) / 100,
        source: sources[Math.floor(random() * sources.length)]!,
      };
    });
    const byRows = buildPriceSeries(rows, PRECEDENCE);
    const byColumns = resolvePriceSeries(undefined, priceSeriesFromRows(rows), PRECEDENCE);
    expect([...byColumns.keys()].sort()).toEqual([...byRows.keys()].sort());
    for (const [assetId, series] of byRows) expect(plain(byColumns.get(assetId))).toEqual(plain(series));
  });
});
