import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

/** The cheapest round trip that proves the database answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
