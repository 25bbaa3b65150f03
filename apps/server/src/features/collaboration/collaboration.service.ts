import type { TCollaborator, TCreateInviteBody, TInvite } from '@strata/contracts/collaboration';
import { ACCESS_LEVEL } from '@strata/core/repositories/access-levels';
import { defaultUserRepoSettings } from '@strata/core/repositories/repository-defaults';
import {
  alreadyCollaboratorMessage,
  alreadyInvitedMessage,
  REPOSITORY_MESSAGES,
} from '@strata/core/repositories/repository-messages';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { requireRepositoryAccess } from '../../shared/repository-access.ts';
import { createCollaborationRepository, type TInviteRow } from './collaboration.repository.ts';

export interface TCollaborationActor {
  id: string;
  email: string;
}

function toInvite(row: TInviteRow): TInvite {
  return {
    id: row.id,
    email: row.email,
    repository_id: row.repository_id,
    repository_name: row.repository_name,
    access_type: row.access_type as 1 | 2,
    status: row.status,
    accepted: row.status === 'accepted',
    invited_by: row.invited_by_email,
    created_at: row.created_at.toISOString(),
  };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function createCollaborationService(db: Kysely<Database>) {
  const repository = createCollaborationRepository(db);

  /** An invite the caller may act on as its addressee; any other invite does not exist for them. */
  async function inviteToCaller(
    invites: typeof repository,
    actor: TCollaborationActor,
    inviteId: string,
  ): Promise<TInviteRow> {
    const invite = await invites.findInvite(inviteId);
    if (!invite || !sameEmail(invite.email, actor.email))
      throw AppError.notFound(REPOSITORY_MESSAGES.INVITE_NOT_FOUND);
    return invite;
  }

  async function answerInvite(actor: TCollaborationActor, inviteId: string, answer: 'accepted' | 'declined') {
    return db.transaction().execute(async (trx) => {
      const invites = createCollaborationRepository(trx);
      const invite = await inviteToCaller(invites, actor, inviteId);
      if (invite.status !== 'pending') throw AppError.conflict(REPOSITORY_MESSAGES.INVITE_NOT_PENDING);
      if (answer === 'accepted') {
        await invites.addMember(
          invite.repository_id,
          actor.id,
          invite.access_type,
          defaultUserRepoSettings(),
        );
      }
      await invites.updateInvite(invite.id, { status: answer });
      return toInvite({ ...invite, status: answer });
    });
  }

  return {
    /** The owner (status null), members ('accepted') and open or declined invites; any member may look. */
    async listCollaborators(actor: TCollaborationActor, repositoryId: string): Promise<TCollaborator[]> {
      await requireRepositoryAccess(db, actor, repositoryId, 'read');
      const members = await repository.members(repositoryId);
      const invites = await repository.repositoryInvites(repositoryId, ['pending', 'declined']);
      return [
        ...members.map((member) => {
          const isOwner = member.access_type === ACCESS_LEVEL.OWNER;
          return {
            id: member.user_id,
            email: member.email,
            user: member.user_id,
            access_type: member.access_type as 1 | 2 | 3,
            status: isOwner ? null : ('accepted' as const),
            is_owner: isOwner,
          };
        }),
        ...invites.map((invite) => ({
          id: invite.id,
          email: invite.email,
          user: null,
          access_type: invite.access_type as 1 | 2,
          status: invite.status,
          is_owner: false,
        })),
      ];
    },

    /** Owner only; the owner's own row is fixed. Also changes the level an open invite will grant. */
    async updateCollaborator(
      actor: TCollaborationActor,
      emailOrId: string,
      input: { repository_id: string; access_type: 1 | 2 },
    ) {
      await requireRepositoryAccess(db, actor, input.repository_id, 'owner');
      const member = await repository.findMember(input.repository_id, emailOrId);
      if (member) {
        if (member.access_type === ACCESS_LEVEL.OWNER)
          throw AppError.forbidden(REPOSITORY_MESSAGES.OWNER_ROW_FIXED);
        await repository.setMemberAccess(input.repository_id, member.user_id, input.access_type);
        return { message: REPOSITORY_MESSAGES.ACCESS_CHANGED };
      }
      const invite = await repository.findRepositoryInvite(input.repository_id, emailOrId);
      if (!invite || invite.status === 'accepted')
        throw AppError.notFound(REPOSITORY_MESSAGES.COLLABORATOR_NOT_FOUND);
      await repository.updateInvite(invite.id, { accessType: input.access_type });
      return { message: REPOSITORY_MESSAGES.ACCESS_CHANGED };
    },

    /**
     * A member removing themselves unlinks the repository (any level but the owner's); removing anyone
     * else, or withdrawing an invite, is the owner's.
     */
    async removeCollaborator(actor: TCollaborationActor, emailOrId: string, repositoryId: string) {
      const access = await requireRepositoryAccess(db, actor, repositoryId, 'read');
      const isOwner = access.accessType === ACCESS_LEVEL.OWNER;
      const member = await repository.findMember(repositoryId, emailOrId);
      if (member?.user_id === actor.id) {
        if (isOwner) throw AppError.forbidden(REPOSITORY_MESSAGES.OWNER_ROW_FIXED);
        await repository.removeMember(repositoryId, actor.id);
        return { message: `${access.repository.name} repository unlinked` };
      }
      if (!isOwner) throw AppError.forbidden();
      if (member) {
        if (member.access_type === ACCESS_LEVEL.OWNER)
          throw AppError.forbidden(REPOSITORY_MESSAGES.OWNER_ROW_FIXED);
        await repository.removeMember(repositoryId, member.user_id);
        return { message: `Collaborator ${member.email} removed` };
      }
      const invite = await repository.findRepositoryInvite(repositoryId, emailOrId);
      if (!invite || invite.status === 'accepted')
        throw AppError.notFound(REPOSITORY_MESSAGES.COLLABORATOR_NOT_FOUND);
      await repository.deleteInvite(invite.id);
      return { message: `Invite to ${invite.email} withdrawn` };
    },

    /** Without a repository: open invites addressed to the caller. With one: its invites (any member). */
    async listInvites(actor: TCollaborationActor, repositoryId: string | undefined): Promise<TInvite[]> {
      if (!repositoryId) return (await repository.invitesTo(actor.email, ['pending'])).map(toInvite);
      await requireRepositoryAccess(db, actor, repositoryId, 'read');
      return (await repository.repositoryInvites(repositoryId, ['pending', 'accepted', 'declined'])).map(
        toInvite,
      );
    },

    /**
     * Owner only. A member's e-mail: 'User {email} is already a collaborator'; an open invite: 'User {email}
     * was already invited'; a declined (or left) one is reopened with the new level.
     */
    async createInvite(actor: TCollaborationActor, body: TCreateInviteBody): Promise<TInvite> {
      const email = body.email.toLowerCase();
      return db.transaction().execute(async (trx) => {
        await requireRepositoryAccess(trx, actor, body.repository_id, 'owner');
        const invites = createCollaborationRepository(trx);
        if (await invites.findMember(body.repository_id, email)) {
          throw AppError.conflict(alreadyCollaboratorMessage(email));
        }
        const existing = await invites.findRepositoryInvite(body.repository_id, email);
        if (existing?.status === 'pending') throw AppError.conflict(alreadyInvitedMessage(email));
        let inviteId: string;
        if (existing) {
          await invites.updateInvite(existing.id, {
            status: 'pending',
            accessType: body.access_type,
            invitedBy: actor.id,
          });
          inviteId = existing.id;
        } else {
          inviteId = await invites.insertInvite({
            repositoryId: body.repository_id,
            email,
            accessType: body.access_type,
            invitedBy: actor.id,
          });
        }
        const row = await invites.findInvite(inviteId);
        if (!row) throw new Error('the invite just written is missing');
        return toInvite(row);
      });
    },

    acceptInvite(actor: TCollaborationActor, inviteId: string): Promise<TInvite> {
      return answerInvite(actor, inviteId, 'accepted');
    },

    declineInvite(actor: TCollaborationActor, inviteId: string): Promise<TInvite> {
      return answerInvite(actor, inviteId, 'declined');
    },

    /** The addressee may drop an invite; otherwise only the repository's owner (others get 404). */
    async deleteInvite(actor: TCollaborationActor, inviteId: string) {
      const invite = await repository.findInvite(inviteId);
      if (!invite) throw AppError.notFound(REPOSITORY_MESSAGES.INVITE_NOT_FOUND);
      if (!sameEmail(invite.email, actor.email)) {
        await requireRepositoryAccess(db, actor, invite.repository_id, 'owner');
      }
      await repository.deleteInvite(invite.id);
      return { message: `Invite to ${invite.email} deleted` };
    },
  };
}
