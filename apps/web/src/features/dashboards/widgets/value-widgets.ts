// Value Change Snapshot, Value Table, Value Pie, Accounts By Type, Value History Bars and Value Pivot: what
// each shows, from the engine's value_view (and tree_view to tell holding accounts from grouping ones).
import type { TAnalyticsResult, TValueRow } from '@strata/core/analytics/analytics-types';
import type { TWidgetSettings } from '@strata/core/dashboards/widget-settings';
import { pivotBySettings, type TPivotField, type TPivotMeasure, type TPivotTable } from './pivot.ts';
import type { TGrouping, TWidgetInput } from './widget-settings.ts';

/** Adds up, but one missing value makes the sum missing. */
export function sumOrNull(values: readonly (number | null)[]): number | null {
  let total = 0;
  for (const value of values) {
    if (value === null) return null;
    total += value;
  }
  return total;
}

const negate = (value: number | null) => (value === null ? null : -value);

function lastPeriodIndex(rows: readonly { period: number }[]): number {
  return rows.reduce((max, row) => Math.max(max, row.period), -1);
}

/**
 * Holding accounts (no account below them in tree_view). The account scope also has a row for every
 * grouping account, whose value includes its children's: adding both would count money twice. Without
 * tree_view every account row is kept.
 */
export function holdingAccountIds(result: TAnalyticsResult): ReadonlySet<string> | null {
  const tree = result.tree_view;
  if (!tree || tree.length === 0) return null;
  const accounts = tree.filter((node) => node.node_kind === 'account');
  const parents = new Set(accounts.map((node) => node.parent_id));
  return new Set(
    accounts.filter((node) => !parents.has(node.node_id)).map((node) => node.account_id ?? node.node_id),
  );
}

/** Rows of one grouping (holding accounts, assets, or the values of one tag). */
export function groupRows(result: TAnalyticsResult, grouping: TGrouping, tagName: string): TValueRow[] {
  const rows = result.value_view ?? [];
  if (grouping === 'tag') {
    return rows.filter((row) => row.scope_kind === 'tag' && row.scope_id.startsWith(`${tagName}=`));
  }
  if (grouping === 'asset') return rows.filter((row) => row.scope_kind === 'asset');
  const holding = holdingAccountIds(result);
  return rows.filter((row) => row.scope_kind === 'account' && (!holding || holding.has(row.scope_id)));
}

/** The rows of one scope, oldest period first, limited to the last period for `period: 'last'`. */
function scopeRows(result: TAnalyticsResult, settings: TWidgetSettings): TValueRow[] {
  const rows = (result.value_view ?? [])
    .filter((row) => row.scope_kind === settings.scope_kind && row.scope_id === settings.scope_id)
    .sort((a, b) => a.period - b.period);
  return settings.period === 'last' ? rows.slice(-1) : rows;
}

/** A scope's value identity over some periods: first start, flows added up, last end. */
export interface TValueChange {
  id: string;
  name: string;
  start_date: string;
  end_date: string;
  value_start: number | null;
  net_flows: number | null;
  income: number | null;
  /** Positive: money spent. */
  expenses: number | null;
  market_change: number | null;
  realized: number | null;
  unrealized: number | null;
  fx_effect: number | null;
  value_end: number | null;
}

function valueChangeOf(rows: readonly TValueRow[]): TValueChange | null {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return null;
  const total = (
    key: 'net_flows' | 'income' | 'expenses' | 'market_change' | 'realized' | 'unrealized' | 'fx_effect',
  ) => sumOrNull(rows.map((row) => row[key]));
  return {
    id: first.scope_id,
    name: first.scope_name,
    start_date: first.start,
    end_date: last.end,
    value_start: first.value_start,
    net_flows: total('net_flows'),
    income: total('income'),
    expenses: total('expenses'),
    market_change: total('market_change'),
    realized: total('realized'),
    unrealized: total('unrealized'),
    fx_effect: total('fx_effect'),
    value_end: last.value_end,
  };
}

export interface TSnapshotLine {
  key: string;
  label: string;
  value: number | null;
  /** The opening and closing values; the lines between add up to their difference. */
  isTotal?: boolean;
  /** A part of the line above (realized and unrealized of market change; FX effect inside it). */
  isPart?: boolean;
}

export interface TSnapshot {
  scopeName: string;
  lines: TSnapshotLine[];
}

/**
 * Value Change Snapshot: start + net flows + income − expenses + market change = end (DOMAIN.md's value
 * identity); market change splits into realized and unrealized, and FX effect is the part due to rates.
 */
export function valueChangeSnapshot(input: TWidgetInput, settings: TWidgetSettings): TSnapshot | null {
  const change = valueChangeOf(scopeRows(input.result, settings));
  if (!change) return null;
  return {
    scopeName: change.name,
    lines: [
      {
        key: 'value_start',
        label: `Value on ${change.start_date}`,
        value: change.value_start,
        isTotal: true,
      },
      { key: 'net_flows', label: 'Net flows', value: change.net_flows },
      { key: 'income', label: 'Income', value: change.income },
      { key: 'expenses', label: 'Expenses', value: negate(change.expenses) },
      { key: 'market_change', label: 'Market change', value: change.market_change },
      { key: 'realized', label: 'Realized', value: change.realized, isPart: true },
      { key: 'unrealized', label: 'Unrealized', value: change.unrealized, isPart: true },
      { key: 'fx_effect', label: 'of which FX effect', value: change.fx_effect, isPart: true },
      { key: 'value_end', label: `Value on ${change.end_date}`, value: change.value_end, isTotal: true },
    ],
  };
}

export interface TValueTable {
  rows: TValueChange[];
  /** The repository's own row: its value identity holds even where the groups overlap (tags). */
  total: TValueChange | null;
}

/** Value Table: each group's value identity over the timeline (or last period), largest end value first. */
export function valueTable(input: TWidgetInput, settings: TWidgetSettings): TValueTable {
  const rows = groupRows(input.result, settings.grouping, settings.tag_name);
  const byScope = new Map<string, TValueRow[]>();
  for (const row of [...rows].sort((a, b) => a.period - b.period)) {
    const list = byScope.get(row.scope_id) ?? [];
    list.push(row);
    byScope.set(row.scope_id, list);
  }
  const pick = (list: TValueRow[]) => (settings.period === 'last' ? list.slice(-1) : list);
  const changes = [...byScope.values()]
    .map((list) => valueChangeOf(pick(list)))
    .filter((change): change is TValueChange => change !== null)
    .filter((change) => !(change.value_start === 0 && change.value_end === 0 && change.net_flows === 0))
    .sort(
      (a, b) =>
        (b.value_end ?? Number.NEGATIVE_INFINITY) - (a.value_end ?? Number.NEGATIVE_INFINITY) ||
        a.name.localeCompare(b.name),
    );
  const repository = scopeRows(input.result, {
    ...settings,
    scope_kind: 'repository',
    scope_id: 'repository',
  });
  return { rows: changes, total: valueChangeOf(repository) };
}

export interface TSlice {
  id: string;
  name: string;
  value: number | null;
  /** Of the positive slices' total; null when the value is missing or not positive. */
  share: number | null;
}

export interface TBreakdown {
  slices: TSlice[];
  /** Sum of all slices; null when one is missing. */
  total: number | null;
  end_date: string | null;
}

function breakdownOf(
  entries: readonly { id: string; name: string; value: number | null }[],
  endDate: string | null,
): TBreakdown {
  const kept = entries.filter((entry) => entry.value !== 0);
  const positive = kept.reduce(
    (acc, entry) => acc + (entry.value !== null && entry.value > 0 ? entry.value : 0),
    0,
  );
  const slices = kept
    .map((entry) => ({
      ...entry,
      share: entry.value === null || entry.value <= 0 || positive === 0 ? null : entry.value / positive,
    }))
    .sort(
      (a, b) =>
        (b.value ?? Number.NEGATIVE_INFINITY) - (a.value ?? Number.NEGATIVE_INFINITY) ||
        a.name.localeCompare(b.name),
    );
  return { slices, total: sumOrNull(kept.map((entry) => entry.value)), end_date: endDate };
}

/** Value Pie: each group's value at the end date. Negative values (loans) stay in the list, not the pie. */
export function valueBreakdown(input: TWidgetInput, settings: TWidgetSettings): TBreakdown {
  const rows = groupRows(input.result, settings.grouping, settings.tag_name);
  const last = lastPeriodIndex(rows);
  const atEnd = rows.filter((row) => row.period === last);
  return breakdownOf(
    atEnd.map((row) => ({
      id: row.scope_id,
      name:
        settings.grouping === 'tag' ? row.scope_name.replace(`${settings.tag_name}=`, '') : row.scope_name,
      value: row.value_end,
    })),
    atEnd[0]?.end ?? null,
  );
}

/** Accounts By Type: holding accounts' values at the end date added up by account kind. */
export function accountsByType(input: TWidgetInput): TBreakdown {
  const rows = groupRows(input.result, 'account', '');
  const last = lastPeriodIndex(rows);
  const atEnd = rows.filter((row) => row.period === last);
  const byType = new Map<string, (number | null)[]>();
  for (const row of atEnd) {
    const type = input.accountTypes?.[row.scope_id] ?? 'Other';
    byType.set(type, [...(byType.get(type) ?? []), row.value_end]);
  }
  return breakdownOf(
    [...byType.entries()].map(([type, values]) => ({ id: type, name: type, value: sumOrNull(values) })),
    atEnd[0]?.end ?? null,
  );
}

export interface TBarPoint {
  period: string;
  value: number | null;
}

/** Value History Bars: the scope's value at each period end. */
export function valueHistory(input: TWidgetInput, settings: TWidgetSettings): TBarPoint[] {
  return scopeRows(input.result, { ...settings, period: 'timeline' }).map((row) => ({
    period: row.end,
    value: row.value_end,
  }));
}

const money = (label: string, value: (row: TValueRow) => number | null): TPivotMeasure<TValueRow> => ({
  label,
  value,
});

export const VALUE_PIVOT_CATALOGUE = {
  fields: {
    scope: { label: 'Scope', key: (row: TValueRow) => row.scope_name },
    period: { label: 'Period', key: (row: TValueRow) => row.end, order: (row: TValueRow) => row.period },
    scope_kind: { label: 'Scope kind', key: (row: TValueRow) => row.scope_kind },
  } satisfies Record<string, TPivotField<TValueRow>>,
  measures: {
    value_end: money('Value at end', (row) => row.value_end),
    value_start: money('Value at start', (row) => row.value_start),
    net_flows: money('Net flows', (row) => row.net_flows),
    income: money('Income', (row) => row.income),
    expenses: money('Expenses', (row) => row.expenses),
    market_change: money('Market change', (row) => row.market_change),
    realized: money('Realized', (row) => row.realized),
    unrealized: money('Unrealized', (row) => row.unrealized),
    fx_effect: money('FX effect', (row) => row.fx_effect),
  } satisfies Record<string, TPivotMeasure<TValueRow>>,
};

/**
 * Value Pivot over the grouping's rows. Values at a date (value_end, value_start) are not additive over
 * periods, so a period-column total of them is left out.
 */
export function valuePivot(input: TWidgetInput, settings: TWidgetSettings): TPivotTable {
  const rows = groupRows(input.result, settings.grouping, settings.tag_name);
  const isStock = settings.pivot.value === 'value_end' || settings.pivot.value === 'value_start';
  const table = pivotBySettings(rows, VALUE_PIVOT_CATALOGUE, settings.pivot);
  if (!isStock) return table;
  const acrossPeriods = settings.pivot.columns === 'period';
  const downPeriods = settings.pivot.rows === 'period';
  return {
    ...table,
    rowTotals: acrossPeriods ? null : table.rowTotals,
    columnTotals: downPeriods ? null : table.columnTotals,
    total: acrossPeriods || downPeriods ? undefined : table.total,
  };
}
