// Seed §4: storing a transaction puts it first in the list. The server orders by the list's sort, so the rows
// saved in this view are shown on top of the server's rows until the query changes (search, filter, sort,
// trash), when the list is read from the server alone again and each row sits where its sort puts it.
import type { TFetchPage, TPageResult } from '../../shared/data-list/lazy-pages.ts';

/**
 * Pages of `pinned ++ server rows`. A pinned row that the server lists on its first page is not shown
 * twice (the first page is always read, so its rows' places are known and the offsets stay exact); one
 * the server lists further down shows there too until the next reload. Server pages are shared between
 * the virtual pages that need them (one wrapper per query).
 */
export function withPinnedRows<T>(
  fetchServerPage: TFetchPage<T>,
  pinned: readonly T[],
  getRowId: (row: T) => string,
): TFetchPage<T> {
  if (pinned.length === 0) return fetchServerPage;
  const cache = new Map<string, Promise<TPageResult<T>>>();
  // Shared fetches are not aborted by one caller's signal: another virtual page may still need them.
  const serverPage = (pageNo: number, pageSize: number) => {
    const key = `${pageNo}/${pageSize}`;
    let promise = cache.get(key);
    if (!promise) {
      promise = fetchServerPage(pageNo, pageSize, new AbortController().signal);
      promise.catch(() => cache.delete(key));
      cache.set(key, promise);
    }
    return promise;
  };
  const pinnedIds = new Set(pinned.map(getRowId));
  const count = pinned.length;

  return async (pageNo, pageSize, signal) => {
    const head = await serverPage(1, pageSize);
    // Server positions (all on the first page) of rows already shown on top, ascending.
    const twins = head.data.flatMap((row, at) => (pinnedIds.has(getRowId(row)) ? [at] : []));
    const isTwin = new Set(twins);
    const toServer = (index: number) => {
      let server = index;
      for (const at of twins) if (at <= server) server++;
      return server;
    };
    const total = head.total + count - twins.length;
    const first = (pageNo - 1) * pageSize;
    const last = Math.min(first + pageSize, total) - 1;
    const rows: T[] = pinned.slice(first, last + 1);
    if (last >= count) {
      const serverFirst = toServer(Math.max(0, first - count));
      const serverLast = toServer(last - count);
      const firstPage = Math.floor(serverFirst / pageSize) + 1;
      const lastPage = Math.floor(serverLast / pageSize) + 1;
      const pages = await Promise.all(
        Array.from({ length: lastPage - firstPage + 1 }, (_, at) => serverPage(firstPage + at, pageSize)),
      );
      const offset = (firstPage - 1) * pageSize;
      pages
        .flatMap((page) => page.data)
        .forEach((row, at) => {
          const position = offset + at;
          if (position >= serverFirst && position <= serverLast && !isTwin.has(position)) rows.push(row);
        });
    }
    signal.throwIfAborted();
    return { data: rows, total };
  };
}
