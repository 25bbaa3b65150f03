import { describe, expect, it } from 'vitest';
import type { TIncomeRow, TValueRow } from '../analytics/analytics-types.ts';
import {
  amountText,
  summarizeIncome,
  summarizePositions,
  summarizeValueChangeByAccount,
} from './tool-summaries.ts';

const year2025 = { index: 0, start: '2024-12-31', end: '2025-12-31' };

function incomeRow(fields: Partial<TIncomeRow>): TIncomeRow {
  return {
    scope_kind: 'repository',
    scope_id: 'repository',
    scope_name: 'Family',
    period: 0,
    start: year2025.start,
    end: year2025.end,
    category: 'Dividends',
    kind: 'income',
    amount: 0,
    ...fields,
  };
}

function valueRow(fields: Partial<TValueRow>): TValueRow {
  return {
    scope_kind: 'account',
    scope_id: 'a-1',
    scope_name: 'Broker',
    period: 0,
    start: year2025.start,
    end: year2025.end,
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
    ...fields,
  };
}

describe('amountText', () => {
  it('rounds to cents and keeps an unknown amount unknown', () => {
    expect(amountText(1234.5)).toBe('1234.50');
    expect(amountText(0.1 + 0.2)).toBe('0.30');
    expect(amountText(null)).toBeNull();
  });
});

describe('summarizeIncome', () => {
  it('lists the repository rows per period, counting from the first day, with totals', () => {
    const summary = summarizeIncome({
      currency: 'USD',
      periods: [year2025],
      income_view: [
        incomeRow({ category: 'Dividends', amount: 120.25 }),
        incomeRow({ category: 'Interest', amount: 10.1 }),
        incomeRow({ category: 'Fees', kind: 'expense', amount: -4 }),
        // An account's own row repeats the repository's money: left out.
        incomeRow({ scope_kind: 'account', scope_id: 'a-1', category: 'Dividends', amount: 120.25 }),
      ],
    });
    expect(summary).toEqual({
      currency: 'USD',
      periods: [
        {
          from: '2025-01-01',
          to: '2025-12-31',
          income: [
            { category: 'Dividends', amount: '120.25' },
            { category: 'Interest', amount: '10.10' },
          ],
          expenses: [{ category: 'Fees', amount: '-4.00' }],
          total_income: '130.35',
          total_expenses: '-4.00',
        },
      ],
    });
  });

  it('says a total is unknown when one of its amounts is', () => {
    const summary = summarizeIncome({
      currency: 'EUR',
      periods: [year2025],
      income_view: [incomeRow({ amount: 5 }), incomeRow({ category: 'Coupons', amount: null })],
    });
    expect(summary.periods[0]?.total_income).toBeNull();
  });
});

describe('summarizeValueChangeByAccount', () => {
  it('puts the biggest market loss first and unknown changes last', () => {
    const summary = summarizeValueChangeByAccount({
      currency: 'USD',
      periods: [year2025],
      value_view: [
        valueRow({
          scope_id: 'a-1',
          scope_name: 'Broker',
          value_start: 1000,
          value_end: 1500,
          net_flows: 700,
          market_change: -200,
        }),
        valueRow({
          scope_id: 'a-2',
          scope_name: 'Savings',
          value_start: 300,
          value_end: 250,
          net_flows: 0,
          market_change: -50,
        }),
        valueRow({
          scope_id: 'a-3',
          scope_name: 'Crypto',
          value_start: 10,
          value_end: null,
          market_change: null,
        }),
        valueRow({ scope_kind: 'repository', scope_id: 'repository', scope_name: 'All' }),
      ],
    });
    expect(
      summary.periods[0]?.accounts.map((account) => [account.name, account.change, account.market_change]),
    ).toEqual([
      ['Broker', '500.00', '-200.00'],
      ['Savings', '-50.00', '-50.00'],
      ['Crypto', null, null],
    ]);
    expect(summary.periods[0]?.from).toBe('2025-01-01');
  });
});

describe('summarizePositions', () => {
  it('names accounts and assets and keeps exact units', () => {
    const names = new Map([
      ['a-1', 'Broker'],
      ['s-1', 'Apple'],
    ]);
    expect(
      summarizePositions(
        [
          {
            account_id: 'a-1',
            asset_id: 's-1',
            amount: '10.000000000000000001',
            position_close: 1900.4,
            position_gain: 400.4,
            cost_basis: 1500,
            date: '2026-11-27',
          },
        ],
        (id) => names.get(id),
      ),
    ).toEqual({
      date: '2026-11-27',
      positions: [
        {
          account: 'Broker',
          asset: 'Apple',
          units: '10.000000000000000001',
          value: '1900.40',
          cost_basis: '1500.00',
          gain: '400.40',
        },
      ],
    });
  });
});
