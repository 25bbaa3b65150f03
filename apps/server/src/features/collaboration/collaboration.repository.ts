import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

export interface TMemberRow {
  user_id: string;
  email: string;
  access_type: number;
}

export interface TInviteRow {
  id: string;
  repository_id: string;
  repository_name: string;
  email: string;
  access_type: number;
  status: 'pending' | 'accepted' | 'declined';
  invited_by_email: string | null;
  created_at: Date;
}

const lowerEmail = (email: string) => email.trim().toLowerCase();

export function createCollaborationRepository(db: Kysely<Database>) {
  function invites() {
    return db
      .selectFrom('invites as i')
      .innerJoin('repositories as r', 'r.id', 'i.repository_id')
      .leftJoin('user as inviter', 'inviter.id', 'i.invited_by')
      .select([
        'i.id',
        'i.repository_id',
        'r.name as repository_name',
        'i.email',
        'i.access_type',
        'i.status',
        'inviter.email as invited_by_email',
        'i.created_at',
      ]);
  }

  return {
    async members(repositoryId: string): Promise<TMemberRow[]> {
      return db
        .selectFrom('repository_members as m')
        .innerJoin('user as u', 'u.id', 'm.user_id')
        .select(['m.user_id', 'u.email', 'm.access_type'])
        .where('m.repository_id', '=', repositoryId)
        .orderBy('m.access_type', 'desc')
        .orderBy('u.email')
        .execute();
    },

    /** A member found by user id or by e-mail (any case). */
    async findMember(repositoryId: string, emailOrId: string): Promise<TMemberRow | undefined> {
      return db
        .selectFrom('repository_members as m')
        .innerJoin('user as u', 'u.id', 'm.user_id')
        .select(['m.user_id', 'u.email', 'm.access_type'])
        .where('m.repository_id', '=', repositoryId)
        .where((eb) =>
          eb.or([eb('u.id', '=', emailOrId), eb(sql`lower(u.email)`, '=', lowerEmail(emailOrId))]),
        )
        .executeTakeFirst();
    },

    async setMemberAccess(repositoryId: string, userId: string, accessType: number): Promise<void> {
      await db
        .updateTable('repository_members')
        .set({ access_type: accessType, updated_at: new Date() })
        .where('repository_id', '=', repositoryId)
        .where('user_id', '=', userId)
        .execute();
    },

    async removeMember(repositoryId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('repository_members')
        .where('repository_id', '=', repositoryId)
        .where('user_id', '=', userId)
        .execute();
    },

    async addMember(
      repositoryId: string,
      userId: string,
      accessType: number,
      userRepoSettings: object,
    ): Promise<void> {
      await db
        .insertInto('repository_members')
        .values({
          repository_id: repositoryId,
          user_id: userId,
          access_type: accessType,
          user_repo_settings: JSON.stringify(userRepoSettings),
        })
        .onConflict((conflict) => conflict.columns(['repository_id', 'user_id']).doNothing())
        .execute();
    },

    async repositoryInvites(
      repositoryId: string,
      statuses: readonly TInviteRow['status'][],
    ): Promise<TInviteRow[]> {
      return invites()
        .where('i.repository_id', '=', repositoryId)
        .where('i.status', 'in', [...statuses])
        .orderBy('i.created_at')
        .orderBy('i.id')
        .execute();
    },

    async invitesTo(email: string, statuses: readonly TInviteRow['status'][]): Promise<TInviteRow[]> {
      return invites()
        .where(sql`lower(i.email)`, '=', lowerEmail(email))
        .where('i.status', 'in', [...statuses])
        .orderBy('i.created_at')
        .orderBy('i.id')
        .execute();
    },

    async findInvite(inviteId: string): Promise<TInviteRow | undefined> {
      return invites().where('i.id', '=', inviteId).executeTakeFirst();
    },

    /** The repository's invite of an e-mail (any case) or with this id. */
    async findRepositoryInvite(repositoryId: string, emailOrId: string): Promise<TInviteRow | undefined> {
      return invites()
        .where('i.repository_id', '=', repositoryId)
        .where((eb) =>
          eb.or([eb(sql`i.id::text`, '=', emailOrId), eb(sql`lower(i.email)`, '=', lowerEmail(emailOrId))]),
        )
        .executeTakeFirst();
    },

    async insertInvite(input: {
      repositoryId: string;
      email: string;
      accessType: number;
      invitedBy: string;
    }): Promise<string> {
      const { id } = await db
        .insertInto('invites')
        .values({
          repository_id: input.repositoryId,
          email: lowerEmail(input.email),
          access_type: input.accessType,
          invited_by: input.invitedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async updateInvite(
      inviteId: string,
      changes: { status?: TInviteRow['status']; accessType?: number; invitedBy?: string },
    ): Promise<void> {
      await db
        .updateTable('invites')
        .set({
          ...(changes.status ? { status: changes.status } : {}),
          ...(changes.accessType ? { access_type: changes.accessType } : {}),
          ...(changes.invitedBy ? { invited_by: changes.invitedBy } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', inviteId)
        .execute();
    },

    async deleteInvite(inviteId: string): Promise<void> {
      await db.deleteFrom('invites').where('id', '=', inviteId).execute();
    },
  };
}

export type TCollaborationRepository = ReturnType<typeof createCollaborationRepository>;
