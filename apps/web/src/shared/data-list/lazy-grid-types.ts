// The grid's props and handle, apart from lazy-grid.tsx so the canvas module (loaded later) can name them
// without an import circle.
import type { ReactNode } from 'react';
import type { TPageResult } from './lazy-pages.ts';

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
