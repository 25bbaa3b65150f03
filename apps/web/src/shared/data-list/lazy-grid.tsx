import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { TLazyGridCanvasProps } from './lazy-grid-canvas.tsx';
import type { TLazyGridProps } from './lazy-grid-types.ts';
import { DEFAULT_MAX_PAGES, DEFAULT_PAGE_SIZE, LazyPages, type TFetchPage } from './lazy-pages.ts';

export type { TGridPaste, TLazyGridColumn, TLazyGridHandle, TLazyGridProps } from './lazy-grid-types.ts';

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
