import { MESSAGES } from '@strata/core/validation/messages';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZMessageResponse, ZRecordId } from './repositories.ts';

/** Levels an invite or an access change may grant; the owner level (3) never is. */
export const ZGrantableAccessType = z.union([z.literal(1), z.literal(2)], { error: 'Must be one of: 1, 2' });

export const ZInviteStatus = z.enum(['pending', 'accepted', 'declined']);

/**
 * One row of a repository's collaborators: members (the owner with status null, others 'accepted') and
 * open or declined invites. `id` is the user's id for members and the invite's id for invites.
 */
export const ZCollaborator = z.object({
  id: z.string(),
  email: z.string(),
  user: z.string().nullable(),
  access_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: ZInviteStatus.nullable(),
  is_owner: z.boolean(),
});
export type TCollaborator = z.infer<typeof ZCollaborator>;

export const ZRepositoryQuery = z.object({ repository_id: ZRecordId });

export const ZCollaboratorParams = z.object({ emailOrId: z.string().trim().min(1).max(255) });

export const ZUpdateCollaboratorBody = z.strictObject({
  repository_id: ZRecordId,
  access_type: ZGrantableAccessType,
});

export const ZInvite = z.object({
  id: z.string(),
  email: z.string(),
  repository_id: z.string(),
  repository_name: z.string(),
  access_type: z.union([z.literal(1), z.literal(2)]),
  status: ZInviteStatus,
  /** The seed's Invite field: true once accepted. */
  accepted: z.boolean(),
  /** The inviting user's e-mail (null when that user is gone). */
  invited_by: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type TInvite = z.infer<typeof ZInvite>;

export const ZCreateInviteBody = z.strictObject({
  email: z
    .string({ error: MESSAGES.REQUIRED })
    .trim()
    .min(1, { error: MESSAGES.REQUIRED })
    .max(255, { error: MESSAGES.TOO_LONG })
    .pipe(z.email({ error: 'Must be an e-mail address' })),
  access_type: ZGrantableAccessType,
  repository_id: ZRecordId,
});
export type TCreateInviteBody = z.infer<typeof ZCreateInviteBody>;

/** Without repository_id: the invites addressed to the caller; with it: that repository's invites. */
export const ZListInvitesQuery = z.object({ repository_id: ZRecordId.optional() });

export const ZInviteParams = z.object({ id: ZRecordId });

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const listCollaborators = defineEndpoint({
  method: 'GET',
  url: '/collaborators',
  summary: "A repository's owner, members and invites (any member)",
  querystring: ZRepositoryQuery,
  response: { 200: z.array(ZCollaborator), ...errors },
});

export const updateCollaborator = defineEndpoint({
  method: 'PUT',
  url: '/collaborators/:emailOrId',
  summary: "Change a collaborator's (or an open invite's) access (owner only)",
  params: ZCollaboratorParams,
  body: ZUpdateCollaboratorBody,
  response: { 200: ZMessageResponse, ...errors },
});

export const removeCollaborator = defineEndpoint({
  method: 'DELETE',
  url: '/collaborators/:emailOrId',
  summary: 'Remove a collaborator (owner) or unlink the repository (a member removing themselves)',
  params: ZCollaboratorParams,
  querystring: ZRepositoryQuery,
  response: { 200: ZMessageResponse, ...errors },
});

export const listInvites = defineEndpoint({
  method: 'GET',
  url: '/invites',
  summary: "Open invites addressed to the caller, or a repository's invites",
  querystring: ZListInvitesQuery,
  response: { 200: z.array(ZInvite), ...errors },
});

export const createInvite = defineEndpoint({
  method: 'POST',
  url: '/invites',
  summary: 'Share a repository with an e-mail address (owner only)',
  body: ZCreateInviteBody,
  response: { 201: ZInvite, ...errors, 409: ZErrorBody },
});

export const acceptInvite = defineEndpoint({
  method: 'PUT',
  url: '/invites/:id/accept',
  summary: 'Accept an invite addressed to the caller',
  params: ZInviteParams,
  response: { 200: ZInvite, ...errors, 409: ZErrorBody },
});

export const declineInvite = defineEndpoint({
  method: 'PUT',
  url: '/invites/:id/decline',
  summary: 'Decline an invite addressed to the caller',
  params: ZInviteParams,
  response: { 200: ZInvite, ...errors, 409: ZErrorBody },
});

export const deleteInvite = defineEndpoint({
  method: 'DELETE',
  url: '/invites/:id',
  summary: 'Withdraw an invite (owner) or drop one addressed to the caller',
  params: ZInviteParams,
  response: { 200: ZMessageResponse, ...errors },
});
