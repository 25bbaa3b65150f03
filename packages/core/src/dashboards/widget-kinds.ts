// The dashboard widget kinds of core seed §3. `kind` is the seed's name — what plans list in
// `dashboard_widgets` and what a saved widget carries — and `code` its kebab form for ids and test ids.
// Each kind names the analytics datasets it reads, the size it starts at and the settings its form shows.
// Desktop layouts are 12 columns wide, mobile ones 4.
import type { TDataset } from '../analytics/analytics-types.ts';
import { BASE_SETTINGS, type TSettingName, type TWidgetSettings } from './widget-settings.ts';

export const DASHBOARD_TYPES = ['desktop', 'mobile'] as const;
export type TDashboardType = (typeof DASHBOARD_TYPES)[number];

export const GRID_COLUMNS: Record<TDashboardType, number> = { desktop: 12, mobile: 4 };

export interface TWidgetKind {
  kind: string;
  code: string;
  label: string;
  datasets: readonly TDataset[];
  /** Width and height in grid units on a desktop dashboard (mobile widgets take the full 4 columns). */
  size: { w: number; h: number };
  defaultSettings: TWidgetSettings;
  /** The settings this kind reads, in the order its form shows them. */
  settings: readonly TSettingName[];
}

const codeOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function kind(
  name: string,
  datasets: readonly TDataset[],
  size: [w: number, h: number],
  settings: readonly TSettingName[],
  defaults: Partial<TWidgetSettings> = {},
): TWidgetKind {
  return {
    kind: name,
    code: codeOf(name),
    label: name,
    datasets,
    size: { w: size[0], h: size[1] },
    defaultSettings: { ...BASE_SETTINGS, ...defaults },
    settings,
  };
}

const PIVOT: readonly TSettingName[] = ['title', 'pivot', 'grouping', 'tag_name', 'precision'];

export const WIDGET_KINDS: readonly TWidgetKind[] = [
  kind('Accounts By Type', ['value_view', 'tree_view'], [4, 4], ['title', 'precision']),
  kind('Commitments', ['commitments_view'], [12, 4], ['title', 'precision']),
  kind('Income Change Snapshot', ['income_view'], [4, 3], ['title', 'scope_id', 'precision']),
  kind('Income History Bars', ['income_view'], [8, 4], ['title', 'scope_id', 'precision']),
  kind('Income Table', ['income_view'], [12, 4], ['title', 'scope_id', 'period', 'precision']),
  kind('Income Pivot', ['income_view'], [12, 5], [...PIVOT, 'scope_id'], {
    pivot: { rows: 'category', columns: 'period', value: 'amount', filter: null },
  }),
  kind('Linked Transactions', [], [12, 4], ['title']),
  // The linked transactions pivot (linked seed §2): rows, columns and values are linked fields and aggregates.
  kind('Linked Transactions Pivot', [], [12, 5], ['title', 'pivot'], {
    pivot: { rows: 'month', columns: 'category', value: 'sum', filter: null },
  }),
  kind('Performance Pivot', ['performance_view'], [12, 5], ['title', 'pivot', 'grouping', 'tag_name'], {
    pivot: { rows: 'scope', columns: 'period', value: 'twr', filter: null },
  }),
  kind('Section Delimiter', [], [12, 1], ['title'], { title: 'Section' }),
  kind('Value Change Snapshot', ['value_view'], [4, 3], ['title', 'scope_id', 'period', 'precision']),
  kind('Value History Bars', ['value_view'], [8, 4], ['title', 'scope_id', 'precision']),
  kind('Value Pie', ['value_view', 'tree_view'], [4, 4], ['title', 'grouping', 'tag_name', 'precision']),
  kind('Value Table', ['value_view'], [12, 4], ['title', 'grouping', 'tag_name', 'period', 'precision']),
  kind('Value Pivot', ['value_view'], [12, 5], PIVOT),
  kind('IRR and MOIC', ['irr_moic_view'], [6, 4], ['title', 'grouping', 'tag_name']),
];

export function findWidgetKind(name: string): TWidgetKind | undefined {
  return WIDGET_KINDS.find((item) => item.kind === name);
}

export function findWidgetKindByCode(code: string): TWidgetKind | undefined {
  return WIDGET_KINDS.find((item) => item.code === code);
}

/** Kinds a plan allows: its `dashboard_widgets` list, or every kind for 'all'. */
export function allowedWidgetKinds(planWidgets: 'all' | readonly string[]): string[] {
  return WIDGET_KINDS.map((item) => item.kind).filter(
    (name) => planWidgets === 'all' || planWidgets.includes(name),
  );
}
