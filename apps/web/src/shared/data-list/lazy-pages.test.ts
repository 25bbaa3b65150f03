import { describe, expect, it } from 'vitest';
import { LazyPages, PageCache, pageCount, pageOfRow, pagesForRange, type TPageResult } from './lazy-pages.ts';

describe('pagesForRange', () => {
  it('asks only the first page while the total is unknown', () => {
    expect(pagesForRange({ first: 500, count: 30 }, 50, undefined)).toEqual([1]);
  });

  it('covers the visible rows plus one page each side, clipped to the list', () => {
    expect(pagesForRange({ first: 0, count: 20 }, 50, 100_000)).toEqual([1, 2]);
    expect(pagesForRange({ first: 120, count: 40 }, 50, 100_000)).toEqual([2, 3, 4, 5]);
    expect(pagesForRange({ first: 99_990, count: 10 }, 50, 100_000)).toEqual([1999, 2000]);
    expect(pagesForRange({ first: 120, count: 40 }, 50, 100_000, 0)).toEqual([3, 4]);
  });

  it('never asks past the last page, and asks page 1 of an empty list', () => {
    expect(pagesForRange({ first: 0, count: 30 }, 50, 0)).toEqual([1]);
    expect(pagesForRange({ first: 40, count: 30 }, 50, 60)).toEqual([1, 2]);
    // A stale range past a list that shrank (new filter) still lands on real pages.
    expect(pagesForRange({ first: 5000, count: 30 }, 50, 60)).toEqual([2]);
  });

  it('counts pages and rows from 1 and 0', () => {
    expect(pageOfRow(0, 50)).toBe(1);
    expect(pageOfRow(49, 50)).toBe(1);
    expect(pageOfRow(50, 50)).toBe(2);
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });
});

describe('PageCache', () => {
  it('evicts the least recently used page past the limit', () => {
    const cache = new PageCache<number>(2);
    cache.set(1, [1]);
    cache.set(2, [2]);
    cache.get(1);
    expect(cache.set(3, [3])).toEqual([2]);
    expect(cache.pages()).toEqual([1, 3]);
    expect(cache.has(2)).toBe(false);
  });

  it('keeps pinned pages even when they are the oldest', () => {
    const cache = new PageCache<number>(2);
    cache.set(1, [1]);
    cache.set(2, [2]);
    expect(cache.set(3, [3], new Set([1]))).toEqual([2]);
    expect(cache.pages()).toEqual([1, 3]);
  });
});

interface TDeferred {
  pageNo: number;
  signal: AbortSignal;
  resolve: (result: TPageResult<string>) => void;
  reject: (error: unknown) => void;
}

function fakeServer(total: number) {
  const calls: TDeferred[] = [];
  const fetchPage = (pageNo: number, pageSize: number, signal: AbortSignal) =>
    new Promise<TPageResult<string>>((resolve, reject) => {
      calls.push({ pageNo, signal, resolve, reject });
      void pageSize;
    });
  const answer = async (call: TDeferred) => {
    const first = (call.pageNo - 1) * 50;
    const data = Array.from(
      { length: Math.max(0, Math.min(50, total - first)) },
      (_, i) => `row ${first + i}`,
    );
    call.resolve({ data, total });
    await Promise.resolve();
    await Promise.resolve();
  };
  return { calls, fetchPage, answer };
}

describe('LazyPages', () => {
  it('loads the first page, then the rest of the visible range once the total is known', async () => {
    const server = fakeServer(100_000);
    const pages = new LazyPages({ fetchPage: server.fetchPage });
    pages.show({ first: 0, count: 30 });
    expect(server.calls.map((c) => c.pageNo)).toEqual([1]);
    expect(pages.getSnapshot()).toMatchObject({ total: undefined, isLoading: true });
    await server.answer(server.calls[0]!);
    expect(pages.getSnapshot()).toMatchObject({ total: 100_000 });
    expect(pages.row(0)).toBe('row 0');
    expect(pages.row(49)).toBe('row 49');
    expect(pages.row(50)).toBeUndefined();
    // The overscan page below the screen.
    expect(server.calls.map((c) => c.pageNo)).toEqual([1, 2]);
  });

  it('at 100k rows fetches only the pages near the screen and holds a bounded cache', async () => {
    const server = fakeServer(100_000);
    const pages = new LazyPages({ fetchPage: server.fetchPage, maxPages: 4 });
    pages.show({ first: 0, count: 30 });
    await server.answer(server.calls[0]!);
    for (const first of [10_000, 20_000, 30_000, 40_000, 99_980]) {
      pages.show({ first, count: 30 });
      for (const call of server.calls.filter((c) => !c.signal.aborted)) await server.answer(call);
    }
    const fetched = new Set(server.calls.map((c) => c.pageNo));
    expect(fetched.size).toBeLessThanOrEqual(2 + 5 * 3);
    expect(pages.cachedPages().length).toBeLessThanOrEqual(4);
    expect(pages.row(99_999)).toBe('row 99999');
    expect(pages.row(10_000)).toBeUndefined();
  });

  it('aborts a page that scrolled out of reach before it answered', async () => {
    const server = fakeServer(100_000);
    const pages = new LazyPages({ fetchPage: server.fetchPage });
    pages.show({ first: 0, count: 30 });
    await server.answer(server.calls[0]!);
    pages.show({ first: 5_000, count: 30 });
    const far = server.calls.filter((c) => c.pageNo >= 100);
    expect(far.length).toBeGreaterThan(0);
    pages.show({ first: 0, count: 30 });
    expect(far.every((c) => c.signal.aborted)).toBe(true);
    await server.answer(far[0]!);
    expect(pages.cachedPages()).not.toContain(far[0]!.pageNo);
  });

  it('reset aborts everything, forgets the pages and ignores late answers of the old query', async () => {
    const server = fakeServer(100_000);
    const pages = new LazyPages({ fetchPage: server.fetchPage });
    pages.show({ first: 0, count: 30 });
    await server.answer(server.calls[0]!);
    const pending = server.calls[1]!;
    pages.reset();
    expect(pending.signal.aborted).toBe(true);
    expect(pages.getSnapshot().total).toBeUndefined();
    expect(pages.row(0)).toBeUndefined();
    const fresh = server.calls[2]!;
    expect(fresh.pageNo).toBe(1);
    await server.answer(pending);
    expect(pages.cachedPages()).toEqual([]);
    fresh.resolve({ data: ['only'], total: 1 });
    await Promise.resolve();
    expect(pages.row(0)).toBe('only');
    expect(pages.getSnapshot()).toMatchObject({ total: 1, isLoading: false });
  });

  it('stop aborts fetches but keeps pages; resume fetches what is missing again', async () => {
    const server = fakeServer(100_000);
    const pages = new LazyPages({ fetchPage: server.fetchPage });
    pages.show({ first: 0, count: 30 });
    await server.answer(server.calls[0]!);
    const pending = server.calls[1]!;
    pages.stop();
    expect(pending.signal.aborted).toBe(true);
    expect(pages.getSnapshot().isLoading).toBe(false);
    await server.answer(pending);
    expect(pages.cachedPages()).toEqual([1]);
    pages.resume();
    expect(server.calls.map((c) => c.pageNo)).toEqual([1, 2, 2]);
    await server.answer(server.calls[2]!);
    expect(pages.row(60)).toBe('row 60');
  });

  it('reports a failed fetch and tries the page again on the next scroll', async () => {
    const server = fakeServer(10);
    const pages = new LazyPages({ fetchPage: server.fetchPage });
    const seen: number[] = [];
    pages.subscribe(() => seen.push(pages.getSnapshot().version));
    pages.show({ first: 0, count: 30 });
    server.calls[0]!.reject(new Error('boom'));
    await Promise.resolve();
    expect(pages.getSnapshot()).toMatchObject({ isLoading: false });
    expect((pages.getSnapshot().error as Error).message).toBe('boom');
    pages.show({ first: 0, count: 30 });
    expect(server.calls).toHaveLength(2);
    await server.answer(server.calls[1]!);
    expect(pages.getSnapshot().error).toBeUndefined();
    expect(seen.length).toBeGreaterThan(2);
  });

  it('puts saved rows in place of the loaded ones with their id, without fetching', async () => {
    const server = fakeServer(120);
    const pages = new LazyPages({ fetchPage: server.fetchPage });
    pages.show({ first: 0, count: 30 });
    await server.answer(server.calls[0]!);
    await server.answer(server.calls[1]!);
    const calls = server.calls.length;
    const before = pages.getSnapshot().version;
    // Rows are their own ids here: 'row 3' is saved as itself, uppercased, and so is one never loaded.
    const idOf = (row: string) => row.toLowerCase();
    expect(pages.replaceRows(['ROW 3', 'ROW 51', 'ROW 119'], idOf)).toBe(2);
    expect(pages.row(3)).toBe('ROW 3');
    expect(pages.row(51)).toBe('ROW 51');
    expect(pages.row(4)).toBe('row 4');
    expect(pages.getSnapshot().version).toBeGreaterThan(before);
    expect(server.calls).toHaveLength(calls);
    expect(pages.replaceRows(['ROW 119'], idOf)).toBe(0);
  });
});
