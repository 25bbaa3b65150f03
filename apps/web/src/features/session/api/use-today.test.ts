import { describe, expect, it } from 'vitest';
import { webToday } from './use-today.ts';

describe("the web's today", () => {
  it("is the day in the user's saved zone, whatever the browser's", () => {
    // 23:30 UTC on New Year's Eve: 12:30 on 1 January in Auckland (UTC+13), 15:30 on the 31st in Los Angeles.
    const instant = new Date('2023-12-31T23:30:00Z');
    expect(webToday('Pacific/Auckland', instant)).toBe('2024-01-01');
    expect(webToday('America/Los_Angeles', instant)).toBe('2023-12-31');
  });

  it("falls back to the browser's zone without a saved one (the local calendar day)", () => {
    const lateEvening = new Date(2026, 0, 5, 23, 30);
    expect(webToday(null, lateEvening)).toBe('2026-01-05');
    expect(webToday(undefined, lateEvening)).toBe('2026-01-05');
    expect(webToday('Not/AZone', lateEvening)).toBe('2026-01-05');
  });
});
