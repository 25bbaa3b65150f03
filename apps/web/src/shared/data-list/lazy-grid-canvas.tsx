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
import { Box, useComputedColorScheme } from '@mantine/core';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { pasteRowIndexes } from './grid-paste.ts';
import type { TLazyGridProps } from './lazy-grid-types.ts';
import type { LazyPages, TLazyPagesSnapshot } from './lazy-pages.ts';

// Glide Data Grid (~100 KB gzip) is this module's alone: lazy-grid.tsx loads it after the page's toolbar has
// drawn, while the first page of rows is on its way (docs/benchmarks.md, issue 23).

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

/** Above the stacked dialogs (from 100) and below the notifications (10000 above them). */
const EDITOR_Z_INDEX = 5000;

const LOADING_CELL: GridCell = { kind: GridCellKind.Loading, allowOverlay: false };

const emptySelection = (): GridSelection => ({
  columns: CompactSelection.empty(),
  rows: CompactSelection.empty(),
});

export interface TLazyGridCanvasProps<T> extends TLazyGridProps<T> {
  pages: LazyPages<T>;
  snapshot: TLazyPagesSnapshot;
  /** Rows in the whole list: known and above zero whenever the canvas is drawn. */
  total: number;
  height: number | string;
}

/** The grid itself, drawn on a canvas once the list's first page has answered with rows. */
export function LazyGridCanvas<T>({
  columns,
  getRowId,
  onRowClick,
  onSelectionChange,
  onCellEdit,
  onPaste,
  handleRef,
  pages,
  snapshot,
  total,
  height,
}: TLazyGridCanvasProps<T>) {
  // A new query unmounts the canvas (the list shows its loader until the total is known), so the selection
  // starts empty with each query.
  const [selection, setSelection] = useState<GridSelection>(emptySelection);

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
