import {
  getLinkedTransaction,
  listLinkedTransactions,
  type TLinkedTransaction,
  type TLinkedTransactionPage,
} from '@strata/contracts/linked-transactions';
import type { TSort } from '@strata/core/filters/sort-model';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export type { TLinkedTransaction };

/** What one view of the linked list asks for; a new value reloads the grid from the top. */
export interface TLinkedTransactionsQuery {
  repositoryId: string;
  search: string;
  sort: TSort;
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
