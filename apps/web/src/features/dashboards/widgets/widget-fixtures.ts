// Hand-made engine output for the widget tests: two months, a bank account at the top and a brokerage
// account inside the 'Investments' grouping account; ACME held at the broker, priced in both months.
import type {
  TAnalyticsResult,
  TIncomeRow,
  TScopeKind,
  TValueRow,
} from '@strata/core/analytics/analytics-types';

const PERIODS = [
  { index: 0, start: '2023-12-31', end: '2024-01-31' },
  { index: 1, start: '2024-01-31', end: '2024-02-29' },
];

type TFigures = Omit<TValueRow, 'scope_kind' | 'scope_id' | 'scope_name' | 'period' | 'start' | 'end'>;

export function valueRow(
  scope: [TScopeKind, string, string],
  period: 0 | 1,
  figures: Partial<TFigures>,
): TValueRow {
  const [scope_kind, scope_id, scope_name] = scope;
  const { start, end } = PERIODS[period] as { start: string; end: string };
  const base: TFigures = {
    value_start: 0,
    value_end: 0,
    net_flows: 0,
    contributions: 0,
    withdrawals: 0,
    income: 0,
    expenses: 0,
    market_change: 0,
    realized: 0,
    unrealized: 0,
    fx_effect: 0,
  };
  return { scope_kind, scope_id, scope_name, period, start, end, ...base, ...figures };
}

export function incomeRow(
  scope: [TScopeKind, string, string],
  period: 0 | 1,
  category: string,
  amount: number | null,
): TIncomeRow {
  const [scope_kind, scope_id, scope_name] = scope;
  const { start, end } = PERIODS[period] as { start: string; end: string };
  return {
    scope_kind,
    scope_id,
    scope_name,
    period,
    start,
    end,
    category,
    kind: amount !== null && amount < 0 ? 'expense' : 'income',
    amount,
  };
}

export const REPO: [TScopeKind, string, string] = ['repository', 'repository', 'Repository'];
export const BANK: [TScopeKind, string, string] = ['account', 'acc-bank', 'Bank'];
export const BROKER: [TScopeKind, string, string] = ['account', 'acc-broker', 'Brokerage'];
export const GROUP: [TScopeKind, string, string] = ['account', 'acc-group', 'Investments'];
export const ACME: [TScopeKind, string, string] = ['asset', 'ast-acme', 'ACME'];
export const USD: [TScopeKind, string, string] = ['asset', 'ast-usd', 'USD'];
export const STOCKS: [TScopeKind, string, string] = ['tag', 'Category=Stocks', 'Category=Stocks'];

/**
 * Jan: deposit 10,000, buy ACME for 1,500 (ACME 1,550 at month end), a 20 dividend.
 * Feb: a 30 fee, ACME to 1,600 (50 unrealized), 25 dividend, 5 interest expense.
 */
export function sampleResult(): TAnalyticsResult {
  const janRepo = {
    value_start: 0,
    value_end: 10_070,
    net_flows: 10_000,
    contributions: 10_000,
    income: 20,
    market_change: 50,
    unrealized: 50,
  };
  const febRepo = {
    value_start: 10_070,
    value_end: 10_110,
    income: 25,
    expenses: 35,
    market_change: 50,
    unrealized: 50,
    fx_effect: 3,
  };
  return {
    currency: 'USD',
    periods: PERIODS,
    missing: [],
    value_view: [
      valueRow(REPO, 0, janRepo),
      valueRow(REPO, 1, febRepo),
      valueRow(BANK, 0, { value_end: 8_520, net_flows: 8_500, income: 20 }),
      valueRow(BANK, 1, { value_start: 8_520, value_end: 8_510, income: 25, expenses: 35 }),
      valueRow(GROUP, 0, { value_end: 1_550, net_flows: 1_500, market_change: 50, unrealized: 50 }),
      valueRow(GROUP, 1, { value_start: 1_550, value_end: 1_600, market_change: 50, unrealized: 50 }),
      valueRow(BROKER, 0, { value_end: 1_550, net_flows: 1_500, market_change: 50, unrealized: 50 }),
      valueRow(BROKER, 1, { value_start: 1_550, value_end: 1_600, market_change: 50, unrealized: 50 }),
      valueRow(ACME, 0, { value_end: 1_550, net_flows: 1_500, market_change: 50, unrealized: 50 }),
      valueRow(ACME, 1, { value_start: 1_550, value_end: 1_600, market_change: 50, unrealized: 50 }),
      valueRow(USD, 0, { value_end: 8_520, net_flows: 8_500, income: 20 }),
      valueRow(USD, 1, { value_start: 8_520, value_end: 8_510, income: 25, expenses: 35 }),
      valueRow(STOCKS, 0, { value_end: 1_550, net_flows: 1_500, market_change: 50, unrealized: 50 }),
      valueRow(STOCKS, 1, { value_start: 1_550, value_end: 1_600, market_change: 50, unrealized: 50 }),
    ],
    income_view: [
      incomeRow(REPO, 0, 'cash dividend', 20),
      incomeRow(REPO, 0, 'unrealized gain and income', 50),
      incomeRow(REPO, 1, 'cash dividend', 25),
      incomeRow(REPO, 1, 'unrealized gain and income', 50),
      incomeRow(REPO, 1, 'interest expense', -5),
      incomeRow(REPO, 1, 'fees', -30),
      incomeRow(BANK, 1, 'cash dividend', 25),
      incomeRow(BROKER, 1, 'unrealized gain and income', 50),
      incomeRow(GROUP, 1, 'unrealized gain and income', 50),
    ],
    tree_view: [
      {
        node_id: 'repository',
        parent_id: null,
        node_kind: 'repository',
        account_id: null,
        asset_id: null,
        name: 'Repository',
        depth: 0,
        value: 10_110,
        value_change: 10_110,
        cost_basis: null,
        unrealized_gain: null,
      },
      {
        node_id: 'acc-bank',
        parent_id: 'repository',
        node_kind: 'account',
        account_id: 'acc-bank',
        asset_id: null,
        name: 'Bank',
        depth: 1,
        value: 8_510,
        value_change: 8_510,
        cost_basis: null,
        unrealized_gain: null,
      },
      {
        node_id: 'acc-group',
        parent_id: 'repository',
        node_kind: 'account',
        account_id: 'acc-group',
        asset_id: null,
        name: 'Investments',
        depth: 1,
        value: 1_600,
        value_change: 1_600,
        cost_basis: null,
        unrealized_gain: null,
      },
      {
        node_id: 'acc-broker',
        parent_id: 'acc-group',
        node_kind: 'account',
        account_id: 'acc-broker',
        asset_id: null,
        name: 'Brokerage',
        depth: 2,
        value: 1_600,
        value_change: 1_600,
        cost_basis: 1_500,
        unrealized_gain: 100,
      },
      {
        node_id: 'acc-broker|ast-acme',
        parent_id: 'acc-broker',
        node_kind: 'position',
        account_id: 'acc-broker',
        asset_id: 'ast-acme',
        name: 'ACME',
        depth: 3,
        value: 1_600,
        value_change: 1_600,
        cost_basis: 1_500,
        unrealized_gain: 100,
      },
    ],
  };
}
