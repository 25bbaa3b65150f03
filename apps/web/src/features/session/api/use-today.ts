// "Today" on the web is the user's calendar day (docs/domain.md, *Today*): the zone in their settings, the
// browser's until they have one — the same rule the server applies (with UTC as its fallback).
import { resolveTimeZone, todayIn } from '@strata/core/dates/today';
import type { TDateFormat } from '@strata/core/settings/date-format';
import { useSession } from '../../auth/index.ts';
import { browserTimeZone, useUserSettings } from './get-user-settings.ts';

/** Today (`YYYY-MM-DD`) in `timeZone` when it is one, else in the browser's zone. */
export function webToday(timeZone: string | null | undefined, now: Date = new Date()): string {
  return todayIn(resolveTimeZone(timeZone, browserTimeZone() ?? 'UTC'), now);
}

/** Today in the signed-in user's time zone. */
export function useToday(): string {
  const session = useSession();
  const settings = useUserSettings(session.data?.user.id);
  return webToday(settings.data?.timeZone);
}

/** The signed-in user's date format and time zone (the browser's zone until they choose one). */
export function useUserDateSettings(): { dateFormat: TDateFormat; timeZone: string } {
  const session = useSession();
  const settings = useUserSettings(session.data?.user.id);
  return {
    dateFormat: settings.data?.dateFormat ?? 'YYYY-MM-DD',
    timeZone: resolveTimeZone(settings.data?.timeZone, browserTimeZone() ?? 'UTC'),
  };
}
