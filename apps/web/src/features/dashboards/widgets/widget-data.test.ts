import type { TAnalyticsResult, TValueRow } from '@strata/core/analytics/analytics-types';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  incomeByCategory,
  irrMoicRows,
  valueByAccount,
  valueChangeSnapshot,
  valueHistory,
} from './widget-data.ts';

function valueRow(
  scope: Partial<TValueRow>,
  period: number,
  start: string,
  end: string,
  values: Partial<TValueRow>,
): TValueRow {
  return {
    scope_kind: 'repository',
    scope_id: 'repository',
    scope_name: 'Repository',
    period,
    start,
    end,
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
    ...scope,
    ...values,
  };
}

// Two months by hand: 1,000 paid in, 10 units bought at 100; January closes at 120 (+200 unrealized),
// February pays a 15 dividend and closes at 110 (−100 unrealized).
const result: TAnalyticsResult = {
  currency: 'USD',
  periods: [],
  missing: [],
  value_view: [
    valueRow({}, 0, '2025-12-31', '2026-01-31', {
      value_start: 0,
      value_end: 1200,
      net_flows: 1000,
      unrealized: 200,
      market_change: 200,
    }),
    valueRow({}, 1, '2026-01-31', '2026-02-28', {
      value_start: 1200,
      value_end: 1115,
      income: 15,
      unrealized: -100,
      market_change: -100,
    }),
    valueRow({ scope_kind: 'account', scope_id: 'a', scope_name: 'Broker' }, 1, '2026-01-31', '2026-02-28', {
      value_end: 1100,
    }),
    valueRow(
      { scope_kind: 'account', scope_id: 'b', scope_name: 'Checking' },
      1,
      '2026-01-31',
      '2026-02-28',
      { value_end: 15 },
    ),
    valueRow({ scope_kind: 'account', scope_id: 'c', scope_name: 'Empty' }, 1, '2026-01-31', '2026-02-28', {
      value_end: 0,
    }),
    valueRow(
      { scope_kind: 'account', scope_id: 'd', scope_name: 'No price' },
      1,
      '2026-01-31',
      '2026-02-28',
      { value_end: null },
    ),
  ],
  income_view: [
    {
      scope_kind: 'repository',
      scope_id: 'repository',
      scope_name: 'Repository',
      period: 1,
      start: '',
      end: '',
      category: 'cash dividend',
      kind: 'income',
      amount: 15,
    },
    {
      scope_kind: 'account',
      scope_id: 'a',
      scope_name: 'Broker',
      period: 1,
      start: '',
      end: '',
      category: 'cash dividend',
      kind: 'income',
      amount: 15,
    },
  ],
  irr_moic_view: [
    {
      scope_kind: 'account',
      scope_id: 'a',
      scope_name: 'Broker',
      period: -1,
      start: '',
      end: '',
      irr: null,
      irr_reason: 'no sign change',
      value_start: 0,
      value_end: 0,
      contributions: 0,
      distributions: 0,
      moic: null,
      dpi: null,
      rvpi: null,
    },
    {
      scope_kind: 'repository',
      scope_id: 'repository',
      scope_name: 'Repository',
      period: -1,
      start: '',
      end: '',
      irr: 0.5,
      irr_reason: null,
      value_start: 0,
      value_end: 0,
      contributions: 0,
      distributions: 0,
      moic: 1.1,
      dpi: 0,
      rvpi: 1.1,
    },
    {
      scope_kind: 'repository',
      scope_id: 'repository',
      scope_name: 'Repository',
      period: 0,
      start: '',
      end: '',
      irr: 0.1,
      irr_reason: null,
      value_start: 0,
      value_end: 0,
      contributions: 0,
      distributions: 0,
      moic: 1,
      dpi: 0,
      rvpi: 1,
    },
  ],
};

describe('dashboard widget data', () => {
  it('Value Change Snapshot adds up from start to end value', () => {
    const lines = valueChangeSnapshot(result);
    expect(lines.map((line) => [line.label, line.value])).toEqual([
      ['Value on 2025-12-31', 0],
      ['Net flows', 1000],
      ['Income', 15],
      ['Expenses', -0],
      ['Realized gains', 0],
      ['Unrealized gains', 100],
      ['Value on 2026-02-28', 1115],
    ]);
    const parts = lines.slice(1, -1).reduce((sum, line) => sum + (line.value ?? 0), 0);
    expect((lines[0]?.value ?? 0) + parts).toBe(lines.at(-1)?.value);
  });

  it('Value Table and Pie rank accounts at the end, with shares, keeping a missing value as missing', () => {
    expect(valueByAccount(result)).toEqual([
      { id: 'a', name: 'Broker', value: 1100, share: 1100 / 1115 },
      { id: 'b', name: 'Checking', value: 15, share: 15 / 1115 },
      { id: 'd', name: 'No price', value: null, share: null },
    ]);
  });

  it('Value History Bars, Income Table and IRR rows', () => {
    expect(valueHistory(result)).toEqual([
      { label: '2026-01-31', value: 1200 },
      { label: '2026-02-28', value: 1115 },
    ]);
    expect(incomeByCategory(result)).toEqual([{ label: 'cash dividend', value: 15 }]);
    expect(irrMoicRows(result).map((row) => row.scope_name)).toEqual(['Repository', 'Broker']);
  });

  it('formats money with the precision and shows a dash for missing values', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,235');
    expect(formatMoney(1234.5, 'EUR', 2)).toBe('€1,234.50');
    expect(formatMoney(null, 'USD')).toBe('—');
  });
});
