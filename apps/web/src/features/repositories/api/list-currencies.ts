import { ZCurrencyOption } from '@strata/contracts/currencies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { CURRENCIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';

const ZCurrencyList = z.array(ZCurrencyOption);

/** `GET /api/currencies`: ISO 4217 codes and names for the repository currency select. */
export function listCurrencies(signal?: AbortSignal) {
  return apiFetch('/currencies', { signal, schema: ZCurrencyList });
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
