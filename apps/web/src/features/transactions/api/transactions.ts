import type { TTransaction } from '@strata/contracts/transactions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { repositoryScopedKey } from '../../repositories/api/repository-query-keys.ts';

export interface TTransactionPage {
  data: TTransaction[];
  meta: { page_size: number; page_no: number; total: number };
}

export interface TTypeSetting {
  name: string;
  group: string;
  description: string;
  readonly: boolean;
  entries: Array<{
    title: string;
    role: string;
    account: { includes: string[]; value?: string; optional?: boolean };
    asset: { includes: string[]; value?: string; optional?: boolean };
    amount: { rule: string; optional?: boolean };
    accountDescription: string;
    assetDescription: string;
    amountDescription: string;
  }>;
}

export const transactionsKey = (repositoryId: string) => repositoryScopedKey(repositoryId, 'transactions');

export function useTransactionPage(
  repositoryId: string | undefined,
  query: { page_no: number; page_size: number; search: string; show_deleted: boolean },
) {
  return useQuery({
    queryKey: [...transactionsKey(repositoryId ?? 'none'), query],
    queryFn: ({ signal }) =>
      apiFetch<TTransactionPage>('/transactions', {
        signal,
        query: {
          repository_id: repositoryId ?? '',
          page_no: query.page_no,
          page_size: query.page_size,
          ...(query.search.trim() ? { search: query.search.trim() } : {}),
          ...(query.show_deleted ? { show_deleted: 1 } : {}),
        },
      }),
    enabled: Boolean(repositoryId),
    placeholderData: keepPreviousData,
  });
}

export function useTransactionSettings(repositoryId: string | undefined) {
  return useQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'transactions-settings'),
    queryFn: ({ signal }) =>
      apiFetch<TTypeSetting[]>('/transactions_settings', {
        signal,
        query: { repository_id: repositoryId ?? '' },
      }),
    enabled: Boolean(repositoryId),
    staleTime: 5 * 60_000,
  });
}

export function createTransaction(body: Record<string, unknown>): Promise<TTransaction> {
  return apiFetch<TTransaction>('/transactions', { method: 'POST', body });
}

export function deleteTransactions(ids: string[]): Promise<{ message: string }> {
  return apiFetch('/transactions', { method: 'DELETE', body: { ids } });
}

export function restoreTransaction(id: string): Promise<TTransaction> {
  return apiFetch(`/transactions/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}
