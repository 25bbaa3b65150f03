import type { IdentityDatabase } from '@strata/db/schema-identity';
import type { Kysely } from 'kysely';

export interface TStoredUserSettings {
  settings: Record<string, unknown>;
  updatedAt: Date;
}

export function createUserSettingsRepository(db: Kysely<IdentityDatabase>) {
  return {
    async find(userId: string): Promise<TStoredUserSettings | undefined> {
      const row = await db
        .selectFrom('user_settings')
        .select(['settings', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && { settings: row.settings, updatedAt: row.updated_at };
    },

    async save(userId: string, settings: Record<string, unknown>): Promise<void> {
      const json = JSON.stringify(settings);
      await db
        .insertInto('user_settings')
        .values({ user_id: userId, settings: json, updated_at: new Date() })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ settings: json, updated_at: new Date() }),
        )
        .execute();
    },
  };
}

export type TUserSettingsRepository = ReturnType<typeof createUserSettingsRepository>;
