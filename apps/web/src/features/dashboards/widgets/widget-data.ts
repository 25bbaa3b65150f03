// What each widget shows, from the analytics result: pure functions, so the numbers on screen are tested
// against hand-made engine rows. A missing price or rate stays null ('—' on screen), never 0.
import type {
  TAnalyticsResult,
  TCommitmentRow,
  TIrrMoicRow,
  TValueRow,
} from '@strata/core/analytics/analytics-types';

export interface TSnapshotLine {
  label: string;
  value: number | null;
  /** Lines that add up to the end value are indented under it. */
  isTotal?: boolean;
}

const lastPeriod = (rows: readonly TValueRow[]) => rows.reduce((max, row) => Math.max(max, row.period), -1);

function sum(values: readonly (number | null)[]): number | null {
  let total = 0;
  for (const value of values) {
    if (value === null) return null;
    total += value;
  }
  return total;
}

/** Value Change Snapshot: the value identity of the repository over the whole timeline. */
export function valueChangeSnapshot(result: TAnalyticsResult): TSnapshotLine[] {
  const rows = (result.value_view ?? [])
    .filter((row) => row.scope_kind === 'repository')
    .sort((a, b) => a.period - b.period);
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return [];
  const total = (
    key: keyof Pick<TValueRow, 'net_flows' | 'income' | 'expenses' | 'realized' | 'unrealized' | 'fx_effect'>,
  ) => sum(rows.map((row) => row[key]));
  const expenses = total('expenses');
  return [
    { label: `Value on ${first.start}`, value: first.value_start, isTotal: true },
    { label: 'Net flows', value: total('net_flows') },
    { label: 'Income', value: total('income') },
    { label: 'Expenses', value: expenses === null ? null : -expenses },
    { label: 'Realized gains', value: total('realized') },
    { label: 'Unrealized gains', value: total('unrealized') },
    { label: `Value on ${last.end}`, value: last.value_end, isTotal: true },
  ];
}

export interface TShareRow {
  id: string;
  name: string;
  value: number | null;
  /** Of the total of the rows with a value; null when the row has none. */
  share: number | null;
}

/** Value Table / Value Pie: each holding account's value at the end of the timeline, largest first. */
export function valueByAccount(result: TAnalyticsResult): TShareRow[] {
  const rows = result.value_view ?? [];
  const period = lastPeriod(rows);
  const accounts = rows.filter((row) => row.scope_kind === 'account' && row.period === period);
  const total = accounts.reduce((acc, row) => acc + (row.value_end ?? 0), 0);
  return accounts
    .map((row) => ({
      id: row.scope_id,
      name: row.scope_name,
      value: row.value_end,
      share: row.value_end === null || total === 0 ? null : row.value_end / total,
    }))
    .filter((row) => row.value !== 0)
    .sort((a, b) => (b.value ?? Number.NEGATIVE_INFINITY) - (a.value ?? Number.NEGATIVE_INFINITY));
}

export interface TBar {
  label: string;
  value: number | null;
}

/** Value History Bars: the repository's value at each period end. */
export function valueHistory(result: TAnalyticsResult): TBar[] {
  return (result.value_view ?? [])
    .filter((row) => row.scope_kind === 'repository')
    .sort((a, b) => a.period - b.period)
    .map((row) => ({ label: row.end, value: row.value_end }));
}

/** Income Table: income and expenses by category over the timeline, income first. */
export function incomeByCategory(result: TAnalyticsResult): TBar[] {
  const totals = new Map<string, number | null>();
  for (const row of result.income_view ?? []) {
    if (row.scope_kind !== 'repository') continue;
    const previous = totals.has(row.category) ? (totals.get(row.category) as number | null) : 0;
    totals.set(row.category, previous === null || row.amount === null ? null : previous + row.amount);
  }
  return [...totals.entries()]
    .map(([label, value]) => ({ label, value }))
    .filter((row) => row.value !== 0)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
}

/** IRR and MOIC: the repository, then each account, over the whole timeline. */
export function irrMoicRows(result: TAnalyticsResult): TIrrMoicRow[] {
  const order = { repository: 0, account: 1, tag: 2, asset: 3, position: 4 } as const;
  return (result.irr_moic_view ?? [])
    .filter((row) => row.period === -1 && (row.scope_kind === 'repository' || row.scope_kind === 'account'))
    .sort((a, b) => order[a.scope_kind] - order[b.scope_kind] || a.scope_name.localeCompare(b.scope_name));
}

/** Commitments: each fund, then the total row. */
export function commitmentRows(result: TAnalyticsResult): TCommitmentRow[] {
  const rows = result.commitments_view ?? [];
  return [...rows.filter((row) => row.asset_id !== null), ...rows.filter((row) => row.asset_id === null)];
}

/** A money amount in the reporting currency with the dashboard's precision; '—' when it is missing. */
export function formatMoney(value: number | null, currency: string, precision = 0): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  }).format(value);
}

export function formatRatio(value: number | null, digits = 2): string {
  return value === null || !Number.isFinite(value) ? '—' : `${value.toFixed(digits)}×`;
}

export function formatPercent(value: number | null, digits = 1): string {
  return value === null || !Number.isFinite(value) ? '—' : `${(value * 100).toFixed(digits)}%`;
}
