import type { UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { isoDayOfChartTime } from './chart-date.ts';

describe('isoDayOfChartTime', () => {
  it('reads every form of a chart time as its day', () => {
    expect(isoDayOfChartTime('2026-11-25')).toBe('2026-11-25');
    expect(isoDayOfChartTime({ year: 2026, month: 3, day: 7 })).toBe('2026-03-07');
    // 2026-11-25T00:00:00Z: 2025-11-25 (1,764,028,800 s) plus 365 days of 86,400 s
    expect(isoDayOfChartTime(1_795_564_800 as UTCTimestamp)).toBe('2026-11-25');
  });
});
