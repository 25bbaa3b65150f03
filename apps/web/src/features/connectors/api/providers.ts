import { createConnector } from '@strata/contracts/linked-connectors';
import {
  getAccessToken,
  listProviders,
  syncConnector,
  type TAccessToken,
  type TProviderInfo,
} from '@strata/contracts/linked-providers';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export type { TAccessToken, TProviderInfo };

/** `GET /api/linked_data/providers`: the live connectors this server knows, each available or not. */
export function useProviders() {
  return useQuery({
    queryKey: ['linked-data', 'providers'],
    queryFn: ({ signal }) => callEndpoint(listProviders, { signal, isParsed: true }),
    staleTime: 60_000,
  });
}

/** `GET /api/linked_data/access_token`: Plaid's Link token and script; with a connector, its update mode. */
export function fetchAccessToken(repositoryId: string, connectorId?: string): Promise<TAccessToken> {
  return callEndpoint(getAccessToken, {
    query: { repository_id: repositoryId, connector_id: connectorId },
    isParsed: true,
  });
}

/** `POST /api/linked_data/connectors` with what a provider's link flow answered; answers its first sync. */
export async function linkProviderConnector(body: {
  repository_id: string;
  name: string;
  access_method: 'plaid' | 'simplefin';
  public_token?: string;
  setup_token?: string;
}): Promise<{ id: string; name: string; task_id: string | null }> {
  const connector = await callEndpoint(createConnector, { body });
  return { id: connector.id, name: connector.name, task_id: connector.task_id ?? null };
}

/** `POST /api/linked_data/connectors/{id}/sync`: sync now; answers the (possibly already running) task. */
export function syncConnectorNow(connectorId: string): Promise<{ task_id: string }> {
  return callEndpoint(syncConnector, { params: { id: connectorId } });
}
