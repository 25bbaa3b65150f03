// Calendar dates as whole days since 1970-01-01 (UTC), so day differences never drift with time zones or
// daylight saving. UTC Date arithmetic is exact for the proleptic Gregorian calendar, which is all we need here.

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a `YYYY-MM-DD` calendar date; throws RangeError for anything else. */
export function toEpochDay(isoDate: string): number {
  const match = ISO_DATE.exec(isoDate);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
    const check = new Date(0);
    check.setUTCFullYear(year, month - 1, day);
    const ms = check.getTime();
    // Date.UTC silently rolls 2023-02-30 over to March; reject instead of guessing.
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) {
      return ms / MS_PER_DAY;
    }
  }
  throw new RangeError(`Not a calendar date in YYYY-MM-DD form: ${JSON.stringify(isoDate)}`);
}

/** The `YYYY-MM-DD` calendar date of a whole number of days since 1970-01-01 (years 0000–9999). */
export function fromEpochDay(epochDay: number): string {
  if (!Number.isInteger(epochDay)) throw new RangeError(`Not a whole number of days: ${epochDay}`);
  const date = new Date(epochDay * MS_PER_DAY);
  const year = date.getUTCFullYear();
  // NaN (a day past Date's range) fails both comparisons, so test for being inside.
  if (!(year >= 0 && year <= 9999)) throw new RangeError(`Day ${epochDay} is outside years 0000–9999`);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/**
 * `fromEpochDay`, remembering each day's text: a repository's transactions fall on a few thousand days, read
 * over and over.
 */
export function epochDayFormatter(): (epochDay: number) => string {
  const known = new Map<number, string>();
  return (epochDay) => {
    let date = known.get(epochDay);
    if (date === undefined) {
      date = fromEpochDay(epochDay);
      known.set(epochDay, date);
    }
    return date;
  };
}

/** The calendar date `days` days after (or before, when negative) `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  return fromEpochDay(toEpochDay(isoDate) + days);
}
