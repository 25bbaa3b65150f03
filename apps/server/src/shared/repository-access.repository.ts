import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

/** The repository as its member `userId` sees it, with their level and their subscription's status. */
export function findMembership(db: Kysely<Database>, userId: string, repositoryId: string) {
  // Membership and the subscription's status in one round trip: every repository call pays for this.
  return db
    .selectFrom('repositories as r')
    .innerJoin('repository_members as m', (join) =>
      join.onRef('m.repository_id', '=', 'r.id').on('m.user_id', '=', userId),
    )
    .select((eb) => [
      'r.id',
      'r.name',
      'r.currency',
      'r.owner_id',
      'r.settings',
      'm.access_type',
      eb.selectFrom('subscriptions as s').select('s.status').where('s.user_id', '=', userId).as('status'),
    ])
    .where('r.id', '=', repositoryId)
    .executeTakeFirst();
}
