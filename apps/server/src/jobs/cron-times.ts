import { CronExpressionParser } from 'cron-parser';

/**
 * Occurrences of a cron expression in UTC, read by cron-parser as pg-boss's cron passes read it (pg-boss
 * depends on the same library), so what the status answers as the next run is when pg-boss sends it.
 */

/** Why the expression cannot be read, or null when it can (five fields, or six with seconds first). */
export function cronProblem(expression: string): string | null {
  try {
    CronExpressionParser.parse(expression, { tz: 'UTC', strict: false });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The latest occurrence at or before `now`. */
export function previousOccurrence(expression: string, now: Date): Date {
  // prev() answers strictly before its reference: a millisecond later keeps `now` itself.
  return CronExpressionParser.parse(expression, {
    tz: 'UTC',
    strict: false,
    currentDate: new Date(now.getTime() + 1),
  })
    .prev()
    .toDate();
}

/** The first occurrence after `now`. */
export function nextOccurrence(expression: string, now: Date): Date {
  return CronExpressionParser.parse(expression, { tz: 'UTC', strict: false, currentDate: now })
    .next()
    .toDate();
}
