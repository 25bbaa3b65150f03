import { formatDate, formatInstantDate, parseDate } from '@strata/core/dates/display-date';
import type { TDateFormat } from '@strata/core/settings/date-format';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

export interface TDateDisplay {
  format: TDateFormat;
  timeZone: string;
  /** A `YYYY-MM-DD` date (or a timestamp's date part) as the user reads dates; empty for nothing. */
  date: (isoDate: string | null | undefined) => string;
  /** The calendar day of an instant in the user's zone. */
  instant: (at: Date | string | null | undefined) => string;
  /** What the user typed, as `YYYY-MM-DD`, or null. */
  parse: (text: string) => string | null;
}

export function dateDisplayOf(format: TDateFormat, timeZone: string): TDateDisplay {
  return {
    format,
    timeZone,
    date: (isoDate) => (isoDate ? formatDate(isoDate, format) : ''),
    instant: (at) =>
      at ? formatInstantDate(typeof at === 'string' ? new Date(at) : at, format, timeZone) : '',
    parse: (text) => parseDate(text, format),
  };
}

// Until the user's settings load (and on the public pages) dates stay in the unambiguous ISO form.
const DateDisplayContext = createContext<TDateDisplay>(dateDisplayOf('YYYY-MM-DD', 'UTC'));

/** Every date the app shows or accepts goes through the user's format; `app/` provides it from the settings. */
export function DateFormatProvider({
  format,
  timeZone,
  children,
}: {
  format: TDateFormat;
  timeZone: string;
  children: ReactNode;
}) {
  const value = useMemo(() => dateDisplayOf(format, timeZone), [format, timeZone]);
  return <DateDisplayContext.Provider value={value}>{children}</DateDisplayContext.Provider>;
}

export function useDateDisplay(): TDateDisplay {
  return useContext(DateDisplayContext);
}
