import { linkedTransactionOptions, linkedTransactionsPivot } from '@strata/contracts/linked-transactions';
import type { TLinkedOptionField } from '@strata/core/linked-data/linked-transaction-fields';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { pivotQuery, type TLinkedPivotSettings } from '../linked-pivot.ts';

/**
 * `GET /api/linked_data/transactions_pivot`: the server groups and aggregates. The previous answer stays on
 * screen while a changed choice loads, so the table does not blink to a loader at every pick.
 */
export function useLinkedPivot(repositoryId: string, settings: TLinkedPivotSettings) {
  const query = pivotQuery(settings);
  return useQuery({
    queryKey: ['linked-pivot', repositoryId, query],
    queryFn: ({ signal }) =>
      callEndpoint(linkedTransactionsPivot, { signal, query: { repository_id: repositoryId, ...query } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The values a field takes among the repository's linked transactions (the filter's value picker). */
export function useLinkedOptions(repositoryId: string, field: TLinkedOptionField | null) {
  return useQuery({
    queryKey: ['linked-options', repositoryId, field],
    queryFn: ({ signal }) =>
      callEndpoint(linkedTransactionOptions, {
        signal,
        query: { repository_id: repositoryId, field: field as TLinkedOptionField },
      }),
    enabled: field !== null,
  });
}
