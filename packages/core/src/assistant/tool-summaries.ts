// What the assistant's tools hand the model: the analytics and lists cut down to the rows a question needs,
// with names next to ids and amounts as decimal text rounded to cents (a model reads '1234.50' reliably;
// it does not need the engine's float tails, and every row costs context).
import type { TIncomeRow, TPeriod, TPositionRow, TValueRow } from '../analytics/analytics-types.ts';
import { addDays } from '../dates/epoch-day.ts';
import { Decimal } from '../money/decimal.ts';

/** Decimal text with two places; null stays null (a missing price or rate: the model is told it is unknown). */
export function amountText(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return new Decimal(value).toFixed(2);
}

function sumText(values: ReadonlyArray<number | null>): string | null {
  if (values.some((value) => value === null)) return null;
  return values.reduce((sum: Decimal, value) => sum.plus(value ?? 0), new Decimal(0)).toFixed(2);
}

/** The engine's period starts are exclusive (the previous end); people count from the first day. */
function periodDays(period: Pick<TPeriod, 'start' | 'end'>): { from: string; to: string } {
  return { from: addDays(period.start, 1), to: period.end };
}

export interface TIncomeSummary {
  currency: string;
  periods: Array<{
    from: string;
    to: string;
    income: Array<{ category: string; amount: string | null }>;
    expenses: Array<{ category: string; amount: string | null }>;
    total_income: string | null;
    total_expenses: string | null;
  }>;
}

/** The repository's income and expenses per period and category (repository-scope rows only). */
export function summarizeIncome(result: {
  currency: string;
  periods: readonly TPeriod[];
  income_view?: readonly TIncomeRow[];
}): TIncomeSummary {
  const rows = (result.income_view ?? []).filter((row) => row.scope_kind === 'repository');
  return {
    currency: result.currency,
    periods: result.periods.map((period) => {
      const inPeriod = rows.filter((row) => row.period === period.index);
      const of = (kind: 'income' | 'expense') => inPeriod.filter((row) => row.kind === kind);
      const lines = (kind: 'income' | 'expense') =>
        of(kind).map((row) => ({ category: row.category, amount: amountText(row.amount) }));
      return {
        ...periodDays(period),
        income: lines('income'),
        expenses: lines('expense'),
        total_income: sumText(of('income').map((row) => row.amount)),
        total_expenses: sumText(of('expense').map((row) => row.amount)),
      };
    }),
  };
}

export interface TAccountChange {
  account_id: string;
  name: string;
  value_start: string | null;
  value_end: string | null;
  /** value_end − value_start: deposits and withdrawals included. */
  change: string | null;
  net_flows: string | null;
  income: string | null;
  /** The change not explained by flows, income or expenses: what the market did. */
  market_change: string | null;
}

export interface TValueChangeSummary {
  currency: string;
  periods: Array<{ from: string; to: string; accounts: TAccountChange[] }>;
}

/** Each holding account's value change per period, the biggest loss (by market change) first. */
export function summarizeValueChangeByAccount(result: {
  currency: string;
  periods: readonly TPeriod[];
  value_view?: readonly TValueRow[];
}): TValueChangeSummary {
  const rows = (result.value_view ?? []).filter((row) => row.scope_kind === 'account');
  return {
    currency: result.currency,
    periods: result.periods.map((period) => ({
      ...periodDays(period),
      accounts: rows
        .filter((row) => row.period === period.index)
        .map((row) => ({
          account_id: row.scope_id,
          name: row.scope_name,
          value_start: amountText(row.value_start),
          value_end: amountText(row.value_end),
          change:
            row.value_start === null || row.value_end === null
              ? null
              : new Decimal(row.value_end).minus(row.value_start).toFixed(2),
          net_flows: amountText(row.net_flows),
          income: amountText(row.income),
          market_change: amountText(row.market_change),
        }))
        .sort(byMarketChange),
    })),
  };
}

// Unknown changes last: they cannot be ranked.
function byMarketChange(a: TAccountChange, b: TAccountChange): number {
  if (a.market_change === null) return b.market_change === null ? 0 : 1;
  if (b.market_change === null) return -1;
  return new Decimal(a.market_change).comparedTo(b.market_change);
}

export interface TPositionLine {
  account: string;
  asset: string;
  /** Exact units. */
  units: string;
  value: string | null;
  cost_basis: string | null;
  gain: string | null;
}

/** Positions with account and asset names instead of ids (an id the caller cannot see keeps its id). */
export function summarizePositions(
  rows: readonly TPositionRow[],
  nameOf: (id: string) => string | undefined,
): { date: string | null; positions: TPositionLine[] } {
  return {
    date: rows[0]?.date ?? null,
    positions: rows.map((row) => ({
      account: nameOf(row.account_id) ?? row.account_id,
      asset: nameOf(row.asset_id) ?? row.asset_id,
      units: row.amount,
      value: amountText(row.position_close),
      cost_basis: amountText(row.cost_basis),
      gain: amountText(row.position_gain),
    })),
  };
}
