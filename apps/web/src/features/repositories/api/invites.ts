import { type TCreateInviteBody, type TInvite, ZInvite } from '@strata/contracts/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { INVITES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';

const ZInviteList = z.array(ZInvite);

/** `GET /api/invites`: the open invites addressed to the caller. */
export function listMyInvites(signal?: AbortSignal): Promise<TInvite[]> {
  return apiFetch('/invites', { signal, schema: ZInviteList });
}

export function myInvitesQueryOptions() {
  return queryOptions({ queryKey: INVITES_QUERY_KEY, queryFn: ({ signal }) => listMyInvites(signal) });
}

export function useMyInvites(options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...myInvitesQueryOptions(), enabled: options.isEnabled ?? true });
}

/** `POST /api/invites` (owner): shares the repository with an e-mail address. */
export function createInvite(body: TCreateInviteBody): Promise<TInvite> {
  return apiFetch('/invites', { method: 'POST', body, schema: ZInvite });
}

/** `PUT /api/invites/:id/accept` or `/decline` (the addressee). */
export function respondToInvite(inviteId: string, answer: 'accept' | 'decline'): Promise<TInvite> {
  return apiFetch(`/invites/${encodeURIComponent(inviteId)}/${answer}`, { method: 'PUT', schema: ZInvite });
}
