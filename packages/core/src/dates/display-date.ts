// The user's date format (settings `dateFormat`) decides how a calendar date is shown and typed. Stored
// dates, URLs and the API stay `YYYY-MM-DD`; only the screen follows the user.
import type { TDateFormat } from '../settings/date-format.ts';
import { toEpochDay } from './epoch-day.ts';
import { todayIn } from './today.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(isoDate: string): boolean {
  try {
    toEpochDay(isoDate);
    return true;
  } catch {
    return false;
  }
}

/**
 * A `YYYY-MM-DD` date (or the date part of an ISO timestamp) in `format`; anything else is shown as it is,
 * so a half-typed or broken value is never hidden.
 */
export function formatDate(isoDate: string, format: TDateFormat): string {
  const match = ISO_DATE.exec(isoDate.slice(0, 10));
  if (!match || (isoDate.length > 10 && isoDate[10] !== 'T')) return isoDate;
  const [, year, month, day] = match;
  if (format === 'DD/MM/YYYY') return `${day}/${month}/${year}`;
  if (format === 'MM/DD/YYYY') return `${month}/${day}/${year}`;
  return `${year}-${month}-${day}`;
}

/** The calendar date of instant `at` in `timeZone`, in `format` (e.g. when a passkey was added). */
export function formatInstantDate(at: Date, format: TDateFormat, timeZone: string): string {
  return formatDate(todayIn(timeZone, at), format);
}

/**
 * What the user typed, as `YYYY-MM-DD`, or null when it is not a calendar date. Accepts the user's format
 * (with `/`, `.` or `-` between the parts, day and month with one or two digits) and always the ISO form,
 * which no format reads otherwise (its year comes first).
 */
export function parseDate(text: string, format: TDateFormat): string | null {
  const trimmed = text.trim();
  const pad = (part: string) => part.padStart(2, '0');
  let iso: string | null = null;
  const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (isoMatch) {
    const [, year = '', month = '', day = ''] = isoMatch;
    iso = `${year}-${pad(month)}-${pad(day)}`;
  } else if (format !== 'YYYY-MM-DD') {
    const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
    if (match) {
      const [, first = '', second = '', year = ''] = match;
      const [day, month] = format === 'DD/MM/YYYY' ? [first, second] : [second, first];
      iso = `${year}-${pad(month)}-${pad(day)}`;
    }
  }
  return iso !== null && isCalendarDate(iso) ? iso : null;
}
