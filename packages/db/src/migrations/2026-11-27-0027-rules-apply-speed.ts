import { type Kysely, sql } from 'kysely';

/**
 * Room on each page of linked transactions for the rows rules and bulk edits rewrite (issue #22's budget:
 * 10 rules applied to 100k transactions under 2 s).
 *
 * A tagging rule or a bulk edit changes only columns no index covers (tags, category, subcategory,
 * counterparty, applied_rule_ids, mapping status), so PostgreSQL can write the new row version as a
 * heap-only tuple (HOT) — on the same page, without a new entry in each of the table's five indexes — but
 * only when that page has room. A table filled by an import is packed to 100 %, so every such update was a
 * full one: a new tuple on another page and five index insertions per row. Keeping 15 % of each page free
 * leaves room for about two rewritten rows of a page at a time (a row is about 550 bytes); pruning on the
 * next read of the page reclaims the versions the rewrite left behind. The price: about 18 % more pages
 * for a scan of the whole table.
 *
 * Rows written before this migration stay on packed pages until they move; new imports get the room.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table linked_transactions set (fillfactor = 85)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table linked_transactions reset (fillfactor)`.execute(db);
}
