/**
 * A provider connector's scheduled sync (issue 24): off by default, daily, or every N hours. When it is due
 * next after it was set, after a sync, and after failures in a row, which wait longer each time (doubling,
 * up to a week) so a bank that is down is not asked every hour. Plain dates in, dates out.
 */

export const SYNC_SCHEDULES = ['off', 'daily', 'every_n_hours'] as const;
export type TSyncSchedule = (typeof SYNC_SCHEDULES)[number];

/** 'every N hours' takes N from 1 to 24 (daily is 24). */
export const MIN_EVERY_HOURS = 1;
export const MAX_EVERY_HOURS = 24;
/** The longest wait after failures. */
export const MAX_BACKOFF_HOURS = 7 * 24;

const HOUR_MS = 3_600_000;

/** Hours between syncs, or null when off. */
export function everyHoursOf(schedule: TSyncSchedule, everyHours?: number | null): number | null {
  if (schedule === 'off') return null;
  if (schedule === 'daily') return 24;
  return everyHours ?? null;
}

/** The schedule as it is shown: 24 hours is 'daily'. */
export function scheduleOf(everyHours: number | null): {
  schedule: TSyncSchedule;
  every_hours: number | null;
} {
  if (everyHours === null) return { schedule: 'off', every_hours: null };
  if (everyHours === 24) return { schedule: 'daily', every_hours: 24 };
  return { schedule: 'every_n_hours', every_hours: everyHours };
}

/** A schedule just set: due an interval after the last sync, or now when that is past (or there was none). */
export function firstDueAt(options: { everyHours: number; lastSyncedAt: Date | null; now: Date }): Date {
  const { everyHours, lastSyncedAt, now } = options;
  if (!lastSyncedAt) return now;
  const due = lastSyncedAt.getTime() + everyHours * HOUR_MS;
  return new Date(Math.max(due, now.getTime()));
}

/** Due again one interval after a sync started (or the scheduler queued it). */
export function nextDueAt(options: { everyHours: number; from: Date }): Date {
  return new Date(options.from.getTime() + options.everyHours * HOUR_MS);
}

/**
 * After `failures` failed syncs in a row (1 or more): the interval doubled for each, at most a week, and never
 * less than the interval itself.
 */
export function backoffDueAt(options: { everyHours: number; failures: number; failedAt: Date }): Date {
  const { everyHours, failures, failedAt } = options;
  const doubled = everyHours * 2 ** Math.max(1, failures);
  const hours = Math.max(everyHours, Math.min(doubled, MAX_BACKOFF_HOURS));
  return new Date(failedAt.getTime() + hours * HOUR_MS);
}
