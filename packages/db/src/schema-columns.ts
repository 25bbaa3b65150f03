import type { ColumnType } from 'kysely';

/**
 * Column conventions (shared by PGlite and PostgreSQL, see type-parsers.ts):
 * numeric → string (exact), date → 'YYYY-MM-DD' string, timestamptz → Date, int8 → number.
 * Kept apart from schema.ts so the per-feature schema files can use them without importing the
 * Database that imports them.
 */

/** A jsonb column: read as parsed JSON, written as a JSON string so arrays are not taken for SQL arrays. */
export type JsonColumn<T> = ColumnType<T, string, string>;
