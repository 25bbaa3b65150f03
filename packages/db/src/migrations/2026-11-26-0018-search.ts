import { type Kysely, sql } from 'kysely';

/**
 * Global search (issue #19, item 4) matches text anywhere in a name or description (`ILIKE '%…%'`), which
 * a b-tree cannot serve: trigram GIN indexes (pg_trgm, loaded into PGlite by `createPgliteDatabase`, a
 * trusted extension on PostgreSQL 13+ so the database owner may create it) keep it fast on 100k
 * transactions. Amount search looks entries up by their exact stored amount within the repository.
 * Tags, contacts and documents are a few hundred rows per repository and need no index of their own.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX transactions_description_trgm_idx ON transactions USING gin (description gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX assets_name_trgm_idx ON assets USING gin (name gin_trgm_ops)`.execute(db);
  await db.schema
    .createIndex('transaction_entries_amount_idx')
    .on('transaction_entries')
    .columns(['repository_id', 'amount'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transaction_entries_amount_idx').ifExists().execute();
  await db.schema.dropIndex('assets_name_trgm_idx').ifExists().execute();
  await db.schema.dropIndex('transactions_description_trgm_idx').ifExists().execute();
}
