import '@glideapps/glide-data-grid/dist/index.css';
import {
  CompactSelection,
  DataEditor,
  type EditableGridCell,
  type GridCell,
  GridCellKind,
  type GridColumn,
  type GridSelection,
  type Item,
  type Theme,
} from '@glideapps/glide-data-grid';
import { Box, Button, Center, Loader, Stack, Text, useComputedColorScheme } from '@mantine/core';
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { pasteRowIndexes } from './grid-paste.ts';
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

const DARK_THEME: Partial<Theme> = {
  accentColor: '#4dabf7',
  accentLight: 'rgba(77, 171, 247, 0.15)',
  textDark: '#c9c9c9',
  textMedium: '#a6a7ab',
  textLight: '#828282',
  textHeader: '#c9c9c9',
  textBubble: '#ffffff',
  bgIconHeader: '#a6a7ab',
  fgIconHeader: '#1a1b1e',
  bgCell: '#1a1b1e',
  bgCellMedium: '#202124',
  bgHeader: '#25262b',
  bgHeaderHasFocus: '#2c2e33',
  bgHeaderHovered: '#2c2e33',
  bgBubble: '#2c2e33',
  bgBubbleSelected: '#373a40',
  bgSearchResult: '#423c24',
  borderColor: 'rgba(255, 255, 255, 0.12)',
  horizontalBorderColor: 'rgba(255, 255, 255, 0.08)',
  drilldownBorder: 'rgba(255, 255, 255, 0.2)',
  linkColor: '#4dabf7',
};

/** ApiError messages already follow the seed's catalogue; anything else gets the generic text. */
const errorMessageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Unexpected error';

/** Above the stacked dialogs (from 100) and below the notifications (10000 above them). */
const EDITOR_Z_INDEX = 5000;

const LOADING_CELL: GridCell = { kind: GridCellKind.Loading, allowOverlay: false };

const emptySelection = (): GridSelection => ({
  columns: CompactSelection.empty(),
  rows: CompactSelection.empty(),
});

/**
 * A read-only Glide Data Grid over a server-paged list: rows are fetched in pages of 50 as they scroll into
 * view (see `LazyPages`), so a list of 100,000 rows holds only a few pages at a time.
 */
export function LazyGrid<T>({
  columns,
  fetchPage,
  queryKey,
  getRowId,
  onRowClick,
  onSelectionChange,
  onTotalChange,
  emptyState,
  loadingText,
  height = 600,
  pageSize = DEFAULT_PAGE_SIZE,
  maxPages = DEFAULT_MAX_PAGES,
  onCellEdit,
  onPaste,
  handleRef,
}: TLazyGridProps<T>) {
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
  const [selection, setSelection] = useState<GridSelection>(emptySelection);

  useEffect(() => {
    pages.resume();
    return () => pages.stop();
  }, [pages]);

  // Callback props are read through a ref: a new identity must not reset the list.
  const selectionChangeRef = useRef(onSelectionChange);
  selectionChangeRef.current = onSelectionChange;
  const firstKey = useRef(queryKey);
  useEffect(() => {
    if (firstKey.current === queryKey) return;
    firstKey.current = queryKey;
    pages.reset();
    setSelection(emptySelection());
    selectionChangeRef.current?.([]);
  }, [queryKey, pages]);

  const { total } = snapshot;
  const totalRef = useRef(onTotalChange);
  totalRef.current = onTotalChange;
  useEffect(() => {
    totalRef.current?.(total);
  }, [total]);

  const gridColumns = useMemo<GridColumn[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        title: column.title,
        width: column.width ?? 160,
        grow: column.grow,
      })),
    [columns],
  );

  const scheme = useComputedColorScheme('light');
  const linkColor = scheme === 'dark' ? (DARK_THEME.linkColor as string) : '#1c7ed6';

  // `snapshot.version` changes when pages arrive; a new callback makes the grid redraw with them.
  const { version } = snapshot;
  const getCellContent = useCallback(
    ([col, row]: Item): GridCell => {
      void version;
      const item = pages.row(row);
      const column = columns[col];
      if (item === undefined || !column) return LOADING_CELL;
      const text = column.value(item);
      if (onCellEdit && column.editValue) {
        return {
          kind: GridCellKind.Text,
          data: column.editValue(item),
          displayData: text,
          allowOverlay: true,
          readonly: false,
          contentAlign: column.align,
        };
      }
      return {
        kind: GridCellKind.Text,
        data: text,
        displayData: text,
        allowOverlay: false,
        readonly: true,
        contentAlign: column.align,
        ...(column.onClick ? { themeOverride: { textDark: linkColor } } : {}),
      };
    },
    [pages, columns, version, linkColor, onCellEdit],
  );

  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const changeSelection = (next: GridSelection) => {
    setSelection(next);
    if (!onSelectionChange) return;
    const rows: T[] = [];
    const seen = new Set<string>();
    // Only loaded rows can be acted on; a range over rows never loaded cannot name them.
    for (const index of next.rows) {
      const item = pages.row(index);
      if (item === undefined) continue;
      const id = getRowId(item);
      if (!seen.has(id)) {
        seen.add(id);
        rows.push(item);
      }
    }
    onSelectionChange(rows);
  };

  const changeSelectionRef = useRef(changeSelection);
  changeSelectionRef.current = changeSelection;
  const idRef = useRef(getRowId);
  idRef.current = getRowId;
  useEffect(() => {
    if (!handleRef) return;
    handleRef.current = {
      replaceRows: (rows) => {
        // The parent's selected rows are objects: hand over the saved ones.
        if (pages.replaceRows(rows, idRef.current) > 0) changeSelectionRef.current(selectionRef.current);
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, pages]);

  // Glide draws its cell editor into a portal element; one on the body sits above dialogs and slide-overs.
  const portalRef = useRef<HTMLElement | null>(null);
  const isEditable = Boolean(onCellEdit);
  useEffect(() => {
    if (!isEditable) return;
    const element = document.createElement('div');
    element.style.cssText = `position: fixed; left: 0; top: 0; z-index: ${EDITOR_Z_INDEX};`;
    document.body.append(element);
    portalRef.current = element;
    return () => {
      element.remove();
      portalRef.current = null;
    };
  }, [isEditable]);

  const editCell = ([col, row]: Item, cell: EditableGridCell) => {
    const item = pages.row(row);
    const column = columns[col];
    if (!onCellEdit || item === undefined || !column?.editValue || cell.kind !== GridCellKind.Text) return;
    if (cell.data !== column.editValue(item)) onCellEdit(item, column.id, cell.data);
  };
  const paste = ([col, row]: Item, values: readonly (readonly string[])[]): boolean => {
    if (!onPaste || values.length === 0) return false;
    const rows = pasteRowIndexes(row, [...selection.rows], values.length).flatMap((index) => {
      const item = pages.row(index);
      return item === undefined ? [] : [item];
    });
    const width = Math.max(...values.map((line) => line.length));
    const columnIds = columns.slice(col, col + width).map((column) => column.id);
    onPaste({ rows, columnIds, values: values.map((line) => [...line]) });
    // The parent decides what the paste changes (after asking); the grid writes nothing itself.
    return false;
  };

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
  if (total === undefined) {
    return (
      <Center h={height} aria-busy="true">
        <Stack align="center" gap="xs">
          <Loader aria-label="Loading" />
          {loadingText && (
            <Text size="sm" c="dimmed">
              {loadingText}
            </Text>
          )}
        </Stack>
      </Center>
    );
  }
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
    <Box h={height} data-testid="lazy-grid">
      <DataEditor
        width="100%"
        height={height}
        columns={gridColumns}
        rows={total}
        getCellContent={getCellContent}
        onVisibleRegionChanged={(range) => pages.show({ first: range.y, count: range.height })}
        onCellClicked={([col, row], event) => {
          if (col < 0) return;
          const item = pages.row(row);
          if (item === undefined) return;
          const action = columns[col]?.onClick;
          if (action) action(item, { x: event.bounds.x, y: event.bounds.y + event.bounds.height });
          else onRowClick?.(item, row);
        }}
        rowMarkers={onSelectionChange ? { kind: 'checkbox', headerDisabled: true } : 'none'}
        rowSelect={onSelectionChange ? 'multi' : 'none'}
        rowSelectionMode="multi"
        rangeSelect="none"
        columnSelect="none"
        gridSelection={selection}
        onGridSelectionChange={changeSelection}
        smoothScrollY
        theme={scheme === 'dark' ? DARK_THEME : undefined}
        getCellsForSelection
        onCellEdited={onCellEdit ? editCell : undefined}
        portalElementRef={portalRef as RefObject<HTMLElement>}
        onPaste={onPaste ? paste : false}
        // A focused cell (the paste target) keeps the ticked rows it lands on: Glide keeps rows beside a cell
        // only when both blendings allow it.
        rangeSelectionBlending={onPaste ? 'additive' : undefined}
        rowSelectionBlending={onPaste ? 'mixed' : undefined}
      />
    </Box>
  );
}
