import { getAssistantStatus } from '@strata/contracts/assistant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export const ASSISTANT_STATUS_QUERY_KEY = ['assistant-status'] as const;

/** `GET /api/assistant`: whether the server has a model; it changes only with a restart. */
export function assistantStatusQueryOptions() {
  return queryOptions({
    queryKey: ASSISTANT_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => callEndpoint(getAssistantStatus, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useAssistantStatus(isEnabled = true) {
  return useQuery({ ...assistantStatusQueryOptions(), enabled: isEnabled });
}
