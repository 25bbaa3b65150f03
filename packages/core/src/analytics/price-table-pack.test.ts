import { describe, expect, it } from 'vitest';
import type { TAnalyticsPriceSeries } from './analytics-types.ts';
import { packPriceTable, priceCountOf, unpackPriceTable } from './price-table-pack.ts';

const series = (asset_id: string, source: string | undefined, days: number[], closes: number[]) =>
  ({
    asset_id,
    ...(source === undefined ? {} : { source }),
    days: Int32Array.from(days),
    closes: Float64Array.from(closes),
  }) as TAnalyticsPriceSeries;

/** Every day and close of the tables, with each close's bits (so -0, NaN and 0.1 + 0.2 compare exactly). */
function bitsOf(table: readonly TAnalyticsPriceSeries[]) {
  return table.map(({ asset_id, source, days, closes }) => ({
    asset_id,
    source,
    days: [...days],
    closes: [...new BigUint64Array(Float64Array.from(closes).buffer)].map(String),
  }));
}

describe('a packed price table', () => {
  it('unpacks to the very same series, every close bit for bit', () => {
    const table = [
      series('11111111-1111-1111-1111-111111111111', 'close', [19786, 19787, 19790], [150, 150.25, 149.5]),
      // Another source of the same asset, and prices before 1970 (negative days).
      series('11111111-1111-1111-1111-111111111111', 'override', [-400, -1, 0], [0.0001, 12345678.9, 1e-7]),
      // No source; a close with no short decimal (1/3), so the series is kept raw; -0 and NaN too.
      series('22222222-2222-2222-2222-222222222222', undefined, [1, 2, 3, 4], [1 / 3, -0, Number.NaN, 2]),
      // 0.1 + 0.2 is not the double of 0.3: kept as its own double, not as 0.3.
      series('33333333-3333-3333-3333-333333333333', 'close', [5, 6], [0.1 + 0.2, 0.3]),
      // Beyond 2^50 as an integer: raw.
      series('44444444-4444-4444-4444-444444444444', 'ünïcode', [7], [2 ** 52 + 2]),
      series('55555555-5555-5555-5555-555555555555', 'close', [], []),
    ];
    const unpacked = unpackPriceTable(packPriceTable(table));
    expect(bitsOf(unpacked)).toEqual(bitsOf(table));
    expect(unpacked[2]).not.toHaveProperty('source');
    // 3 + 3 + 4 + 2 + 1 + 0.
    expect(priceCountOf(unpacked)).toBe(13);
  });

  it('takes a few bytes a price for daily closes with cents', () => {
    // 1,000 trading days from 2020-01-01 (epoch day 18262), closes stepping by a few cents around 100.
    const days: number[] = [];
    const closes: number[] = [];
    for (let index = 0; index < 1000; index += 1) {
      days.push(18262 + index + Math.floor(index / 5) * 2);
      closes.push(Number((100 + ((index * 37) % 200) / 100).toFixed(2)));
    }
    const bytes = packPriceTable([series('66666666-6666-6666-6666-666666666666', 'close', days, closes)]);
    // A day's step is one byte, a close's step at most two: under 3 bytes a price, where the comma lists
    // took about 14 (a 5-digit day and a 6-character close, each with its comma).
    expect(bytes.length).toBeLessThan(3 * 1000);
    expect(bitsOf(unpackPriceTable(bytes))).toEqual(
      bitsOf([series('66666666-6666-6666-6666-666666666666', 'close', days, closes)]),
    );
  });

  it('refuses bytes it did not write', () => {
    expect(() => unpackPriceTable(Uint8Array.from([9, 0]))).toThrow('unknown version');
    const bytes = packPriceTable([series('a', 'close', [1, 2], [1.5, 2.5])]);
    expect(() => unpackPriceTable(bytes.subarray(0, bytes.length - 1))).toThrow();
    expect(() => unpackPriceTable(Uint8Array.from([...bytes, 0]))).toThrow('left over');
  });
});
