import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { TLazyGridCanvasProps } from './lazy-grid-canvas.tsx';
import {
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_SIZE,
  LazyPages,
  type TFetchPage,
  type TPageResult,
} from './lazy-pages.ts';

export interface TLazyGridColumn<T> {
  id: string;
  title: string;
  /** Pixels; default 160. */
  width?: number;
  /** Share of the spare width this column takes (Glide's `grow`). */
  grow?: number;
  /** The cell's text. */
  value: (row: T) => string;
  /** Amounts read better right-aligned. */
  align?: 'left' | 'center' | 'right';
  /**
   * Makes the column's cells act (a row's actions menu): a click on one calls this instead of `onRowClick`,
   * with the cell's bottom-left corner in viewport pixels to anchor a menu. Its text is drawn as a link.
   */
  onClick?: (row: T, anchor: { x: number; y: number }) => void;
  /**
   * Makes the column's cells editable in place when the grid has `onCellEdit`: the text the editor starts
   * with (e.g. the exact amount rather than the grouped one shown).
   */
  editValue?: (row: T) => string;
}

/** Where a paste lands: the loaded rows and the columns (by id) the pasted block covers. */
export interface TGridPaste<T> {
  rows: T[];
  columnIds: string[];
  /** The clipboard as lines of tab-separated cells. */
  values: string[][];
}

/** What a parent may do to a mounted grid. */
export interface TLazyGridHandle<T> {
  /** Shows saved rows in place of the loaded ones with the same id, keeping scroll and selection. */
  replaceRows: (rows: readonly T[]) => void;
}

export interface TLazyGridProps<T> {
  columns: readonly TLazyGridColumn<T>[];
  /** One page (from 1) of the current query; `signal` aborts when the page scrolls away or the query changes. */
  fetchPage: (pageNo: number, pageSize: number, signal: AbortSignal) => Promise<TPageResult<T>>;
  /**
   * Identifies the query (search, filter, sort, repository…). A new key drops the loaded pages and the
   * selection, aborts fetches and loads again from the top; bump a version in it after a write to reload.
   */
  queryKey: string;
  getRowId: (row: T) => string;
  /** A click on a loaded row (not on its checkbox). */
  onRowClick?: (row: T, index: number) => void;
  /** Turns on the checkbox column; called with the selected loaded rows. */
  onSelectionChange?: (rows: T[]) => void;
  /** Rows in the whole list, once known (for a count in the page header or the trash toolbar). */
  onTotalChange?: (total: number | undefined) => void;
  /** Shown instead of the grid when the query has no rows. */
  emptyState?: ReactNode;
  /** Said under the loader until the first page answers (the seed names one per list). */
  loadingText?: string;
  /** Default 600; the grid draws on a canvas, so it needs a definite height. */
  height?: number | string;
  pageSize?: number;
  maxPages?: number;
  /** A cell of a column with `editValue` was edited to `text` (only called when the text changed). */
  onCellEdit?: (row: T, columnId: string, text: string) => void;
  /**
   * Something was pasted on a focused cell. It lands on the selected rows when the cell is one of them,
   * otherwise on the rows from the cell down; the grid changes nothing itself.
   */
  onPaste?: (paste: TGridPaste<T>) => void;
  /** Filled with the grid's handle while it is mounted. */
  handleRef?: { current: TLazyGridHandle<T> | null };
}

/** ApiError messages already follow the seed's catalogue; anything else gets the generic text. */
const errorMessageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Unexpected error';

// Glide Data Grid is the canvas module's alone, so a route with a grid draws its toolbar without it; the
// import starts when the list mounts, alongside its first page (docs/benchmarks.md, issue 23).
const loadCanvas = () => import('./lazy-grid-canvas.tsx');
// React.lazy drops the type parameter; the canvas is generic over the row type like the grid.
const LazyGridCanvas = lazy(async () => ({ default: (await loadCanvas()).LazyGridCanvas })) as unknown as <T>(
  props: TLazyGridCanvasProps<T>,
) => ReactNode;

function GridLoader({ height, text }: { height: number | string; text?: string }) {
  return (
    <Center h={height} aria-busy="true">
      <Stack align="center" gap="xs">
        <Loader aria-label="Loading" />
        {text && (
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

/**
 * A Glide Data Grid over a server-paged list: rows are fetched in pages of 50 as they scroll into view (see
 * `LazyPages`), so a list of 100,000 rows holds only a few pages at a time. Until the first page and the
 * grid's code have both arrived it shows the loader with `loadingText`.
 */
export function LazyGrid<T>(props: TLazyGridProps<T>) {
  const {
    fetchPage,
    queryKey,
    onSelectionChange,
    onTotalChange,
    emptyState,
    loadingText,
    height = 600,
    pageSize = DEFAULT_PAGE_SIZE,
    maxPages = DEFAULT_MAX_PAGES,
  } = props;
  // The loader lives as long as the grid; the latest fetchPage is read through a ref so a new closure per
  // render does not restart anything — only a new queryKey does.
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const [pages] = useState(
    () =>
      new LazyPages<T>({
        fetchPage: ((pageNo, size, signal) => fetchRef.current(pageNo, size, signal)) as TFetchPage<T>,
        pageSize,
        maxPages,
      }),
  );
  const snapshot = useSyncExternalStore(pages.subscribe, pages.getSnapshot, pages.getSnapshot);

  useEffect(() => {
    pages.resume();
    return () => pages.stop();
  }, [pages]);

  useEffect(() => {
    void loadCanvas();
  }, []);

  // Callback props are read through a ref: a new identity must not reset the list.
  const selectionChangeRef = useRef(onSelectionChange);
  selectionChangeRef.current = onSelectionChange;
  const firstKey = useRef(queryKey);
  useEffect(() => {
    if (firstKey.current === queryKey) return;
    firstKey.current = queryKey;
    pages.reset();
    selectionChangeRef.current?.([]);
  }, [queryKey, pages]);

  const { total } = snapshot;
  const totalRef = useRef(onTotalChange);
  totalRef.current = onTotalChange;
  useEffect(() => {
    totalRef.current?.(total);
  }, [total]);

  if (snapshot.error !== undefined && total === undefined) {
    return (
      <Center h={height}>
        <Stack align="center" gap="xs">
          <Text c="red">{errorMessageOf(snapshot.error)}</Text>
          <Button variant="default" onClick={() => pages.reset()}>
            Retry
          </Button>
        </Stack>
      </Center>
    );
  }
  if (total === undefined) return <GridLoader height={height} text={loadingText} />;
  if (total === 0) {
    return (
      <Center h={height}>
        {emptyState ?? (
          <Text c="dimmed" size="sm">
            Nothing here yet
          </Text>
        )}
      </Center>
    );
  }
  return (
    <Suspense fallback={<GridLoader height={height} text={loadingText} />}>
      <LazyGridCanvas {...props} pages={pages} snapshot={snapshot} total={total} height={height} />
    </Suspense>
  );
}
