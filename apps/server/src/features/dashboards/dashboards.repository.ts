import type { TWidget } from '@strata/core/dashboards/dashboard-rules';
import type { Database } from '@strata/db/schema';
import type { Kysely, Selectable } from 'kysely';

export type TDashboardRow = Selectable<Database['dashboard_views']>;

/** One user's dashboards of one repository: every query is keyed by both, so no other user's row is reachable. */
export interface TOwnerKey {
  repositoryId: string;
  userId: string;
}

export interface TNewDashboard {
  type: string;
  name: string;
  slug: string;
  position: number;
  widgets: readonly TWidget[];
}

export function createDashboardsRepository(db: Kysely<Database>) {
  const mine = (key: TOwnerKey) =>
    db
      .selectFrom('dashboard_views')
      .where('repository_id', '=', key.repositoryId)
      .where('user_id', '=', key.userId);

  return {
    /**
     * Holds the user's membership row until the transaction ends, so two saves of one user in one
     * repository take turns and the second sees the first's slug.
     */
    async lockOwner(key: TOwnerKey): Promise<void> {
      await db
        .selectFrom('repository_members')
        .select('user_id')
        .where('repository_id', '=', key.repositoryId)
        .where('user_id', '=', key.userId)
        .forUpdate()
        .execute();
    },

    async list(key: TOwnerKey, type?: string): Promise<TDashboardRow[]> {
      let query = mine(key).selectAll();
      if (type) query = query.where('type', '=', type);
      return query.orderBy('type').orderBy('position').orderBy('created_at').orderBy('id').execute();
    },

    /** The row if it exists and is `userId`'s; another user's dashboard is as absent as a missing one. */
    async findOwn(id: string, userId: string): Promise<TDashboardRow | undefined> {
      return db
        .selectFrom('dashboard_views')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async takenSlugs(key: TOwnerKey, type: string, exceptId?: string): Promise<Set<string>> {
      let query = mine(key).select('slug').where('type', '=', type);
      if (exceptId) query = query.where('id', '<>', exceptId);
      return new Set((await query.execute()).map((row) => row.slug));
    },

    async nextPosition(key: TOwnerKey, type: string): Promise<number> {
      const row = await mine(key)
        .select((eb) => eb.fn.max('position').as('last'))
        .where('type', '=', type)
        .executeTakeFirst();
      return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
    },

    async insert(key: TOwnerKey, view: TNewDashboard): Promise<TDashboardRow> {
      return db
        .insertInto('dashboard_views')
        .values({
          repository_id: key.repositoryId,
          user_id: key.userId,
          type: view.type,
          name: view.name,
          slug: view.slug,
          position: view.position,
          widgets: JSON.stringify(view.widgets),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Inserts unless the user already has that slug for the type (two first reads at once make one). */
    async insertIfAbsent(key: TOwnerKey, view: TNewDashboard): Promise<void> {
      await db
        .insertInto('dashboard_views')
        .values({
          repository_id: key.repositoryId,
          user_id: key.userId,
          type: view.type,
          name: view.name,
          slug: view.slug,
          position: view.position,
          widgets: JSON.stringify(view.widgets),
        })
        .onConflict((conflict) => conflict.columns(['repository_id', 'user_id', 'type', 'slug']).doNothing())
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('dashboard_views').where('id', '=', id).execute();
    },
  };
}
