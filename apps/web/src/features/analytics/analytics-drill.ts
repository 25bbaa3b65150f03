// Drill-down of the analytics pages: repository → account (→ sub-account) → asset, walked along the
// engine's tree_view, with each node's rows taken from the value or income view by its scope. Missing
// stays null through every sum (a price that is not there is never 0).
import type {
  TAnalyticsResult,
  TIncomeRow,
  TScopeKind,
  TTreeNode,
  TValueRow,
} from '@strata/core/analytics/analytics-types';

export interface TScope {
  scope_kind: TScopeKind;
  scope_id: string;
}

/** The scope of the value/income rows that describe a tree node. */
export function scopeOfNode(node: TTreeNode): TScope {
  if (node.node_kind === 'repository') return { scope_kind: 'repository', scope_id: 'repository' };
  if (node.node_kind === 'account') return { scope_kind: 'account', scope_id: node.account_id ?? '' };
  return { scope_kind: 'position', scope_id: `${node.account_id}|${node.asset_id}` };
}

export function rootNode(result: TAnalyticsResult): TTreeNode | undefined {
  return result.tree_view?.find((node) => node.node_kind === 'repository');
}

export function childNodes(result: TAnalyticsResult, nodeId: string): TTreeNode[] {
  return (result.tree_view ?? [])
    .filter((node) => node.parent_id === nodeId)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0) || a.name.localeCompare(b.name));
}

/** The nodes from the root to `path`'s last node that still exist (a stale path is cut where it breaks). */
export function resolvePath(result: TAnalyticsResult, path: readonly string[]): TTreeNode[] {
  const root = rootNode(result);
  if (!root) return [];
  const trail = [root];
  for (const id of path) {
    const parent = trail.at(-1) as TTreeNode;
    const next = (result.tree_view ?? []).find(
      (node) => node.node_id === id && node.parent_id === parent.node_id,
    );
    if (!next) break;
    trail.push(next);
  }
  return trail;
}

const inScope = (scope: TScope) => (row: { scope_kind: string; scope_id: string }) =>
  row.scope_kind === scope.scope_kind && row.scope_id === scope.scope_id;

export function valueRowsOf(result: TAnalyticsResult, scope: TScope): TValueRow[] {
  return (result.value_view ?? []).filter(inScope(scope)).sort((a, b) => a.period - b.period);
}

export function incomeRowsOf(result: TAnalyticsResult, scope: TScope): TIncomeRow[] {
  return (result.income_view ?? []).filter(inScope(scope));
}

export function sumOrNull(values: readonly (number | null | undefined)[]): number | null {
  let total = 0;
  for (const value of values) {
    if (value === null || value === undefined) return null;
    total += value;
  }
  return total;
}

export interface TValueSummary {
  start: string | null;
  end: string | null;
  value_start: number | null;
  net_flows: number | null;
  income: number | null;
  expenses: number | null;
  market_change: number | null;
  realized: number | null;
  unrealized: number | null;
  fx_effect: number | null;
  value_end: number | null;
  /** value_end − value_start. */
  change: number | null;
  /** change / value_start; null when the start is 0 or missing. */
  change_ratio: number | null;
}

/** One scope's value identity over the whole timeline: stocks at the ends, flows added up. */
export function summarizeValue(rows: readonly TValueRow[]): TValueSummary {
  const first = rows[0];
  const last = rows.at(-1);
  const total = (
    key: 'net_flows' | 'income' | 'expenses' | 'market_change' | 'realized' | 'unrealized' | 'fx_effect',
  ) => (rows.length === 0 ? null : sumOrNull(rows.map((row) => row[key])));
  const valueStart = first?.value_start ?? null;
  const valueEnd = last?.value_end ?? null;
  const change = valueStart === null || valueEnd === null ? null : valueEnd - valueStart;
  return {
    start: first?.start ?? null,
    end: last?.end ?? null,
    value_start: valueStart,
    net_flows: total('net_flows'),
    income: total('income'),
    expenses: total('expenses'),
    market_change: total('market_change'),
    realized: total('realized'),
    unrealized: total('unrealized'),
    fx_effect: total('fx_effect'),
    value_end: valueEnd,
    change,
    change_ratio: change === null || !valueStart ? null : change / valueStart,
  };
}

export interface TIncomeSummary {
  income: number | null;
  expenses: number | null;
  net: number | null;
}

/** Income (positive amounts), expenses (as positive) and net of one scope over the timeline. */
export function summarizeIncome(rows: readonly TIncomeRow[]): TIncomeSummary {
  const income = sumOrNull(rows.filter((row) => row.kind === 'income').map((row) => row.amount));
  const expenses = sumOrNull(rows.filter((row) => row.kind === 'expense').map((row) => row.amount));
  return {
    income,
    expenses: expenses === null ? null : -expenses,
    net: income === null || expenses === null ? null : income + expenses,
  };
}

/** Category → amount over the timeline, income first then expenses, each largest first. */
export function incomeByCategory(
  rows: readonly TIncomeRow[],
): Array<{ category: string; kind: 'income' | 'expense'; amount: number | null }> {
  const byKey = new Map<
    string,
    { category: string; kind: 'income' | 'expense'; amounts: (number | null)[] }
  >();
  for (const row of rows) {
    const key = `${row.kind}\u0000${row.category}`;
    const entry = byKey.get(key) ?? { category: row.category, kind: row.kind, amounts: [] };
    entry.amounts.push(row.amount);
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .map((entry) => ({ category: entry.category, kind: entry.kind, amount: sumOrNull(entry.amounts) }))
    .sort(
      (a, b) =>
        (a.kind === b.kind ? 0 : a.kind === 'income' ? -1 : 1) ||
        Math.abs(b.amount ?? 0) - Math.abs(a.amount ?? 0) ||
        a.category.localeCompare(b.category),
    );
}
