import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

/** The `timeZone` field of a user's stored settings document, as stored (unchecked); undefined without one. */
export async function findStoredTimeZone(db: Kysely<Database>, userId: string): Promise<unknown> {
  const row = await db
    .selectFrom('user_settings')
    .select('settings')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.settings as { timeZone?: unknown } | undefined)?.timeZone;
}
