/** PostgreSQL type OIDs whose JavaScript shape we pin so PGlite and node-postgres return the same values. */
export const PgTypeOid = {
  INT8: 20,
  DATE: 1082,
  NUMERIC: 1700,
} as const;

/** Calendar dates stay 'YYYY-MM-DD': a Date would shift with the process time zone. */
function parseDate(value: string): string {
  return value;
}

/**
 * int8 (counts, sums of integers) as a number; refusing values beyond 2^53 instead of silently rounding.
 * node-postgres would return a string and PGlite a number, so one rule is needed for both.
 */
function parseInt8(value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) {
    throw new RangeError(`int8 value ${value} does not fit a JavaScript number; cast it to text or numeric`);
  }
  return parsed;
}

/** numeric stays the exact text PostgreSQL sends (node-postgres' default; PGlite's too, pinned here anyway). */
function parseNumeric(value: string): string {
  return value;
}

export const typeParsers: Record<number, (value: string) => unknown> = {
  [PgTypeOid.INT8]: parseInt8,
  [PgTypeOid.DATE]: parseDate,
  [PgTypeOid.NUMERIC]: parseNumeric,
};
