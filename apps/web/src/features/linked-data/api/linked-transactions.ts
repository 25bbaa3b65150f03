import {
  createLinkedTransactionTag,
  getLinkedTransaction,
  linkedTransactionOptions,
  listLinkedTransactions,
  listLinkedTransactionTags,
  type TLinkedTransaction,
  type TLinkedTransactionChange,
  type TLinkedTransactionPage,
  type TLinkedTransactionTag,
  updateLinkedTransactions,
} from '@strata/contracts/linked-transactions';
import type { TFilter } from '@strata/core/filters/filter-model';
import type { TSort } from '@strata/core/filters/sort-model';
import {
  LINKED_OPTION_FIELDS,
  type TLinkedOptionField,
} from '@strata/core/linked-data/linked-transaction-fields';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';
import type { TLoadFilterOptions } from '../../../shared/data-list/api/filter-options.ts';
import { MAPPING_STATUS_VIEW } from '../linked-columns.ts';

export type { TLinkedTransaction };

/** What one view of the linked list asks for; a new value reloads the grid from the top. */
export interface TLinkedTransactionsQuery {
  repositoryId: string;
  search: string;
  sort: TSort;
  /** The filter builder's conditions (core's filter model on LINKED_TRANSACTION_FIELDS). */
  filter?: TFilter;
  /** The account panel's list: one repository account (the linked account mapped to it). */
  assetId?: string;
  /** A linked account's own page. */
  linkedAccountId?: string;
}

/** One page of `GET /api/linked_data/transactions`; the sort travels as JSON (the API client stringifies it). */
export function fetchLinkedTransactionPage(
  query: TLinkedTransactionsQuery,
  pageNo: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<TLinkedTransactionPage> {
  const search = query.search.trim();
  return callEndpoint(listLinkedTransactions, {
    signal,
    query: {
      repository_id: query.repositoryId,
      page_no: pageNo,
      page_size: pageSize,
      ...(search ? { search } : {}),
      ...(query.sort.length > 0 ? { sort: query.sort } : {}),
      ...(query.filter && query.filter.groups.length > 0 ? { filter: query.filter } : {}),
      ...(query.assetId ? { asset_id: query.assetId } : {}),
      ...(query.linkedAccountId ? { linked_account_id: query.linkedAccountId } : {}),
    },
  });
}

/** `GET /api/linked_data/transactions/{id}`: the row with its JSON source as imported. */
export function useLinkedTransactionSource(id: string) {
  return useQuery({
    queryKey: ['linked-transaction', id],
    queryFn: ({ signal }) => callEndpoint(getLinkedTransaction, { params: { id }, signal }),
    retry: false,
  });
}

/** `PUT /api/linked_data/transactions`: tags and cells of many rows, all or nothing; answers the saved rows. */
export function updateLinkedRows(repositoryId: string, changes: TLinkedTransactionChange[]) {
  return callEndpoint(updateLinkedTransactions, { query: { repository_id: repositoryId }, body: changes });
}

export const linkedTagsKey = (repositoryId: string) =>
  repositoryScopedKey(repositoryId, 'linked-transaction-tags');

/** The repository's linked-transaction tags, the system tag 'exclude' first (the server makes it on demand). */
export function useLinkedTransactionTags(repositoryId: string, isEnabled = true) {
  return useQuery({
    queryKey: linkedTagsKey(repositoryId),
    queryFn: ({ signal }) =>
      callEndpoint(listLinkedTransactionTags, { signal, query: { repository_id: repositoryId } }),
    enabled: isEnabled,
  });
}

export function fetchLinkedTransactionTags(
  queryClient: QueryClient,
  repositoryId: string,
): Promise<TLinkedTransactionTag[]> {
  return queryClient.fetchQuery({
    queryKey: linkedTagsKey(repositoryId),
    queryFn: ({ signal }) =>
      callEndpoint(listLinkedTransactionTags, { signal, query: { repository_id: repositoryId } }),
  });
}

export function createLinkedTag(repositoryId: string, name: string): Promise<TLinkedTransactionTag> {
  return callEndpoint(createLinkedTransactionTag, { body: { repository_id: repositoryId, name } });
}

const isOptionField = (field: string): field is TLinkedOptionField =>
  (LINKED_OPTION_FIELDS as readonly string[]).includes(field);

/**
 * The filter builder's value lists: `GET linked_data/transactions_options` per field, cached per repository;
 * the mapping status, a fixed list, offers the seed's labels.
 */
export function linkedOptionsLoader(queryClient: QueryClient, repositoryId: string): TLoadFilterOptions {
  return (field, signal) => {
    if (field === 'mapping_status') {
      return Promise.resolve(
        Object.entries(MAPPING_STATUS_VIEW).map(([value, view]) => ({ value, label: view.label })),
      );
    }
    if (!isOptionField(field)) return Promise.resolve([]);
    return queryClient.fetchQuery({
      queryKey: repositoryScopedKey(repositoryId, 'linked-options', field),
      queryFn: () =>
        callEndpoint(linkedTransactionOptions, { signal, query: { repository_id: repositoryId, field } }),
      staleTime: 60_000,
    });
  };
}
