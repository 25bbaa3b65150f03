import { getChatToken as endpoint } from '@strata/contracts/chat';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export async function getChatToken(signal?: AbortSignal) {
  return callEndpoint(endpoint, { signal, isParsed: true });
}

/** Per user: the key carries the user id, so another user signing in on this browser asks for their own. */
export function chatTokenQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['chat', 'token', userId],
    queryFn: ({ signal }) => getChatToken(signal),
    // HubSpot's visitor tokens last 12 hours; one per visit is plenty.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
