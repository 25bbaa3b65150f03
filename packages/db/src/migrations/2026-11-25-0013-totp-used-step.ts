import { type Kysely, sql } from 'kysely';

/**
 * The TOTP time steps each user has had a code accepted for (docs/identity.md). better-auth accepts a code
 * throughout its ±1-step window, so one code could confirm a set-up and sign in twice; a step is claimed
 * once, and a user's rows older than the window are dropped as their next code is claimed.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('totp_used_step')
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('step', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('totp_used_step_pkey', ['user_id', 'step'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('totp_used_step').execute();
}
