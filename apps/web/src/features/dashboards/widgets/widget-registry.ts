// Every widget kind: its label, the component that draws it (lazy: charts and tables load with the first
// widget that needs them, not with the dashboard route), the transform from the engine's result to what
// it shows, its default settings and the fields of its settings form. Kinds are named as
// packages/core/src/dashboards/widget-kinds.ts names them (the seed's names); `code` is the kebab form.
import type { TDataset } from '@strata/core/analytics/analytics-types';
import { findWidgetKind } from '@strata/core/dashboards/widget-kinds';
import { BASE_SETTINGS, type TWidgetSettings } from '@strata/core/dashboards/widget-settings';
import {
  LINKED_PIVOT_AGGREGATE_LABELS,
  LINKED_PIVOT_DIMENSIONS,
  LINKED_TRANSACTION_FIELDS,
} from '@strata/core/linked-data/linked-transaction-fields';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { THistoryBars } from './history-bars-widget.tsx';
import {
  INCOME_PIVOT_CATALOGUE,
  incomeChangeSnapshot,
  incomeHistory,
  incomePivot,
  incomeTable,
} from './income-widgets.ts';
import type { TPivotMeasure } from './pivot.ts';
import type { TPivotView } from './pivot-table-widget.tsx';
import { commitments, irrMoic, PERFORMANCE_PIVOT_CATALOGUE, performancePivot } from './return-widgets.ts';
import {
  accountsByType,
  VALUE_PIVOT_CATALOGUE,
  valueBreakdown,
  valueChangeSnapshot,
  valueHistory,
  valuePivot,
  valueTable,
} from './value-widgets.ts';
import type { TWidgetViewProps } from './widget-parts.tsx';
import type { TWidgetInput } from './widget-settings.ts';

export interface TSettingsOption {
  value: string;
  label: string;
}

/**
 * One field of a widget's settings form. `name` is a key of TWidgetSettings or 'pivot.rows' /
 * 'pivot.columns' / 'pivot.value'. 'scope' fields pick from the scopes of the current result
 * (`scopeOptions`).
 */
export interface TSettingsField {
  name: string;
  label: string;
  type: 'text' | 'select' | 'number' | 'scope';
  options?: readonly TSettingsOption[];
  min?: number;
  max?: number;
}

export interface TWidgetDefinition<TData = unknown> {
  /** The kind as dashboards save it: 'Value Table'. */
  kind: string;
  /** 'value-table': the root's data-testid is `widget-value-table`. */
  code: string;
  label: string;
  /** What the analytics request must include for this kind (from core's catalogue). */
  datasets: readonly TDataset[];
  component: LazyExoticComponent<ComponentType<TWidgetViewProps<TData>>>;
  transform: (input: TWidgetInput, settings: TWidgetSettings) => TData;
  defaultSettings: TWidgetSettings;
  settingsFields: readonly TSettingsField[];
}

const kebab = (kind: string) => kind.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const options = (entries: Readonly<Record<string, { label: string }>>): TSettingsOption[] =>
  Object.entries(entries).map(([value, item]) => ({ value, label: item.label }));

const TITLE: TSettingsField = { name: 'title', label: 'Title', type: 'text' };
const PRECISION: TSettingsField = {
  name: 'precision',
  label: 'Decimal places',
  type: 'number',
  min: 0,
  max: 8,
};
const SCOPE: TSettingsField = { name: 'scope_id', label: 'Scope', type: 'scope' };
const PERIOD: TSettingsField = {
  name: 'period',
  label: 'Period',
  type: 'select',
  options: [
    { value: 'timeline', label: 'Whole timeline' },
    { value: 'last', label: 'Last period' },
  ],
};
const GROUPING: TSettingsField = {
  name: 'grouping',
  label: 'Group by',
  type: 'select',
  options: [
    { value: 'account', label: 'Account' },
    { value: 'asset', label: 'Asset' },
    { value: 'tag', label: 'Tag' },
  ],
};
const TAG_NAME: TSettingsField = { name: 'tag_name', label: 'Tag', type: 'text' };

function pivotFields(catalogue: {
  fields: Readonly<Record<string, { label: string }>>;
  measures: Readonly<Record<string, { label: string }>>;
}): TSettingsField[] {
  const fields = options(catalogue.fields);
  return [
    { name: 'pivot.rows', label: 'Rows', type: 'select', options: fields },
    { name: 'pivot.columns', label: 'Columns', type: 'select', options: fields },
    { name: 'pivot.value', label: 'Values', type: 'select', options: options(catalogue.measures) },
  ];
}

function pivotView(
  catalogue: { measures: Readonly<Record<string, TPivotMeasure<never>>> },
  settings: TWidgetSettings,
  table: TPivotView['table'],
): TPivotView {
  const measure = catalogue.measures[settings.pivot.value] ?? Object.values(catalogue.measures)[0];
  return { table, corner: measure?.label ?? '' };
}

const settingsWith = (patch: Partial<TWidgetSettings>): TWidgetSettings => ({ ...BASE_SETTINGS, ...patch });

function define<TData>(
  kind: string,
  spec: Omit<TWidgetDefinition<TData>, 'kind' | 'code' | 'label' | 'datasets'>,
): TWidgetDefinition {
  const known = findWidgetKind(kind);
  return {
    kind,
    code: kebab(kind),
    label: kind,
    datasets: known?.datasets ?? [],
    ...spec,
  } as unknown as TWidgetDefinition;
}

const ValueChangeSnapshotWidget = lazy(() =>
  import('./value-change-snapshot-widget.tsx').then((m) => ({ default: m.ValueChangeSnapshotWidget })),
);
const IncomeChangeSnapshotWidget = lazy(() =>
  import('./income-change-snapshot-widget.tsx').then((m) => ({ default: m.IncomeChangeSnapshotWidget })),
);
const ValueTableWidget = lazy(() =>
  import('./value-table-widget.tsx').then((m) => ({ default: m.ValueTableWidget })),
);
const IncomeTableWidget = lazy(() =>
  import('./income-table-widget.tsx').then((m) => ({ default: m.IncomeTableWidget })),
);
const IrrMoicWidget = lazy(() => import('./irr-moic-widget.tsx').then((m) => ({ default: m.IrrMoicWidget })));
const CommitmentsWidget = lazy(() =>
  import('./commitments-widget.tsx').then((m) => ({ default: m.CommitmentsWidget })),
);
const PivotTableWidget = lazy(() =>
  import('./pivot-table-widget.tsx').then((m) => ({ default: m.PivotTableWidget })),
);
const BreakdownWidget = lazy(() =>
  import('./breakdown-widget.tsx').then((m) => ({ default: m.BreakdownWidget })),
);
const HistoryBarsWidget = lazy(() =>
  import('./history-bars-widget.tsx').then((m) => ({ default: m.HistoryBarsWidget })),
);
const SectionDelimiterWidget = lazy(() =>
  import('./section-delimiter-widget.tsx').then((m) => ({ default: m.SectionDelimiterWidget })),
);
const LinkedTransactionsWidget = lazy(() =>
  import('./linked-transactions-widget.tsx').then((m) => ({ default: m.LinkedTransactionsWidget })),
);
const LinkedPivotWidget = lazy(() =>
  import('./linked-pivot-widget.tsx').then((m) => ({ default: m.LinkedPivotWidget })),
);

/**
 * The linked pivot's rows/columns (the fields the server groups by) and values (the amount's aggregates), from
 * core: importing the linked-data feature here would put its grid into the dashboard route's first load.
 */
const LINKED_PIVOT_CATALOGUE = {
  fields: Object.fromEntries(
    LINKED_PIVOT_DIMENSIONS.map((field) => [field, { label: LINKED_TRANSACTION_FIELDS[field].label }]),
  ),
  measures: Object.fromEntries(
    Object.entries(LINKED_PIVOT_AGGREGATE_LABELS).map(([aggregate, label]) => [aggregate, { label }]),
  ),
};

const DEFINITIONS: readonly TWidgetDefinition[] = [
  define('Accounts By Type', {
    component: BreakdownWidget,
    transform: (input) => accountsByType(input),
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, PRECISION],
  }),
  define('Commitments', {
    component: CommitmentsWidget,
    transform: (input) => commitments(input),
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, PRECISION],
  }),
  define('Income Change Snapshot', {
    component: IncomeChangeSnapshotWidget,
    transform: incomeChangeSnapshot,
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, SCOPE, PRECISION],
  }),
  define<THistoryBars>('Income History Bars', {
    component: HistoryBarsWidget,
    transform: (input, settings) => {
      const history = incomeHistory(input, settings);
      return {
        series: history.categories.map((category) => ({ key: category, label: category })),
        points: history.points,
        stacked: true,
      };
    },
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, SCOPE, PRECISION],
  }),
  define('Income Table', {
    component: IncomeTableWidget,
    transform: incomeTable,
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, SCOPE, PERIOD, PRECISION],
  }),
  define<TPivotView>('Income Pivot', {
    component: PivotTableWidget,
    transform: (input, settings) => pivotView(INCOME_PIVOT_CATALOGUE, settings, incomePivot(input, settings)),
    defaultSettings: settingsWith({
      pivot: { rows: 'category', columns: 'period', value: 'amount', filter: null },
    }),
    settingsFields: [TITLE, ...pivotFields(INCOME_PIVOT_CATALOGUE), SCOPE, GROUPING, TAG_NAME, PRECISION],
  }),
  define('Linked Transactions', {
    component: LinkedTransactionsWidget,
    transform: (input) => ({ repositoryId: input.repositoryId ?? null }),
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE],
  }),
  define('Linked Transactions Pivot', {
    component: LinkedPivotWidget,
    transform: (input, settings) => ({ repositoryId: input.repositoryId ?? null, pivot: settings.pivot }),
    defaultSettings: findWidgetKind('Linked Transactions Pivot')?.defaultSettings ?? BASE_SETTINGS,
    settingsFields: [TITLE, ...pivotFields(LINKED_PIVOT_CATALOGUE)],
  }),
  define<TPivotView>('Performance Pivot', {
    component: PivotTableWidget,
    transform: (input, settings) =>
      pivotView(PERFORMANCE_PIVOT_CATALOGUE, settings, performancePivot(input, settings)),
    defaultSettings: settingsWith({
      pivot: { rows: 'scope', columns: 'period', value: 'twr', filter: null },
    }),
    settingsFields: [TITLE, ...pivotFields(PERFORMANCE_PIVOT_CATALOGUE), GROUPING, TAG_NAME],
  }),
  define('Section Delimiter', {
    component: SectionDelimiterWidget,
    transform: (_input, settings) => ({ title: settings.title }),
    defaultSettings: settingsWith({ title: 'Section' }),
    settingsFields: [TITLE],
  }),
  define('Value Change Snapshot', {
    component: ValueChangeSnapshotWidget,
    transform: valueChangeSnapshot,
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, SCOPE, PERIOD, PRECISION],
  }),
  define<THistoryBars>('Value History Bars', {
    component: HistoryBarsWidget,
    transform: (input, settings) => ({
      series: [{ key: 'value', label: 'Value' }],
      points: valueHistory(input, settings).map((point) => ({ ...point })),
      stacked: false,
    }),
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, SCOPE, PRECISION],
  }),
  define('Value Pie', {
    component: BreakdownWidget,
    transform: valueBreakdown,
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, GROUPING, TAG_NAME, PRECISION],
  }),
  define('Value Table', {
    component: ValueTableWidget,
    transform: valueTable,
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, GROUPING, TAG_NAME, PERIOD, PRECISION],
  }),
  define<TPivotView>('Value Pivot', {
    component: PivotTableWidget,
    transform: (input, settings) => pivotView(VALUE_PIVOT_CATALOGUE, settings, valuePivot(input, settings)),
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, ...pivotFields(VALUE_PIVOT_CATALOGUE), GROUPING, TAG_NAME, PRECISION],
  }),
  define('IRR and MOIC', {
    component: IrrMoicWidget,
    transform: irrMoic,
    defaultSettings: BASE_SETTINGS,
    settingsFields: [TITLE, GROUPING, TAG_NAME],
  }),
];

/** Kind ('Value Table') → its definition. */
export const WIDGET_REGISTRY: Readonly<Record<string, TWidgetDefinition>> = Object.fromEntries(
  DEFINITIONS.map((definition) => [definition.kind, definition]),
);

export function findWidgetDefinition(kind: string): TWidgetDefinition | undefined {
  return WIDGET_REGISTRY[kind];
}

/** The scopes a 'scope' settings field offers: the repository and each scope of the result's value rows. */
export function scopeOptions(input: TWidgetInput): Array<TSettingsOption & { scope_kind: string }> {
  const seen = new Map<string, TSettingsOption & { scope_kind: string }>();
  for (const row of [...(input.result.value_view ?? []), ...(input.result.income_view ?? [])]) {
    if (row.scope_kind === 'position') continue;
    const key = `${row.scope_kind}:${row.scope_id}`;
    if (!seen.has(key))
      seen.set(key, { value: row.scope_id, label: row.scope_name, scope_kind: row.scope_kind });
  }
  return [...seen.values()];
}
