// The dashboard widget kinds of core seed §3, named as the plans file names them, with the analytics each
// one reads and the size it starts at. Desktop layouts are 12 columns wide, mobile ones 4.
import type { TDataset } from '../analytics/analytics-types.ts';

export const DASHBOARD_TYPES = ['desktop', 'mobile'] as const;
export type TDashboardType = (typeof DASHBOARD_TYPES)[number];

export const GRID_COLUMNS: Record<TDashboardType, number> = { desktop: 12, mobile: 4 };

export interface TWidgetKind {
  kind: string;
  datasets: readonly TDataset[];
  /** Width and height in grid units on a desktop dashboard (mobile widgets take the full 4 columns). */
  size: { w: number; h: number };
}

const kind = (name: string, datasets: readonly TDataset[], w: number, h: number): TWidgetKind => ({
  kind: name,
  datasets,
  size: { w, h },
});

export const WIDGET_KINDS: readonly TWidgetKind[] = [
  kind('Accounts By Type', ['value_view', 'tree_view'], 4, 4),
  kind('Commitments', ['commitments_view'], 12, 4),
  kind('Income Change Snapshot', ['income_view'], 4, 3),
  kind('Income History Bars', ['income_view'], 8, 4),
  kind('Income Table', ['income_view'], 12, 4),
  kind('Income Pivot', ['income_view'], 12, 5),
  kind('Linked Transactions', [], 12, 4),
  kind('Linked Transactions Pivot', [], 12, 5),
  kind('Performance Pivot', ['performance_view'], 12, 5),
  kind('Section Delimiter', [], 12, 1),
  kind('Value Change Snapshot', ['value_view'], 4, 3),
  kind('Value History Bars', ['value_view'], 8, 4),
  kind('Value Pie', ['value_view', 'tree_view'], 4, 4),
  kind('Value Table', ['value_view'], 12, 4),
  kind('Value Pivot', ['value_view'], 12, 5),
  kind('IRR and MOIC', ['irr_moic_view'], 6, 4),
];

export function findWidgetKind(name: string): TWidgetKind | undefined {
  return WIDGET_KINDS.find((item) => item.kind === name);
}

/** Kinds a plan allows: its `dashboard_widgets` list, or every kind for 'all'. */
export function allowedWidgetKinds(planWidgets: 'all' | readonly string[]): string[] {
  return WIDGET_KINDS.map((item) => item.kind).filter(
    (name) => planWidgets === 'all' || planWidgets.includes(name),
  );
}
