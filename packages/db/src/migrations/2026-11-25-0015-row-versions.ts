import { type Kysely, sql } from 'kysely';

/**
 * Optimistic concurrency: every shared, editable row carries a `version` that each update raises by one.
 * A client sends the version it edited (If-Match or a `version` field) and a stale one is refused, so two
 * people editing the same record cannot silently overwrite each other. Existing rows start at 1.
 */
export const VERSIONED_TABLES = [
  'transactions',
  'assets',
  'asset_prices',
  'tags',
  'contacts',
  'documents',
  'document_tags',
  'dashboard_views',
  'repositories',
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN version`.execute(db);
  }
}
