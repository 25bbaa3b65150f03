import type { Kysely } from 'kysely';

/**
 * Password sign-in attempts per e-mail address in a fixed window (docs/identity.md), in the database so every
 * instance shares the counts: a guesser is slowed per account as well as per client address.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_throttle')
    .addColumn('email', 'text', (col) => col.primaryKey())
    .addColumn('window_started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_throttle_window_idx')
    .on('sign_in_throttle')
    .column('window_started_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_throttle').execute();
}
