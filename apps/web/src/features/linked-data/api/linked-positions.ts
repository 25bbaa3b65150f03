import {
  getLinkedPosition,
  listLinkedPositions,
  type TLinkedPosition,
  type TLinkedPositionPage,
} from '@strata/contracts/linked-positions';
import type { TSort } from '@strata/core/filters/sort-model';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export type { TLinkedPosition };

/** What one view of the positions list asks for; a new value reloads the grid from the top. */
export interface TLinkedPositionsQuery {
  repositoryId: string;
  search: string;
  sort: TSort;
  /** A linked account's positions tab. */
  linkedAccountId?: string;
  /** true: closed positions too (`filters={"groups":[]}`); else the server's default, amount > 0. */
  isShowingClosed?: boolean;
}

/** One page of `GET /api/linked_data/positions`. */
export function fetchLinkedPositionPage(
  query: TLinkedPositionsQuery,
  pageNo: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<TLinkedPositionPage> {
  const search = query.search.trim();
  return callEndpoint(listLinkedPositions, {
    signal,
    query: {
      repository_id: query.repositoryId,
      page_no: pageNo,
      page_size: pageSize,
      ...(search ? { search } : {}),
      ...(query.sort.length > 0 ? { sort: query.sort } : {}),
      ...(query.linkedAccountId ? { linked_account_id: query.linkedAccountId } : {}),
      ...(query.isShowingClosed ? { filters: { logic: 'AND', groups: [] } } : {}),
    },
  });
}

/** `GET /api/linked_data/positions/{id}`: the position with its JSON source as imported. */
export function useLinkedPositionSource(id: string, repositoryId: string) {
  return useQuery({
    queryKey: ['linked-position', id],
    queryFn: ({ signal }) =>
      callEndpoint(getLinkedPosition, { params: { id }, query: { repository_id: repositoryId }, signal }),
    retry: false,
  });
}
