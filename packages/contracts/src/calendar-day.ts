import { toEpochDay } from '@strata/core/dates/epoch-day';
import { MESSAGES } from '@strata/core/validation/messages';
import { z } from 'zod';

/**
 * A real calendar day `YYYY-MM-DD` that PostgreSQL's `date` holds: 2023-02-30, 2023-13-01 and year 0000
 * (which PostgreSQL does not have) are refused here with the catalogue's message, instead of reaching a
 * query as text that the database then refuses with an error. For dates read straight into SQL (query
 * filters); form fields go through core's `date` rule, which also clamps early years.
 */
export function isCalendarDay(value: string): boolean {
  try {
    toEpochDay(value);
    return !value.startsWith('0000');
  } catch {
    return false;
  }
}

export const ZCalendarDay = z.string().refine(isCalendarDay, { error: MESSAGES.INVALID_DATE });
