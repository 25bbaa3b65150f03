import type { Kysely } from 'kysely';

/**
 * Upload targets are single use (issue #17): the local store's upload route records each signed policy it
 * accepts, by its signature, so the same target cannot be replayed while it is still valid. Rows are only
 * needed until the policy expires (`expires_at`), and are removed from then on.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_policy_uses')
    .addColumn('signature', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('upload_policy_uses_expires_at_idx')
    .on('upload_policy_uses')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_policy_uses').ifExists().execute();
}
