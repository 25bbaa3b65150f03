// "Today" is a calendar day, and a calendar day depends on where the user is: 23:30 UTC on New Year's Eve is
// already New Year's Day in Auckland. One rule on both sides (docs/domain.md, *Today*): today is the date in
// the user's time zone (user settings `timeZone`); the server falls back to UTC when none is set, the web to
// the browser's zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter costs far more than using one; zones are few, so keep one per zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows `value` as a time zone (an IANA name such as `Pacific/Auckland`, or `UTC`). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

/** The setting when it names a time zone, else `fallback` (UTC on the server, the browser's on the web). */
export function resolveTimeZone(setting: unknown, fallback: string): string {
  return isTimeZone(setting) ? setting : fallback;
}

/** The `YYYY-MM-DD` calendar date at instant `now` in `timeZone`; throws RangeError for an unknown zone. */
export function todayIn(timeZone: string, now: Date): string {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}
