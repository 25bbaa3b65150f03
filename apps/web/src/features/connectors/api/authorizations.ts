import {
  getAuthorizationUrl,
  linkedDataCallback,
  searchInstitutions,
  type TInstitution,
} from '@strata/contracts/linked-authorizations';
import {
  getConnectorSchedule,
  type TConnectorSchedule,
  type TConnectorScheduleBody,
  updateConnectorSchedule,
} from '@strata/contracts/linked-providers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import type { TLinkStart } from '../link/link-run.tsx';

export type { TConnectorSchedule, TConnectorScheduleBody, TInstitution };

/** `GET /api/institutions/search`: one aggregator's banks of a country whose name holds `q`. */
export function useInstitutions(provider: 'gocardless', country: string, q: string) {
  return useQuery({
    queryKey: ['linked-data', 'institutions', provider, country, q],
    queryFn: ({ signal }) =>
      callEndpoint(searchInstitutions, { query: { provider, country, q }, signal, isParsed: true }),
    staleTime: 5 * 60_000,
    // The list stays while the next search is asked, rather than flicker to a loader on each pause.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * `GET linked_data/authorization_url/{connector}` → where the bank's (GoCardless, after the consent dialog and the
 * bank picker) or the authorization server's (the cap table) pages are.
 */
export function fetchAuthorizationUrl(
  connector: string,
  query: { repository_id: string; institution_id?: string; name?: string },
): Promise<{ url: string }> {
  return callEndpoint(getAuthorizationUrl, {
    params: { connector },
    query: { ...query, consent: 'true' },
    isParsed: true,
  });
}

/**
 * Back from the bank: `GET linked_data/callback/{connector}` with what the redirect carried. The state works
 * once, so each one is sent once per page load, however often React renders or runs effects (StrictMode).
 */
const callbacks = new Map<string, Promise<TLinkStart & { repositoryId: string }>>();

export function completeAuthorization(
  connector: string,
  query: { ref?: string; state?: string; code?: string; error?: string },
): Promise<TLinkStart & { repositoryId: string }> {
  const key = JSON.stringify([connector, query.ref, query.state, query.code, query.error]);
  let sent = callbacks.get(key);
  if (!sent) {
    sent = callEndpoint(linkedDataCallback, { params: { connector }, query }).then((made) => ({
      connectorId: made.id,
      connectorName: made.name,
      taskId: made.task_id,
      repositoryId: made.repository_id,
    }));
    callbacks.set(key, sent);
  }
  return sent;
}

export function useConnectorSchedule(connectorId: string) {
  return useQuery({
    queryKey: ['linked-data', 'schedule', connectorId],
    queryFn: ({ signal }) =>
      callEndpoint(getConnectorSchedule, { params: { id: connectorId }, signal, isParsed: true }),
    retry: false,
  });
}

export function saveConnectorSchedule(
  connectorId: string,
  body: TConnectorScheduleBody,
): Promise<TConnectorSchedule> {
  return callEndpoint(updateConnectorSchedule, { params: { id: connectorId }, body, isParsed: true });
}
