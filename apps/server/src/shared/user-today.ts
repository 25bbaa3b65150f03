// "Today" on the server is the user's calendar day (docs/domain.md, *Today*): the zone saved in their
// settings, UTC when they have none (a caller without a user, or settings never saved).
import { resolveTimeZone, todayIn } from '@strata/core/dates/today';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { findStoredTimeZone } from './user-time-zone.repository.ts';

/** The time zone saved in `userId`'s settings, else UTC. */
export async function userTimeZone(db: Kysely<Database>, userId: string | undefined): Promise<string> {
  if (!userId) return 'UTC';
  return resolveTimeZone(await findStoredTimeZone(db, userId), 'UTC');
}

/** Today (`YYYY-MM-DD`) in `userId`'s time zone. */
export async function userToday(
  db: Kysely<Database>,
  userId: string | undefined,
  now: Date = new Date(),
): Promise<string> {
  return todayIn(await userTimeZone(db, userId), now);
}
