import { listCurrencies as endpoint } from '@strata/contracts/currencies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { CURRENCIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';

/** `GET /api/currencies`: ISO 4217 codes and names for the repository currency select. */
export function listCurrencies(signal?: AbortSignal) {
  return callEndpoint(endpoint, { signal, isParsed: true });
}

export function currenciesQueryOptions() {
  return queryOptions({
    queryKey: CURRENCIES_QUERY_KEY,
    queryFn: ({ signal }) => listCurrencies(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}
