import { API_PREFIX } from '@strata/contracts/endpoint';
import { type TTask, ZTask } from '@strata/contracts/tasks';
import { type TImportProgress, type TTransaction, ZImportProgress } from '@strata/contracts/transactions';
import type { TFilter } from '@strata/core/filters/filter-model';
import { serializeFilter } from '@strata/core/filters/filter-model';
import type { TSort } from '@strata/core/filters/sort-model';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

export interface TTransactionPage {
  data: TTransaction[];
  meta: { page_size: number; page_no: number; total: number };
}

export interface TEntrySettingView {
  title: string;
  role: string;
  account: { includes: string[]; value?: string; optional?: boolean };
  asset: { includes: string[]; value?: string; optional?: boolean };
  amount: { rule: string; optional?: boolean };
  accountDescription: string;
  assetDescription: string;
  amountDescription: string;
}

export interface TTypeSetting {
  name: string;
  group: string;
  description: string;
  readonly: boolean;
  entries: TEntrySettingView[];
}

export interface TTransactionListQuery {
  repositoryId: string;
  search: string;
  filter: TFilter;
  sort: TSort;
  isTrash: boolean;
}

export const transactionsKey = (repositoryId: string) => repositoryScopedKey(repositoryId, 'transactions');

/** One page of `GET /api/transactions`; sort and filter travel as JSON (the API client stringifies them). */
export function fetchTransactionPage(
  query: TTransactionListQuery,
  pageNo: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<TTransactionPage> {
  const search = query.search.trim();
  return apiFetch<TTransactionPage>('/transactions', {
    signal,
    query: {
      repository_id: query.repositoryId,
      page_no: pageNo,
      page_size: pageSize,
      ...(search ? { search } : {}),
      ...(query.filter.groups.length > 0 ? { filter: serializeFilter(query.filter) } : {}),
      ...(query.sort.length > 0 ? { sort: query.sort } : {}),
      ...(query.isTrash ? { show_deleted: 1 } : {}),
    },
  });
}

export function useTransaction(id: string | undefined) {
  return useQuery({
    queryKey: ['transaction', id],
    queryFn: ({ signal }) =>
      apiFetch<TTransaction>(`/transactions/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    // The form edits its own copy; a background refetch must not pull the rug from under it.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
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

export function updateTransaction(id: string, body: Record<string, unknown>): Promise<TTransaction> {
  return apiFetch<TTransaction>(`/transactions/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** To the trash, or for good with `isHard`. */
export function deleteTransactions(ids: string[], isHard = false): Promise<{ message: string }> {
  return apiFetch('/transactions', {
    method: 'DELETE',
    body: { ids },
    query: isHard ? { is_hard: 1 } : undefined,
  });
}

export function restoreTransaction(id: string): Promise<TTransaction> {
  return apiFetch(`/transactions/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}

/** Restores `ids`, or the whole trash without them. */
export function restoreTransactions(repositoryId: string, ids?: string[]): Promise<{ message: string }> {
  return apiFetch('/transactions/restore', {
    method: 'POST',
    body: { repository_id: repositoryId, ...(ids ? { ids } : {}) },
  });
}

export function emptyTransactionsTrash(repositoryId: string): Promise<{ message: string }> {
  return apiFetch('/transactions/trash/empty', { method: 'DELETE', query: { repository_id: repositoryId } });
}

/** Every live transaction as the import template's CSV. */
export function exportTransactionsCsv(repositoryId: string): Promise<string> {
  return apiFetch<string>('/transactions/export', {
    query: { repository_id: repositoryId },
    headers: { accept: 'text/csv' },
  });
}

export function importTransactionsCsv(
  repositoryId: string,
  csv: string,
): Promise<{ message: string; created: number }> {
  return apiFetch('/transactions/import', { method: 'POST', body: { repository_id: repositoryId, csv } });
}

/** Starts a background import (202): the task's progress counts rows checked, then written. */
export function startTransactionsImport(repositoryId: string, csv: string): Promise<TTask> {
  return apiFetch('/transactions/import', {
    method: 'POST',
    body: { repository_id: repositoryId, csv, background: true },
    schema: ZTask,
  });
}

/** A background import's task; any member of the repository may follow it. */
export function readTransactionsImport(taskId: string, signal?: AbortSignal): Promise<TTask> {
  return apiFetch(`/transactions/import/${encodeURIComponent(taskId)}`, { signal, schema: ZTask });
}

/**
 * Follows a background import's progress events (server-sent; on PGlite the only news during the write
 * phase). Answers a function that stops following; the task poll stays the source of the outcome.
 */
export function followTransactionsImport(taskId: string, onProgress: (progress: TImportProgress) => void) {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`${API_PREFIX}/transactions/import/${encodeURIComponent(taskId)}/events`);
  source.onmessage = (event) => {
    const parsed = ZImportProgress.safeParse(JSON.parse(String(event.data)));
    if (parsed.success) onProgress(parsed.data);
  };
  // An ended stream would otherwise be reopened by the browser.
  source.addEventListener('end', () => source.close());
  source.onerror = () => source.close();
  return () => source.close();
}
