import { getClientConfig as endpoint, type TClientConfig } from '@strata/contracts/client-config';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../api/call-endpoint.ts';

export const CLIENT_CONFIG_QUERY_KEY = ['client-config'] as const;

/** The server's run-time settings for the web app (error reporter, chat widget): one build, any installation. */
export async function getClientConfig(signal?: AbortSignal): Promise<TClientConfig> {
  return callEndpoint(endpoint, { signal, isAuthProbe: true, isParsed: true });
}

export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: CLIENT_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => getClientConfig(signal),
    // Changes only with a restart of the server; one read per visit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
