// Editing a dashboard's widget list: add, remove, move, resize, change settings. The layout is the widgets'
// order flowed into the grid (left to right, a new row when the next one does not fit), so every edit
// gives a layout the server accepts (x + w within the columns) without a drag-and-drop grid engine.
import { findWidgetKind, GRID_COLUMNS, type TDashboardType } from '@strata/core/dashboards/widget-kinds';
import type { TDashboardWidget } from '../api/dashboard-views.ts';

/** Width choices offered per layout, in grid columns. */
export const WIDTH_CHOICES: Record<TDashboardType, readonly number[]> = {
  desktop: [3, 4, 6, 8, 12],
  mobile: [2, 4],
};

export const HEIGHT_CHOICES: readonly number[] = [1, 2, 3, 4, 5, 6, 8, 10, 12];

/** The widgets in reading order: top to bottom, then left to right. */
export function orderedWidgets(widgets: readonly TDashboardWidget[]): TDashboardWidget[] {
  return [...widgets].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
}

/** Places the widgets in the given order; widths are clamped to the grid. */
export function flowLayout(widgets: readonly TDashboardWidget[], type: TDashboardType): TDashboardWidget[] {
  const columns = GRID_COLUMNS[type];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return widgets.map((widget) => {
    const w = Math.min(Math.max(1, widget.layout.w), columns);
    const h = Math.max(1, widget.layout.h);
    if (x + w > columns) {
      y += rowHeight;
      x = 0;
      rowHeight = 0;
    }
    const placed = { ...widget, layout: { x, y, w, h } };
    x += w;
    rowHeight = Math.max(rowHeight, h);
    return placed;
  });
}

function newWidgetId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random()}`;
  return `w-${random}`.slice(0, 64);
}

/** A new widget of `kind` at the end, at the kind's starting size (full width on a phone). */
export function addWidget(
  widgets: readonly TDashboardWidget[],
  kind: string,
  type: TDashboardType,
): TDashboardWidget[] {
  const size = findWidgetKind(kind)?.size ?? { w: 4, h: 4 };
  const widget: TDashboardWidget = {
    id: newWidgetId(),
    kind,
    layout: { x: 0, y: 0, w: type === 'mobile' ? GRID_COLUMNS.mobile : size.w, h: size.h },
    settings: {},
  };
  return flowLayout([...orderedWidgets(widgets), widget], type);
}

export function removeWidget(
  widgets: readonly TDashboardWidget[],
  id: string,
  type: TDashboardType,
): TDashboardWidget[] {
  return flowLayout(
    orderedWidgets(widgets).filter((widget) => widget.id !== id),
    type,
  );
}

/** One place earlier (-1) or later (+1) in reading order; at an end nothing moves. */
export function moveWidget(
  widgets: readonly TDashboardWidget[],
  id: string,
  delta: -1 | 1,
  type: TDashboardType,
): TDashboardWidget[] {
  const list = orderedWidgets(widgets);
  const from = list.findIndex((widget) => widget.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= list.length) return flowLayout(list, type);
  const [moved] = list.splice(from, 1);
  if (moved) list.splice(to, 0, moved);
  return flowLayout(list, type);
}

export function resizeWidget(
  widgets: readonly TDashboardWidget[],
  id: string,
  size: { w?: number; h?: number },
  type: TDashboardType,
): TDashboardWidget[] {
  return flowLayout(
    orderedWidgets(widgets).map((widget) =>
      widget.id === id ? { ...widget, layout: { ...widget.layout, ...size } } : widget,
    ),
    type,
  );
}

export function setWidgetSettings(
  widgets: readonly TDashboardWidget[],
  id: string,
  settings: Record<string, unknown>,
): TDashboardWidget[] {
  return widgets.map((widget) => (widget.id === id ? { ...widget, settings } : widget));
}
