// The dashboards a user finds on first opening a repository, so the page never starts empty: the value
// identity, value by account and IRR side by side, then value history and income — what users look at
// first. Kinds the user's plan does not allow are left out; on a phone the widgets stack at full width.
import type { TWidget } from './dashboard-rules.ts';
import { allowedWidgetKinds, findWidgetKind, GRID_COLUMNS, type TDashboardType } from './widget-kinds.ts';

export const STARTER_DASHBOARD_NAME = 'Overview';
export const STARTER_DASHBOARD_SLUG = 'overview';

/** In reading order; on a desktop they flow left to right into rows of 12 columns. */
const STARTER: ReadonlyArray<{ kind: string; w: number; h: number }> = [
  { kind: 'Value Change Snapshot', w: 4, h: 5 },
  { kind: 'Value Pie', w: 4, h: 5 },
  { kind: 'IRR and MOIC', w: 4, h: 5 },
  { kind: 'Value History Bars', w: 8, h: 4 },
  { kind: 'Income Table', w: 4, h: 4 },
  // The collaborator plan allows none of the charts above but this table.
  { kind: 'Value Table', w: 12, h: 4 },
];

export function starterWidgets(type: TDashboardType, planWidgets: 'all' | readonly string[]): TWidget[] {
  const allowed = allowedWidgetKinds(planWidgets);
  const picked = STARTER.filter((item) => allowed.includes(item.kind));
  // The full starter fills the page already; the table is there for plans left with little else.
  const chosen = picked.length > 3 ? picked.filter((item) => item.kind !== 'Value Table') : picked;
  const columns = GRID_COLUMNS[type];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return chosen.map((item, index) => {
    const w = Math.min(item.w, columns);
    if (x + w > columns) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const layout = { x, y, w, h: item.h };
    x += w;
    rowHeight = Math.max(rowHeight, item.h);
    return {
      id: `w${index + 1}`,
      kind: item.kind,
      layout,
      settings: { ...(findWidgetKind(item.kind)?.defaultSettings ?? {}) },
    };
  });
}
