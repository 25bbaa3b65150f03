import { pendingMigrationNames } from '@strata/db/migrate';
import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

/** The cheapest round trip that proves the database answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Whether every migration of this build has run on the database. */
export async function isSchemaCurrent(db: Kysely<Database>): Promise<boolean> {
  return (await pendingMigrationNames(db)).length === 0;
}
