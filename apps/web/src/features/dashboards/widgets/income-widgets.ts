// Income Change Snapshot, Income History Bars, Income Table and Income Pivot from the engine's income_view:
// sparse rows per scope × period × category (income positive, expenses negative; a row that is not there
// reads as 0, a null amount is missing and stays missing).
import type { TIncomeRow } from '@strata/core/analytics/analytics-types';
import type { TWidgetSettings } from '@strata/core/dashboards/widget-settings';
import { pivotBySettings, type TPivotField, type TPivotMeasure, type TPivotTable } from './pivot.ts';
import { holdingAccountIds, sumOrNull } from './value-widgets.ts';
import type { TWidgetInput } from './widget-settings.ts';

function scopeIncome(input: TWidgetInput, settings: TWidgetSettings): TIncomeRow[] {
  return (input.result.income_view ?? []).filter(
    (row) => row.scope_kind === settings.scope_kind && row.scope_id === settings.scope_id,
  );
}

function lastPeriod(input: TWidgetInput): number {
  return input.result.periods.reduce((max, period) => Math.max(max, period.index), -1);
}

export interface TIncomeLine {
  category: string;
  kind: 'income' | 'expense';
  amount: number | null;
}

export interface TIncomeTable {
  lines: TIncomeLine[];
  income: number | null;
  expenses: number | null;
  net: number | null;
}

function byCategory(rows: readonly TIncomeRow[]): Map<string, TIncomeLine> {
  const lines = new Map<string, TIncomeLine>();
  for (const row of rows) {
    const key = `${row.kind}:${row.category}`;
    const line = lines.get(key) ?? { category: row.category, kind: row.kind, amount: 0 };
    line.amount = sumOrNull([line.amount, row.amount]);
    lines.set(key, line);
  }
  return lines;
}

const incomeFirst = (a: TIncomeLine, b: TIncomeLine) =>
  (a.kind === b.kind ? 0 : a.kind === 'income' ? -1 : 1) ||
  Math.abs(b.amount ?? Number.POSITIVE_INFINITY) - Math.abs(a.amount ?? Number.POSITIVE_INFINITY) ||
  a.category.localeCompare(b.category);

/** Income Table: each category over the timeline (or the last period), income then expenses, and the net. */
export function incomeTable(input: TWidgetInput, settings: TWidgetSettings): TIncomeTable {
  const last = lastPeriod(input);
  const rows = scopeIncome(input, settings).filter(
    (row) => settings.period !== 'last' || row.period === last,
  );
  const lines = [...byCategory(rows).values()].filter((line) => line.amount !== 0).sort(incomeFirst);
  const income = sumOrNull(lines.filter((line) => line.kind === 'income').map((line) => line.amount));
  const expenses = sumOrNull(lines.filter((line) => line.kind === 'expense').map((line) => line.amount));
  return { lines, income, expenses, net: sumOrNull([income, expenses]) };
}

export interface TIncomeChangeLine extends TIncomeLine {
  previous: number | null;
  /** amount − previous. */
  change: number | null;
}

export interface TIncomeChange {
  current: { start: string; end: string } | null;
  previous: { start: string; end: string } | null;
  lines: TIncomeChangeLine[];
  net: { amount: number | null; previous: number | null; change: number | null };
}

/** Income Change Snapshot: the last period against the one before, by category. */
export function incomeChangeSnapshot(input: TWidgetInput, settings: TWidgetSettings): TIncomeChange {
  const last = lastPeriod(input);
  const rows = scopeIncome(input, settings);
  const now = byCategory(rows.filter((row) => row.period === last));
  const before = byCategory(rows.filter((row) => row.period === last - 1));
  const keys = new Set([...now.keys(), ...before.keys()]);
  const lines = [...keys]
    .map((key) => {
      const line = (now.get(key) ?? before.get(key)) as TIncomeLine;
      const amount = now.get(key)?.amount ?? (now.has(key) ? null : 0);
      const previous = before.get(key)?.amount ?? (before.has(key) ? null : 0);
      return {
        category: line.category,
        kind: line.kind,
        amount,
        previous,
        change: amount === null || previous === null ? null : amount - previous,
      };
    })
    .filter((line) => line.amount !== 0 || line.previous !== 0)
    .sort(incomeFirst);
  const amount = sumOrNull(lines.map((line) => line.amount));
  const previous = sumOrNull(lines.map((line) => line.previous));
  const period = (index: number) => {
    const found = input.result.periods.find((item) => item.index === index);
    return found ? { start: found.start, end: found.end } : null;
  };
  return {
    current: period(last),
    previous: period(last - 1),
    lines,
    net: { amount, previous, change: amount === null || previous === null ? null : amount - previous },
  };
}

export interface TIncomeHistory {
  /** Categories, income first: the chart's series. */
  categories: string[];
  /** One entry per period: `period` (its end) and an amount per category (null: missing). */
  points: Array<{ period: string } & Record<string, number | null | string>>;
}

/** Income History Bars: each period's amounts by category (every period of the timeline, empty ones too). */
export function incomeHistory(input: TWidgetInput, settings: TWidgetSettings): TIncomeHistory {
  const rows = scopeIncome(input, settings);
  const order = [...byCategory(rows).values()].sort(incomeFirst).map((line) => line.category);
  const categories = [...new Set(order)];
  const points = [...input.result.periods]
    .sort((a, b) => a.index - b.index)
    .map((period) => {
      const point: { period: string } & Record<string, number | null | string> = { period: period.end };
      for (const category of categories) {
        point[category] = sumOrNull(
          rows
            .filter((row) => row.period === period.index && row.category === category)
            .map((row) => row.amount),
        );
      }
      return point;
    });
  return { categories, points };
}

export const INCOME_PIVOT_CATALOGUE = {
  fields: {
    category: { label: 'Category', key: (row: TIncomeRow) => row.category },
    period: { label: 'Period', key: (row: TIncomeRow) => row.end, order: (row: TIncomeRow) => row.period },
    kind: { label: 'Income or expense', key: (row: TIncomeRow) => row.kind },
    scope: { label: 'Scope', key: (row: TIncomeRow) => row.scope_name },
  } satisfies Record<string, TPivotField<TIncomeRow>>,
  measures: {
    amount: { label: 'Amount', value: (row: TIncomeRow) => row.amount },
  } satisfies Record<string, TPivotMeasure<TIncomeRow>>,
};

/**
 * Income Pivot. With 'scope' on rows or columns it spreads over the grouping's scopes (holding accounts,
 * assets or one tag's values); otherwise it reads the one scope of the settings (the repository).
 */
export function incomePivot(input: TWidgetInput, settings: TWidgetSettings): TPivotTable {
  const spread = settings.pivot.rows === 'scope' || settings.pivot.columns === 'scope';
  const holding = holdingAccountIds(input.result);
  const inScope = (row: TIncomeRow) => {
    if (!spread) return row.scope_kind === settings.scope_kind && row.scope_id === settings.scope_id;
    if (settings.grouping === 'tag')
      return row.scope_kind === 'tag' && row.scope_id.startsWith(`${settings.tag_name}=`);
    if (settings.grouping === 'asset') return row.scope_kind === 'asset';
    return row.scope_kind === 'account' && (!holding || holding.has(row.scope_id));
  };
  return pivotBySettings(input.result.income_view ?? [], INCOME_PIVOT_CATALOGUE, settings.pivot, inScope);
}
