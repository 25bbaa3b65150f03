import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

/**
 * The repository as its member `userId` sees it, with their level, their subscription's status and the plan
 * id of its owner's subscription (null: none stored), which a route's plan feature is checked against.
 */
export function findMembership(db: Kysely<Database>, userId: string, repositoryId: string) {
  // Membership, the caller's subscription status and the owner's plan in one round trip: every repository
  // call pays for this, and a route needing a plan feature would otherwise read the owner's subscription again.
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
      eb
        .selectFrom('subscriptions as os')
        .select('os.plan_id')
        .whereRef('os.user_id', '=', 'r.owner_id')
        .as('owner_plan_id'),
    ])
    .where('r.id', '=', repositoryId)
    .executeTakeFirst();
}
