import { type Kysely, sql } from 'kysely';

/**
 * Security master and market data (issue 25): an asset linked to a provider's security keeps that security's
 * info (core seed §3 Security info: symbol, ticker, type, flat key/value data) beside the link columns of
 * migration 0005, and a repository records when its market data were last synced. Synced prices go into
 * asset_prices under the sources 'security master' and 'security master adjusted' that table already allows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE assets ADD COLUMN security_info jsonb`.execute(db);
  await sql`ALTER TABLE repositories ADD COLUMN market_data_synced_at timestamptz`.execute(db);
  // The sync reads the linked assets of a repository.
  await sql`CREATE INDEX assets_linked_security_idx ON assets (repository_id) WHERE linked_security_id IS NOT NULL`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS assets_linked_security_idx`.execute(db);
  await sql`ALTER TABLE repositories DROP COLUMN IF EXISTS market_data_synced_at`.execute(db);
  await sql`ALTER TABLE assets DROP COLUMN IF EXISTS security_info`.execute(db);
}
