import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromEpochDay, toEpochDay } from '../dates/epoch-day.ts';
import { buildPriceSeries, indexOnOrBefore, PriceCursor, parseDay } from './price-series.ts';

describe('price series', () => {
  it('keeps one close per day, chosen by source precedence', () => {
    const series = buildPriceSeries(
      [
        { asset_id: 'a', date: '2024-01-03', close: 11, source: 'connector' },
        { asset_id: 'a', date: '2024-01-02', close: 10, source: 'connector' },
        { asset_id: 'a', date: '2024-01-02', close: 10.5, source: 'manual' },
        { asset_id: 'a', date: '2024-01-03', close: 12, source: 'zz-unknown' },
        { asset_id: 'a', date: '2024-01-04', close: 0, source: 'manual' },
      ],
      ['override', 'manual', 'connector'],
    ).get('a')!;
    expect([...series.days].map(fromEpochDay)).toEqual(['2024-01-02', '2024-01-03']);
    expect([...series.closes]).toEqual([10.5, 11]);
  });

  it('finds the last price on or before a day', () => {
    const days = Int32Array.from([10, 20, 30]);
    expect([5, 10, 15, 20, 29, 30, 99].map((d) => indexOnOrBefore(days, d))).toEqual([-1, 0, 0, 1, 1, 2, 2]);
    expect(indexOnOrBefore(new Int32Array(0), 3)).toBe(-1);
  });

  it('a cursor agrees with binary search, forwards and backwards', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 500 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: -5, max: 505 }), { maxLength: 40 }),
        (rawDays, queries) => {
          const days = Int32Array.from(rawDays.sort((a, b) => a - b));
          const cursor = new PriceCursor({ days, closes: new Float64Array(days.length) });
          for (const q of queries) expect(cursor.indexAt(q)).toBe(indexOnOrBefore(days, q));
        },
      ),
    );
  });

  it('parses dates like toEpochDay and rejects what it rejects', () => {
    fc.assert(
      fc.property(fc.integer({ min: toEpochDay('1000-01-01'), max: toEpochDay('9999-12-31') }), (day) => {
        expect(parseDay(fromEpochDay(day))).toBe(day);
      }),
    );
    expect(() => parseDay('2023-02-29')).toThrow(RangeError);
    expect(() => parseDay('2023-2-28')).toThrow(RangeError);
  });
});
