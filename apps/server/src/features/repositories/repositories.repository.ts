import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

export interface TRepositoryViewRow {
  id: string;
  name: string;
  currency: string;
  owner_id: string;
  owner_email: string;
  settings: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  version: number;
  access_type: number;
  user_repo_settings: Record<string, unknown>;
  collaborators_count: number;
}

export interface TNewRepository {
  name: string;
  currency: string;
  ownerId: string;
  settings: Record<string, unknown>;
  userRepoSettings: Record<string, unknown>;
}

/** Kysely only: every query is scoped by repository and, for views, by the caller's membership. */
export function createRepositoriesRepository(db: Kysely<Database>) {
  function views(userId: string) {
    return db
      .selectFrom('repositories as r')
      .innerJoin('repository_members as m', (join) =>
        join.onRef('m.repository_id', '=', 'r.id').on('m.user_id', '=', userId),
      )
      .innerJoin('user as owner', 'owner.id', 'r.owner_id')
      .select((eb) => [
        'r.id',
        'r.name',
        'r.currency',
        'r.owner_id',
        'owner.email as owner_email',
        'r.settings',
        'r.created_at',
        'r.updated_at',
        'r.version',
        'm.access_type',
        'm.user_repo_settings',
        eb
          .selectFrom('repository_members as c')
          .select((inner) => inner.fn.countAll<number>().as('count'))
          .whereRef('c.repository_id', '=', 'r.id')
          .whereRef('c.user_id', '!=', 'r.owner_id')
          .as('collaborators_count'),
      ]);
  }

  return {
    /** The caller's repositories, sorted by name (case-insensitive, then by id for a stable order). */
    async listViews(userId: string): Promise<TRepositoryViewRow[]> {
      const rows = await views(userId).orderBy(sql`lower(r.name)`).orderBy('r.id').execute();
      return rows.map((row) => ({ ...row, collaborators_count: Number(row.collaborators_count ?? 0) }));
    },

    async findView(userId: string, repositoryId: string): Promise<TRepositoryViewRow | undefined> {
      const row = await views(userId).where('r.id', '=', repositoryId).executeTakeFirst();
      return row && { ...row, collaborators_count: Number(row.collaborators_count ?? 0) };
    },

    /** Names of every repository the user is a member of (the scope of name uniqueness). */
    /** The names a new or renamed repository of the user's must not repeat: those of the ones they own. */
    async ownedNamesOf(userId: string): Promise<{ id: string; name: string }[]> {
      return db.selectFrom('repositories').select(['id', 'name']).where('owner_id', '=', userId).execute();
    },

    async insert(repository: TNewRepository): Promise<string> {
      const { id } = await db
        .insertInto('repositories')
        .values({
          name: repository.name,
          currency: repository.currency,
          owner_id: repository.ownerId,
          settings: JSON.stringify(repository.settings),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('repository_members')
        .values({
          repository_id: id,
          user_id: repository.ownerId,
          access_type: 3,
          user_repo_settings: JSON.stringify(repository.userRepoSettings),
        })
        .execute();
      return id;
    },

    async findMemberSettings(
      repositoryId: string,
      userId: string,
    ): Promise<Record<string, unknown> | undefined> {
      const row = await db
        .selectFrom('repository_members')
        .select('user_repo_settings')
        .where('repository_id', '=', repositoryId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.user_repo_settings;
    },

    async saveMemberSettings(
      repositoryId: string,
      userId: string,
      settings: Record<string, unknown>,
    ): Promise<void> {
      await db
        .updateTable('repository_members')
        .set({ user_repo_settings: JSON.stringify(settings), updated_at: new Date() })
        .where('repository_id', '=', repositoryId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Everything in the repository goes with it (foreign keys cascade). */
    async delete(repositoryId: string): Promise<void> {
      await db.deleteFrom('repositories').where('id', '=', repositoryId).execute();
    },

    /** Holds the repository row until the transaction ends, so concurrent initialisations queue. */
    async lock(repositoryId: string): Promise<void> {
      await db.selectFrom('repositories').select('id').where('id', '=', repositoryId).forUpdate().execute();
    },
  };
}

export type TRepositoriesRepository = ReturnType<typeof createRepositoriesRepository>;
