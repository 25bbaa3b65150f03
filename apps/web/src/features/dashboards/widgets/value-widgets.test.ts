import { BASE_SETTINGS, type TWidgetSettings } from '@strata/core/dashboards/widget-settings';
import { describe, expect, it } from 'vitest';
import {
  accountsByType,
  holdingAccountIds,
  valueBreakdown,
  valueChangeSnapshot,
  valueHistory,
  valuePivot,
  valueTable,
} from './value-widgets.ts';
import { BROKER, REPO, sampleResult, valueRow } from './widget-fixtures.ts';

const settings = (patch: Partial<TWidgetSettings> = {}): TWidgetSettings => ({ ...BASE_SETTINGS, ...patch });

describe('valueChangeSnapshot', () => {
  it('adds the periods up to the value identity of the repository', () => {
    const snapshot = valueChangeSnapshot({ result: sampleResult() }, settings());
    const values = Object.fromEntries(
      snapshot?.lines.map((line) => [line.key, line.value ?? Number.NaN]) ?? [],
    );
    expect(values).toEqual({
      value_start: 0,
      net_flows: 10_000,
      income: 45,
      expenses: -35,
      market_change: 100,
      realized: 0,
      unrealized: 100,
      fx_effect: 3,
      value_end: 10_110,
    });
    const identity = ['value_start', 'net_flows', 'income', 'expenses', 'market_change'];
    expect(identity.reduce((total, key) => total + (values[key] ?? Number.NaN), 0)).toBe(values.value_end);
    expect(snapshot?.lines[0]?.label).toBe('Value on 2023-12-31');
    expect(snapshot?.lines.at(-1)?.label).toBe('Value on 2024-02-29');
  });

  it('reads only the last period when asked, for the chosen scope', () => {
    const snapshot = valueChangeSnapshot(
      { result: sampleResult() },
      settings({ period: 'last', scope_kind: 'account', scope_id: 'acc-bank' }),
    );
    expect(snapshot?.scopeName).toBe('Bank');
    expect(snapshot?.lines.map((line) => line.value)).toEqual([8_520, 0, 25, -35, 0, 0, 0, 0, 8_510]);
  });

  it('keeps a missing value missing in every sum it enters', () => {
    const result = sampleResult();
    result.value_view = [
      valueRow(REPO, 0, { value_end: 100, net_flows: 100 }),
      valueRow(REPO, 1, { value_start: 100, value_end: null, market_change: null, unrealized: null }),
    ];
    const lines = valueChangeSnapshot({ result }, settings())?.lines ?? [];
    expect(lines.find((line) => line.key === 'market_change')?.value).toBeNull();
    expect(lines.find((line) => line.key === 'value_end')?.value).toBeNull();
    expect(lines.find((line) => line.key === 'net_flows')?.value).toBe(100);
  });

  it('is null when the scope has no rows', () => {
    expect(
      valueChangeSnapshot({ result: sampleResult() }, settings({ scope_kind: 'account', scope_id: 'x' })),
    ).toBeNull();
  });
});

describe('holdingAccountIds', () => {
  it('leaves grouping accounts out', () => {
    expect([...(holdingAccountIds(sampleResult()) ?? [])].sort()).toEqual(['acc-bank', 'acc-broker']);
  });
});

describe('valueTable', () => {
  it('lists holding accounts (not the grouping one), largest first, with the repository as total', () => {
    const table = valueTable({ result: sampleResult() }, settings());
    expect(table.rows.map((row) => [row.name, row.value_start, row.net_flows, row.value_end])).toEqual([
      ['Bank', 0, 8_500, 8_510],
      ['Brokerage', 0, 1_500, 1_600],
    ]);
    expect(table.total?.value_end).toBe(10_110);
  });

  it('groups by asset or by one tag', () => {
    expect(
      valueTable({ result: sampleResult() }, settings({ grouping: 'asset' })).rows.map((row) => row.name),
    ).toEqual(['USD', 'ACME']);
    expect(
      valueTable({ result: sampleResult() }, settings({ grouping: 'tag' })).rows.map((row) => row.id),
    ).toEqual(['Category=Stocks']);
  });
});

describe('valueBreakdown and accountsByType', () => {
  it('gives each account its share of the end value', () => {
    const pie = valueBreakdown({ result: sampleResult() }, settings());
    expect(pie.end_date).toBe('2024-02-29');
    expect(pie.total).toBe(10_110);
    expect(pie.slices.map((slice) => [slice.name, slice.value, Number(slice.share?.toFixed(4))])).toEqual([
      ['Bank', 8_510, 0.8417],
      ['Brokerage', 1_600, 0.1583],
    ]);
  });

  it('names tag slices by the tag value', () => {
    const pie = valueBreakdown({ result: sampleResult() }, settings({ grouping: 'tag' }));
    expect(pie.slices.map((slice) => slice.name)).toEqual(['Stocks']);
  });

  it('keeps a negative value (a loan) in the list without a share', () => {
    const result = sampleResult();
    result.value_view = [
      valueRow(BROKER, 1, { value_end: 300 }),
      valueRow(['account', 'acc-loan', 'Loan'], 1, { value_end: -100 }),
    ];
    result.tree_view = [];
    const pie = valueBreakdown({ result }, settings());
    expect(pie.slices.map((slice) => [slice.name, slice.share])).toEqual([
      ['Brokerage', 1],
      ['Loan', null],
    ]);
    expect(pie.total).toBe(200);
  });

  it('adds accounts up by kind, unknown kinds under Other', () => {
    const byType = accountsByType({
      result: sampleResult(),
      accountTypes: { 'acc-broker': 'Brokerage account' },
    });
    expect(byType.slices.map((slice) => [slice.name, slice.value])).toEqual([
      ['Other', 8_510],
      ['Brokerage account', 1_600],
    ]);
  });

  it('makes a kind missing when one of its accounts is', () => {
    const result = sampleResult();
    result.value_view = [
      valueRow(BROKER, 1, { value_end: null }),
      valueRow(['account', 'acc-bank', 'Bank'], 1, { value_end: 5 }),
    ];
    const byType = accountsByType({ result, accountTypes: { 'acc-broker': 'Bank', 'acc-bank': 'Bank' } });
    expect(byType.slices).toEqual([{ id: 'Bank', name: 'Bank', value: null, share: null }]);
    expect(byType.total).toBeNull();
  });
});

describe('valueHistory', () => {
  it('gives the scope value at each period end', () => {
    expect(valueHistory({ result: sampleResult() }, settings({ period: 'last' }))).toEqual([
      { period: '2024-01-31', value: 10_070 },
      { period: '2024-02-29', value: 10_110 },
    ]);
  });
});

describe('valuePivot', () => {
  it('puts accounts against periods and leaves totals of values at a date out across periods', () => {
    const table = valuePivot({ result: sampleResult() }, settings());
    expect(table.rowKeys).toEqual(['Bank', 'Brokerage']);
    expect(table.columnKeys).toEqual(['2024-01-31', '2024-02-29']);
    expect(table.cells).toEqual([
      [8_520, 8_510],
      [1_550, 1_600],
    ]);
    expect(table.rowTotals).toBeNull();
    expect(table.columnTotals).toEqual([10_070, 10_110]);
  });

  it('adds flows across periods', () => {
    const table = valuePivot(
      { result: sampleResult() },
      settings({ pivot: { rows: 'scope', columns: 'period', value: 'income', filter: null } }),
    );
    expect(table.rowTotals).toEqual([45, 0]);
    expect(table.total).toBe(45);
  });
});
