/** Date display formats a user can pick; the web app formats calendar dates with them. */
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type TDateFormat = (typeof DATE_FORMATS)[number];

/**
 * IANA zones in North, Central and South America and the Caribbean. `America/*` covers almost all of
 * them; the rest are the US zones filed under other areas and the legacy aliases still sent by browsers.
 */
const AMERICAS_ZONE_PREFIXES = ['America/', 'US/', 'Canada/', 'Brazil/', 'Chile/', 'Mexico/'];
const AMERICAS_ZONES = new Set([
  'Pacific/Honolulu',
  'Pacific/Galapagos',
  'Pacific/Easter',
  'Atlantic/Bermuda',
  'Atlantic/Stanley',
  'Atlantic/South_Georgia',
]);

export function isAmericasTimeZone(timeZone: string): boolean {
  return AMERICAS_ZONE_PREFIXES.some((prefix) => timeZone.startsWith(prefix)) || AMERICAS_ZONES.has(timeZone);
}

/**
 * Seed §9: the default date format depends on whether the time zone is in the Americas — month first
 * there, day first elsewhere. Without a time zone we use the unambiguous ISO form.
 */
export function defaultDateFormat(timeZone: string | undefined): TDateFormat {
  if (!timeZone) return 'YYYY-MM-DD';
  return isAmericasTimeZone(timeZone) ? 'MM/DD/YYYY' : 'DD/MM/YYYY';
}
