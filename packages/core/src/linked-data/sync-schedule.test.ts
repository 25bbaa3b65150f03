import { describe, expect, it } from 'vitest';
import { backoffDueAt, everyHoursOf, firstDueAt, nextDueAt, scheduleOf } from './sync-schedule.ts';

const at = (iso: string) => new Date(iso);

describe('a connector sync schedule', () => {
  it('is hours between syncs: none when off, 24 when daily, N otherwise', () => {
    expect(everyHoursOf('off', 6)).toBeNull();
    expect(everyHoursOf('daily')).toBe(24);
    expect(everyHoursOf('every_n_hours', 6)).toBe(6);
    expect(scheduleOf(null)).toEqual({ schedule: 'off', every_hours: null });
    expect(scheduleOf(24)).toEqual({ schedule: 'daily', every_hours: 24 });
    expect(scheduleOf(6)).toEqual({ schedule: 'every_n_hours', every_hours: 6 });
  });

  it('is first due an interval after the last sync, or now when that has passed or there was none', () => {
    const now = at('2026-11-27T10:00:00Z');
    expect(firstDueAt({ everyHours: 24, lastSyncedAt: at('2026-11-27T08:00:00Z'), now })).toEqual(
      at('2026-11-28T08:00:00Z'),
    );
    expect(firstDueAt({ everyHours: 1, lastSyncedAt: at('2026-11-27T08:00:00Z'), now })).toEqual(now);
    expect(firstDueAt({ everyHours: 6, lastSyncedAt: null, now })).toEqual(now);
  });

  it('is due one interval after a sync is queued', () => {
    expect(nextDueAt({ everyHours: 6, from: at('2026-11-27T22:00:00Z') })).toEqual(
      at('2026-11-28T04:00:00Z'),
    );
  });

  it('waits twice as long after each failure in a row, at most a week', () => {
    const failedAt = at('2026-11-27T00:00:00Z');
    // Daily: 2, 4 days, then the week's cap.
    expect(backoffDueAt({ everyHours: 24, failures: 1, failedAt })).toEqual(at('2026-11-29T00:00:00Z'));
    expect(backoffDueAt({ everyHours: 24, failures: 2, failedAt })).toEqual(at('2026-12-01T00:00:00Z'));
    expect(backoffDueAt({ everyHours: 24, failures: 3, failedAt })).toEqual(at('2026-12-04T00:00:00Z'));
    expect(backoffDueAt({ everyHours: 24, failures: 9, failedAt })).toEqual(at('2026-12-04T00:00:00Z'));
    // Hourly: 2 h, 4 h, 8 h.
    expect(backoffDueAt({ everyHours: 1, failures: 3, failedAt })).toEqual(at('2026-11-27T08:00:00Z'));
  });
});
