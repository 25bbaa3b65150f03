import { getMarketDataStatus, startMarketDataSync } from '@strata/contracts/market-data';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

export const marketDataStatusKey = (repositoryId: string) =>
  repositoryScopedKey(repositoryId, 'market-data-status');

/** The repository's market-data providers, last sync and next scheduled sync (GET market_data/status). */
export function useMarketDataStatus(repositoryId: string | undefined) {
  return useQuery({
    queryKey: marketDataStatusKey(repositoryId ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(getMarketDataStatus, { query: { repo_id: repositoryId ?? '' }, signal }),
    enabled: Boolean(repositoryId),
  });
}

/** Queues the repository's 'market data sync' task now (POST market_data/sync); answers the task. */
export function syncMarketData(repositoryId: string) {
  return callEndpoint(startMarketDataSync, { body: { repository_id: repositoryId } });
}
