import { type Kysely, sql } from 'kysely';

/**
 * A linked position's product transaction is read from its trades (issue #21, seed §2 'View Transaction'):
 * the smart transaction a mapping rule made from the latest linked transaction of the same linked account and
 * security on or before the position's date. Migration 0019's `linked_positions.transaction_id` was never
 * written by anything and is dropped, so no answer can read a stale copy. The partial index holds only mapped
 * trades (a few rows of a 100k statement), which is what that lookup probes.
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
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('linked_transactions_mapped_security_idx').execute();
  await db.schema
    .alterTable('linked_positions')
    .addColumn('transaction_id', 'uuid', (col) => col.references('transactions.id').onDelete('set null'))
    .execute();
}
