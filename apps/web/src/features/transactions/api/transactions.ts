import { API_PREFIX } from '@strata/contracts/endpoint';
import type { TMessageResponse } from '@strata/contracts/repositories';
import type { TTask } from '@strata/contracts/tasks';
import {
  createTransactions,
  deleteTransactions as deleteTransactionsEndpoint,
  emptyTransactionsTrash as emptyTransactionsTrashEndpoint,
  exportTransactions,
  getTransaction,
  importTransactions,
  importTransactionsEvents,
  importTransactionsTask,
  listTransactions,
  restoreTransaction as restoreTransactionEndpoint,
  restoreTransactions as restoreTransactionsEndpoint,
  type TCreateTransactionBody,
  type TImportProgress,
  type TTransaction,
  type TTransactionPage,
  type TUpdateTransactionBody,
  transactionsSettings,
  updateTransaction as updateTransactionEndpoint,
  ZImportProgress,
} from '@strata/contracts/transactions';
import type { TFilter } from '@strata/core/filters/filter-model';
import { serializeFilter } from '@strata/core/filters/filter-model';
import type { TSort } from '@strata/core/filters/sort-model';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint, fillPath, type TEndpointResponse } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

/** One transaction type as `GET /transactions_settings` serves it (core's catalogue, by the contract). */
export type TTypeSetting = TEndpointResponse<typeof transactionsSettings>[number];
/** One slot of a transaction type. */
export type TEntrySettingView = TTypeSetting['entries'][number];

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
  return callEndpoint(listTransactions, {
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
    queryFn: ({ signal }) => callEndpoint(getTransaction, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
    // The form edits its own copy; a background refetch must not pull the rug from under it.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useTransactionSettings(repositoryId: string | undefined) {
  return useQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'transactions-settings'),
    queryFn: async ({ signal }) =>
      callEndpoint(transactionsSettings, { signal, query: { repository_id: repositoryId ?? '' } }),
    enabled: Boolean(repositoryId),
    staleTime: 5 * 60_000,
  });
}

export async function createTransaction(body: TCreateTransactionBody): Promise<TTransaction> {
  // One draft in, one transaction out: the array answer is for a list of drafts.
  const created = await callEndpoint(createTransactions, { body });
  return Array.isArray(created) ? (created[0] as TTransaction) : created;
}

export function updateTransaction(id: string, body: TUpdateTransactionBody): Promise<TTransaction> {
  return callEndpoint(updateTransactionEndpoint, { params: { id }, body });
}

/** To the trash, or for good with `isHard`. */
export function deleteTransactions(ids: string[], isHard = false): Promise<TMessageResponse> {
  return callEndpoint(deleteTransactionsEndpoint, {
    body: { ids },
    query: isHard ? { is_hard: 1 } : undefined,
  });
}

export function restoreTransaction(id: string): Promise<TTransaction> {
  return callEndpoint(restoreTransactionEndpoint, { params: { id } });
}

/** Restores `ids`, or the whole trash without them. */
export function restoreTransactions(repositoryId: string, ids?: string[]): Promise<TMessageResponse> {
  return callEndpoint(restoreTransactionsEndpoint, {
    body: { repository_id: repositoryId, ...(ids ? { ids } : {}) },
  });
}

export function emptyTransactionsTrash(repositoryId: string): Promise<TMessageResponse> {
  return callEndpoint(emptyTransactionsTrashEndpoint, { query: { repository_id: repositoryId } });
}

/** Every live transaction as the import template's CSV. */
export function exportTransactionsCsv(repositoryId: string): Promise<string> {
  return callEndpoint(exportTransactions, {
    query: { repository_id: repositoryId },
    headers: { accept: 'text/csv' },
  });
}

export function importTransactionsCsv(
  repositoryId: string,
  csv: string,
): Promise<TEndpointResponse<typeof importTransactions, 201>> {
  return callEndpoint(importTransactions, { body: { repository_id: repositoryId, csv }, status: 201 });
}

/** Starts a background import (202): the task's progress counts rows checked, then written. */
export function startTransactionsImport(repositoryId: string, csv: string): Promise<TTask> {
  return callEndpoint(importTransactions, {
    body: { repository_id: repositoryId, csv, background: true },
    status: 202,
    isParsed: true,
  });
}

/** A background import's task; any member of the repository may follow it. */
export function readTransactionsImport(taskId: string, signal?: AbortSignal): Promise<TTask> {
  return callEndpoint(importTransactionsTask, { params: { id: taskId }, signal, isParsed: true });
}

/**
 * Follows a background import's progress events (server-sent; on PGlite the only news during the write
 * phase). Answers a function that stops following; the task poll stays the source of the outcome.
 */
export function followTransactionsImport(taskId: string, onProgress: (progress: TImportProgress) => void) {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`${API_PREFIX}${fillPath(importTransactionsEvents.url, { id: taskId })}`);
  source.onmessage = (event) => {
    const parsed = ZImportProgress.safeParse(JSON.parse(String(event.data)));
    if (parsed.success) onProgress(parsed.data);
  };
  // An ended stream would otherwise be reopened by the browser.
  source.addEventListener('end', () => source.close());
  source.onerror = () => source.close();
  return () => source.close();
}
