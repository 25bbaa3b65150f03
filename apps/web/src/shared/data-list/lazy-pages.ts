// Paging for lazily loaded lists (seed: the grid lazy-loads 50 rows). Only the pages the user can see, plus
// one on each side, are fetched; a fetch whose page scrolled out of reach is aborted; a small LRU keeps recent
// pages so scrolling back does not refetch, while a 100k-row list never holds more than a few hundred rows.

export const DEFAULT_PAGE_SIZE = 50;
/** Pages kept in memory: enough for a tall screen plus scrolling back and forth. */
export const DEFAULT_MAX_PAGES = 10;
/** Pages fetched beyond the visible ones, on each side, so a slow scroll never shows empty rows. */
export const DEFAULT_OVERSCAN_PAGES = 1;

export interface TPageResult<T> {
  data: readonly T[];
  /** Rows in the whole (filtered) list. */
  total: number;
}

/** Fetches one page; `pageNo` counts from 1 like the API's `page_no`. */
export type TFetchPage<T> = (
  pageNo: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<TPageResult<T>>;

export interface TRowRange {
  /** Index of the first visible row, from 0. */
  first: number;
  /** Visible rows. */
  count: number;
}

/** The page (from 1) holding a row (from 0). */
export const pageOfRow = (row: number, pageSize: number): number => Math.floor(row / pageSize) + 1;

/** Pages in a list of `total` rows; at least 1, so an unknown or empty list still asks for its first page. */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/**
 * The pages to have for a visible range: those it touches plus `overscan` on each side, clipped to the list.
 * With the total unknown (nothing loaded yet) only the first page is asked, which answers the total.
 */
export function pagesForRange(
  range: TRowRange,
  pageSize: number,
  total: number | undefined,
  overscan: number = DEFAULT_OVERSCAN_PAGES,
): number[] {
  if (total === undefined) return [1];
  const last = pageCount(total, pageSize);
  const firstRow = Math.max(0, range.first);
  const lastRow = Math.max(firstRow, range.first + Math.max(1, range.count) - 1);
  const from = Math.max(1, pageOfRow(firstRow, pageSize) - overscan);
  const to = Math.min(last, pageOfRow(lastRow, pageSize) + overscan);
  const pages: number[] = [];
  for (let page = Math.min(from, last); page <= to; page += 1) pages.push(page);
  return pages;
}

/** A least-recently-used store of pages. Pages in `pinned` are never evicted (they are on screen). */
export class PageCache<T> {
  readonly #pages = new Map<number, readonly T[]>();
  readonly #maxPages: number;

  constructor(maxPages: number = DEFAULT_MAX_PAGES) {
    this.#maxPages = Math.max(1, maxPages);
  }

  get size(): number {
    return this.#pages.size;
  }

  has(pageNo: number): boolean {
    return this.#pages.has(pageNo);
  }

  /** The page's rows, marking it most recently used. */
  get(pageNo: number): readonly T[] | undefined {
    const rows = this.#pages.get(pageNo);
    if (rows) {
      this.#pages.delete(pageNo);
      this.#pages.set(pageNo, rows);
    }
    return rows;
  }

  /** Stores a page and evicts the least recently used unpinned ones past the limit; answers the evicted. */
  set(pageNo: number, rows: readonly T[], pinned: ReadonlySet<number> = new Set()): number[] {
    this.#pages.delete(pageNo);
    this.#pages.set(pageNo, rows);
    const evicted: number[] = [];
    for (const candidate of this.#pages.keys()) {
      if (this.#pages.size <= this.#maxPages) break;
      if (candidate === pageNo || pinned.has(candidate)) continue;
      this.#pages.delete(candidate);
      evicted.push(candidate);
    }
    return evicted;
  }

  /** Pages held, least recently used first. */
  pages(): number[] {
    return [...this.#pages.keys()];
  }

  clear(): void {
    this.#pages.clear();
  }
}

export interface TLazyPagesOptions<T> {
  fetchPage: TFetchPage<T>;
  pageSize?: number;
  maxPages?: number;
  overscan?: number;
}

export interface TLazyPagesSnapshot {
  /** Unknown until the first page answers. */
  total: number | undefined;
  /** A fetch is under way. */
  isLoading: boolean;
  /** The last failed fetch's error, until the next successful one or a reset. */
  error: unknown;
  /** Rises on every change, so React can tell a new snapshot from an old one. */
  version: number;
}

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/**
 * The loading state of one lazily paged list. `show(range)` says what is on screen; the loader fetches the
 * missing pages, aborts those no longer wanted, and tells subscribers when rows arrive. `reset()` (new
 * search, filter or sort) aborts everything and starts from the first page again; answers of the old query
 * that arrive late are ignored.
 */
export class LazyPages<T> {
  readonly pageSize: number;
  readonly #fetchPage: TFetchPage<T>;
  readonly #overscan: number;
  readonly #cache: PageCache<T>;
  readonly #inFlight = new Map<number, AbortController>();
  readonly #listeners = new Set<() => void>();
  #range: TRowRange = { first: 0, count: 0 };
  #wanted: ReadonlySet<number> = new Set();
  #snapshot: TLazyPagesSnapshot = { total: undefined, isLoading: false, error: undefined, version: 0 };
  #generation = 0;

  constructor(options: TLazyPagesOptions<T>) {
    this.pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    this.#fetchPage = options.fetchPage;
    this.#overscan = options.overscan ?? DEFAULT_OVERSCAN_PAGES;
    this.#cache = new PageCache<T>(options.maxPages ?? DEFAULT_MAX_PAGES);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): TLazyPagesSnapshot => this.#snapshot;

  /** The row at an index, or undefined while its page is not loaded. */
  row(index: number): T | undefined {
    const pageNo = pageOfRow(index, this.pageSize);
    return this.#cache.get(pageNo)?.[index - (pageNo - 1) * this.pageSize];
  }

  /** Pages held in memory, least recently used first. */
  cachedPages(): number[] {
    return this.#cache.pages();
  }

  /** Pages being fetched. */
  loadingPages(): number[] {
    return [...this.#inFlight.keys()];
  }

  /** The visible rows changed: fetch what is missing, abort what is no longer wanted. */
  show(range: TRowRange): void {
    this.#range = range;
    this.#sync();
  }

  /** The query changed: drop every page and fetch again from what is on screen. */
  reset(): void {
    this.#generation += 1;
    for (const controller of this.#inFlight.values()) controller.abort();
    this.#inFlight.clear();
    this.#cache.clear();
    this.#update({ total: undefined, error: undefined });
    this.#sync();
  }

  /** Aborts every fetch, keeping the loaded pages (unmount; `resume` picks up again). */
  stop(): void {
    this.#generation += 1;
    for (const controller of this.#inFlight.values()) controller.abort();
    const hadFetches = this.#inFlight.size > 0;
    this.#inFlight.clear();
    if (hadFetches) this.#update({});
  }

  /** Fetches again what the last shown range misses (after `stop`, e.g. React's effect re-run). */
  resume(): void {
    this.#sync();
  }

  /**
   * Puts saved rows in place of the loaded ones with the same id (an edit answered by the server), without
   * fetching again: the rows keep their place and the selection stays. Answers how many were replaced.
   */
  replaceRows(saved: readonly T[], idOf: (row: T) => string): number {
    const byId = new Map(saved.map((row) => [idOf(row), row]));
    let replaced = 0;
    for (const pageNo of this.#cache.pages()) {
      const rows = this.#cache.get(pageNo) ?? [];
      if (!rows.some((row) => byId.has(idOf(row)))) continue;
      const next = rows.map((row) => {
        const found = byId.get(idOf(row));
        if (found === undefined) return row;
        replaced += 1;
        return found;
      });
      this.#cache.set(pageNo, next, this.#wanted);
    }
    if (replaced > 0) this.#update({});
    return replaced;
  }

  #sync(): void {
    const wanted = pagesForRange(this.#range, this.pageSize, this.#snapshot.total, this.#overscan);
    this.#wanted = new Set(wanted);
    let changed = false;
    for (const [pageNo, controller] of this.#inFlight) {
      if (!this.#wanted.has(pageNo)) {
        controller.abort();
        this.#inFlight.delete(pageNo);
        changed = true;
      }
    }
    for (const pageNo of wanted) {
      if (!this.#cache.has(pageNo) && !this.#inFlight.has(pageNo)) {
        this.#load(pageNo);
        changed = true;
      }
    }
    // Scrolling inside loaded pages changes nothing worth a render.
    if (changed) this.#update({});
  }

  #load(pageNo: number): void {
    const controller = new AbortController();
    const generation = this.#generation;
    this.#inFlight.set(pageNo, controller);
    const settle = () => {
      if (this.#inFlight.get(pageNo) === controller) this.#inFlight.delete(pageNo);
    };
    this.#fetchPage(pageNo, this.pageSize, controller.signal).then(
      (result) => {
        if (generation !== this.#generation || controller.signal.aborted) return;
        settle();
        this.#cache.set(pageNo, result.data, this.#wanted);
        const totalChanged = result.total !== this.#snapshot.total;
        this.#update({ total: result.total, error: undefined });
        // The first answer tells how long the list is, so the rest of the visible range can be asked now.
        if (totalChanged) this.#sync();
      },
      (error: unknown) => {
        if (generation !== this.#generation || controller.signal.aborted || isAbort(error)) return;
        settle();
        this.#update({ error });
      },
    );
  }

  #update(patch: Partial<Omit<TLazyPagesSnapshot, 'version'>>): void {
    this.#snapshot = {
      ...this.#snapshot,
      ...patch,
      isLoading: this.#inFlight.size > 0,
      version: this.#snapshot.version + 1,
    };
    for (const listener of this.#listeners) listener();
  }
}
