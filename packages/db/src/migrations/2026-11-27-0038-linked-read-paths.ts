import { type Kysely, sql } from 'kysely';

/**
 * Two read paths of linked data (issue #21).
 *
 * A linked position's product transaction is read from its trades (seed §2 'View Transaction'): the smart
 * transaction a mapping rule made from the latest linked transaction of the same linked account and security
 * on or before the position's date. Migration 0019's `linked_positions.transaction_id` was never written by
 * anything and is dropped, so no answer can read a stale copy. The partial index holds only mapped trades
 * (a few rows of a 100k statement), which is what that lookup probes.
 *
 * The linked transactions list walks `(repository_id, date)` in the sort's order and filters each row until a
 * page is full: a selective filter (two categories and a search: 4% of 100k rows) visits ~3,200 rows for page
 * 3, each a heap fetch of a wide row (the JSON source: ~16 rows a page). The same index carrying the columns
 * that filter and search read lets the page's ids come from the index alone (an index-only scan, once the
 * loader's VACUUM has marked the pages all-visible): 53 buffers instead of 325 and a third of the time on the
 * bench's query (docs/benchmarks.md). It replaces 0017's `(repository_id, date)` index, whose key it keeps.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('linked_positions').dropColumn('transaction_id').execute();
  await db.schema
    .createIndex('linked_transactions_mapped_security_idx')
    .on('linked_transactions')
    .columns(['linked_account_id', 'security_id', 'date'])
    .where(sql.ref('transaction_id'), 'is not', null)
    .execute();
  await sql`create index linked_transactions_repository_date_covering_idx
    on linked_transactions (repository_id, date)
    include (id, category, counterparty, description, amount, linked_account_id)`.execute(db);
  await db.schema.dropIndex('linked_transactions_repository_date_idx').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('linked_transactions_repository_date_idx')
    .on('linked_transactions')
    .columns(['repository_id', 'date'])
    .execute();
  await db.schema.dropIndex('linked_transactions_repository_date_covering_idx').execute();
  await db.schema.dropIndex('linked_transactions_mapped_security_idx').execute();
  await db.schema
    .alterTable('linked_positions')
    .addColumn('transaction_id', 'uuid', (col) => col.references('transactions.id').onDelete('set null'))
    .execute();
}
