import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

export interface TSubscriptionRow {
  user_id: string;
  plan_id: string;
  status: string;
  period_unit: string;
  end_date: string | null;
}

export function createSubscriptionRepository(db: Kysely<Database>) {
  return {
    async find(userId: string): Promise<TSubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .select(['user_id', 'plan_id', 'status', 'period_unit', 'end_date'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async save(row: TSubscriptionRow): Promise<void> {
      const values = { ...row, updated_at: new Date() };
      await db
        .insertInto('subscriptions')
        .values(values)
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** Repositories the user owns that are not deactivated (read-only): what the plan limit counts. */
    async countActiveOwnedRepositories(userId: string): Promise<number> {
      const row = await db
        .selectFrom('repositories')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', userId)
        .where(sql<boolean>`coalesce(settings->>'readonly', 'false') <> 'true'`)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Marks the given repositories of the owner read-only; answers how many it marked. */
    async deactivateOwnedRepositories(userId: string, repositoryIds: readonly string[]): Promise<number> {
      if (repositoryIds.length === 0) return 0;
      const rows = await db
        .selectFrom('repositories')
        .select(['id', 'settings'])
        .where('owner_id', '=', userId)
        .where('id', 'in', [...repositoryIds])
        .execute();
      for (const row of rows) {
        await db
          .updateTable('repositories')
          .set({ settings: JSON.stringify({ ...row.settings, readonly: true }), updated_at: new Date() })
          .where('id', '=', row.id)
          .execute();
      }
      return rows.length;
    },
  };
}

export type TSubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;

/** The id of the user signed up with `email` (as stored: lower case). */
export async function findUserIdByEmail(db: Kysely<Database>, email: string): Promise<string | undefined> {
  const user = await db.selectFrom('user').select(['id']).where('email', '=', email).executeTakeFirst();
  return user?.id;
}
