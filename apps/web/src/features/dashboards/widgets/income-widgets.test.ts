import { BASE_SETTINGS, type TWidgetSettings } from '@strata/core/dashboards/widget-settings';
import { describe, expect, it } from 'vitest';
import { incomeChangeSnapshot, incomeHistory, incomePivot, incomeTable } from './income-widgets.ts';
import { incomeRow, REPO, sampleResult } from './widget-fixtures.ts';

const settings = (patch: Partial<TWidgetSettings> = {}): TWidgetSettings => ({ ...BASE_SETTINGS, ...patch });

describe('incomeTable', () => {
  it('adds each category over the timeline, income first, with the net', () => {
    const table = incomeTable({ result: sampleResult() }, settings());
    expect(table.lines.map((line) => [line.category, line.kind, line.amount])).toEqual([
      ['unrealized gain and income', 'income', 100],
      ['cash dividend', 'income', 45],
      ['fees', 'expense', -30],
      ['interest expense', 'expense', -5],
    ]);
    expect([table.income, table.expenses, table.net]).toEqual([145, -35, 110]);
  });

  it('reads the last period only when asked', () => {
    const table = incomeTable({ result: sampleResult() }, settings({ period: 'last' }));
    expect(table.lines.find((line) => line.category === 'cash dividend')?.amount).toBe(25);
  });

  it('keeps a missing amount missing', () => {
    const result = sampleResult();
    result.income_view = [incomeRow(REPO, 0, 'cash dividend', 10), incomeRow(REPO, 1, 'cash dividend', null)];
    const table = incomeTable({ result }, settings());
    expect(table.lines[0]?.amount).toBeNull();
    expect(table.net).toBeNull();
  });
});

describe('incomeChangeSnapshot', () => {
  it('sets the last period against the previous one; a category absent in a period is 0', () => {
    const change = incomeChangeSnapshot({ result: sampleResult() }, settings());
    expect(change.current).toEqual({ start: '2024-01-31', end: '2024-02-29' });
    expect(change.previous).toEqual({ start: '2023-12-31', end: '2024-01-31' });
    expect(change.lines.map((line) => [line.category, line.amount, line.previous, line.change])).toEqual([
      ['unrealized gain and income', 50, 50, 0],
      ['cash dividend', 25, 20, 5],
      ['fees', -30, 0, -30],
      ['interest expense', -5, 0, -5],
    ]);
    expect(change.net).toEqual({ amount: 40, previous: 70, change: -30 });
  });
});

describe('incomeHistory', () => {
  it('gives every period an amount per category', () => {
    const history = incomeHistory({ result: sampleResult() }, settings());
    expect(history.categories).toEqual([
      'unrealized gain and income',
      'cash dividend',
      'fees',
      'interest expense',
    ]);
    expect(history.points).toEqual([
      {
        period: '2024-01-31',
        'unrealized gain and income': 50,
        'cash dividend': 20,
        fees: 0,
        'interest expense': 0,
      },
      {
        period: '2024-02-29',
        'unrealized gain and income': 50,
        'cash dividend': 25,
        fees: -30,
        'interest expense': -5,
      },
    ]);
  });
});

describe('incomePivot', () => {
  it('puts the repository categories against periods', () => {
    const table = incomePivot(
      { result: sampleResult() },
      settings({ pivot: { rows: 'category', columns: 'period', value: 'amount', filter: null } }),
    );
    expect(table.rowKeys).toEqual([
      'cash dividend',
      'fees',
      'interest expense',
      'unrealized gain and income',
    ]);
    expect(table.cells[0]).toEqual([20, 25]);
    expect(table.cells[1]).toEqual([undefined, -30]);
    expect(table.total).toBe(110);
  });

  it('spreads over holding accounts when scope is a pivot axis, and filters', () => {
    const table = incomePivot(
      { result: sampleResult() },
      settings({
        pivot: {
          rows: 'scope',
          columns: 'category',
          value: 'amount',
          filter: { field: 'kind', values: ['income'] },
        },
      }),
    );
    expect(table.rowKeys).toEqual(['Bank', 'Brokerage']);
    expect(table.columnKeys).toEqual(['cash dividend', 'unrealized gain and income']);
    expect(table.total).toBe(75);
  });
});
