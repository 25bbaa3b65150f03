import { type Kysely, sql } from 'kysely';

/**
 * Issue #22's budget (10 rules applied to 100k linked transactions under 2 s): each rule is about 2,000 rows of
 * 100k, and its cost was half finding them, half rewriting them.
 *
 * - Finding them: a rule's free-text criteria (CONTAINS / NOTCONTAINS on counterparty or description) are
 *   `lower(column) LIKE '%…%'`, which a b-tree cannot serve, so every rule scanned the repository's 100k rows.
 *   Trigram GIN indexes on those expressions (pg_trgm, as migration 0018; PGlite loads it) find a rule's rows
 *   directly when its text has three characters or more.
 * - Rewriting them: a tagging rule changes no indexed column (tags, category, subcategory, applied rule ids,
 *   mapping status), so PostgreSQL can write the new version as a heap-only tuple (HOT) on the same page,
 *   with no new entry in any of the table's indexes — but only when the page has room. An import packs pages
 *   full, so every rewrite was a new tuple elsewhere plus an entry in each index (seven, with the two above).
 *   Keeping 15 % of each page free lets a rewrite stay on its page (a row is about 550 bytes; pruning on the
 *   next visit reclaims the versions left behind). The price: about 18 % more pages, which a scan of the whole
 *   table pays — the rules' own scan is the indexes' now.
 *
 * Rows written before this migration stay on their packed pages until they move; new loads get the room.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`create index linked_transactions_counterparty_trgm_idx
    on linked_transactions using gin (lower(counterparty) gin_trgm_ops)`.execute(db);
  await sql`create index linked_transactions_description_trgm_idx
    on linked_transactions using gin (lower(description) gin_trgm_ops)`.execute(db);
  await sql`alter table linked_transactions set (fillfactor = 85)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table linked_transactions reset (fillfactor)`.execute(db);
  await db.schema.dropIndex('linked_transactions_description_trgm_idx').ifExists().execute();
  await db.schema.dropIndex('linked_transactions_counterparty_trgm_idx').ifExists().execute();
}
