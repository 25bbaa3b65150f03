import {
  acceptInvite,
  createInvite as createInviteEndpoint,
  declineInvite,
  listInvites,
  type TCreateInviteBody,
  type TInvite,
} from '@strata/contracts/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { INVITES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';

/** `GET /api/invites`: the open invites addressed to the caller. */
export function listMyInvites(signal?: AbortSignal): Promise<TInvite[]> {
  return callEndpoint(listInvites, { signal, isParsed: true });
}

export function myInvitesQueryOptions() {
  return queryOptions({ queryKey: INVITES_QUERY_KEY, queryFn: ({ signal }) => listMyInvites(signal) });
}

export function useMyInvites(options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...myInvitesQueryOptions(), enabled: options.isEnabled ?? true });
}

/** `POST /api/invites` (owner): shares the repository with an e-mail address. */
export function createInvite(body: TCreateInviteBody): Promise<TInvite> {
  return callEndpoint(createInviteEndpoint, { body, isParsed: true });
}

/** `PUT /api/invites/:id/accept` or `/decline` (the addressee). */
export function respondToInvite(inviteId: string, answer: 'accept' | 'decline'): Promise<TInvite> {
  const endpoint = answer === 'accept' ? acceptInvite : declineInvite;
  return callEndpoint(endpoint, { params: { id: inviteId }, isParsed: true });
}
