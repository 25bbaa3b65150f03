import type { TIrrMoicRow, TValueRow } from '@strata/core/analytics/analytics-types';
import { describe, expect, it } from 'vitest';
import {
  assetReturnRows,
  assetValueRows,
  assetValuesQuery,
  STALE_PRICE_DAYS,
  staleByAsset,
  stalePrices,
  valueScopeOf,
} from './asset-values.ts';

function row(patch: Partial<TValueRow>): TValueRow {
  return {
    scope_kind: 'asset',
    scope_id: 'a1',
    scope_name: 'Apple',
    period: 0,
    start: '2025-12-31',
    end: '2026-01-31',
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
    ...patch,
  };
}

describe('asset values', () => {
  it('reads accounts from their account scope and instruments from their asset scope', () => {
    expect(valueScopeOf({ type: 'investment account' })).toBe('account');
    expect(valueScopeOf({ type: 'grouping account' })).toBe('account');
    expect(valueScopeOf({ type: 'stock' })).toBe('asset');
  });

  it("keeps the asset's own rows in period order, from its first active period", () => {
    const rows = [
      row({ period: 2, value_end: 1900, value_start: 1800 }),
      row({ period: 0 }),
      row({ period: 1, value_end: 1800, net_flows: 1800 }),
      row({ period: 1, scope_id: 'other', value_end: 5 }),
      row({ period: 1, scope_kind: 'account', scope_id: 'a1', value_end: 7 }),
    ];
    expect(assetValueRows(rows, { id: 'a1', type: 'stock' }).map((entry) => entry.period)).toEqual([1, 2]);
    expect(assetValueRows(rows, { id: 'a1', type: 'bank account' }).map((entry) => entry.value_end)).toEqual([
      7,
    ]);
  });

  it('has nothing for an asset without transactions', () => {
    expect(assetValueRows([row({ period: 0 }), row({ period: 1 })], { id: 'a1', type: 'stock' })).toEqual([]);
    expect(assetValueRows(undefined, { id: 'a1', type: 'stock' })).toEqual([]);
    expect(assetValueRows([row({ scope_id: 'b2', value_end: 3 })], { id: 'a1', type: 'stock' })).toEqual([]);
  });

  it('keeps a period whose value is unknown (a missing price) rather than hiding it', () => {
    const rows = [row({ period: 0, value_end: null, net_flows: 1800 })];
    expect(assetValueRows(rows, { id: 'a1', type: 'stock' })).toHaveLength(1);
  });

  it('marks the periods whose value rests on a price more than 31 days old, with that price date', () => {
    expect(STALE_PRICE_DAYS).toBe(31);
    const rows = [
      row({ period: 0, end: '2026-01-31', value_end: 100 }),
      row({ period: 1, end: '2026-02-28', value_end: 100 }),
      row({ period: 2, end: '2026-03-31', value_end: 100 }),
      row({ period: 3, end: '2026-11-25', value_end: 100 }),
      row({ period: 4, end: '2026-12-31', value_end: null }),
    ];
    const prices = [
      { date: '2026-01-30' },
      { date: '2026-01-30' },
      { date: '2026-03-03' },
      { date: '2026-01-05' },
    ];
    const stale = stalePrices(rows, prices, { type: 'stock' });
    // Jan 31: 1 day; Feb 28: 29 days; Mar 31: 28 days; Nov 25: 267 days after Mar 3; no value: not judged.
    expect([...stale.entries()]).toEqual([[3, { date: '2026-03-03', age: 267 }]]);
    // 32 days is stale, 31 is not.
    expect(
      stalePrices([row({ end: '2026-02-06', value_end: 1 })], [{ date: '2026-01-05' }], { type: 'stock' })
        .size,
    ).toBe(1);
    expect(
      stalePrices([row({ end: '2026-02-05', value_end: 1 })], [{ date: '2026-01-05' }], { type: 'stock' })
        .size,
    ).toBe(0);
    // An account holds several assets; no price at all is a missing value, not a stale one.
    expect(stalePrices(rows, prices, { type: 'investment account' }).size).toBe(0);
    expect(stalePrices(rows, [], { type: 'stock' }).size).toBe(0);
  });
});

function irrRow(kind: TIrrMoicRow['scope_kind'], id: string, name: string, patch: Partial<TIrrMoicRow> = {}) {
  return {
    scope_kind: kind,
    scope_id: id,
    scope_name: name,
    period: -1,
    start: '2023-01-01',
    end: '2023-12-31',
    value_start: 0,
    value_end: 1815,
    contributions: 1550,
    distributions: 0,
    moic: 1.17,
    dpi: 0,
    rvpi: 1.17,
    irr: 0.21,
    is_irr_annualized: false,
    irr_annualized: 0.2106,
    irr_roots: null,
    irr_reason: null,
    ...patch,
  } satisfies TIrrMoicRow;
}

describe('asset returns (issue 18: IRR per asset and per position)', () => {
  it("asks for an instrument's own and its positions' IRRs only, and an account's default ones", () => {
    expect(assetValuesQuery({ id: 'a1', type: 'stock' }, { freq: 'month', periods: 12 })).toEqual({
      datasets: 'irr_moic_view,value_view',
      freq: 'month',
      periods: '12',
      scopes: 'asset,position',
      irr_scopes: 'asset,position',
      irr_assets: 'a1',
    });
    expect(assetValuesQuery({ id: 'b1', type: 'investment account' }, { freq: 'year', periods: 5 })).toEqual({
      datasets: 'irr_moic_view,value_view',
      freq: 'year',
      periods: '5',
      scopes: 'account',
    });
  });

  it('lists the asset, then its positions by name when it is held in more than one account', () => {
    const rows = [
      irrRow('asset', 'a1', 'Apple'),
      irrRow('position', 'bank|a1', 'Checking · Apple', { irr: 0.1 }),
      irrRow('position', 'broker|a1', 'Brokerage · Apple'),
      irrRow('position', 'broker|a2', 'Brokerage · Other'),
      irrRow('asset', 'a1', 'Apple', { period: 0, irr: 0.5 }),
    ];
    const returns = assetReturnRows(rows, { id: 'a1', type: 'stock' });
    expect(returns.map((row) => [row.name, row.isTotal, row.irr])).toEqual([
      ['Apple', true, 0.21],
      ['Brokerage · Apple', false, 0.21],
      ['Checking · Apple', false, 0.1],
    ]);
    // One position is the asset itself: no second line.
    expect(
      assetReturnRows(
        [irrRow('asset', 'a1', 'Apple'), irrRow('position', 'broker|a1', 'Brokerage · Apple')],
        {
          id: 'a1',
          type: 'stock',
        },
      ).map((row) => row.name),
    ).toEqual(['Apple']);
    expect(assetReturnRows(rows, { id: 'a9', type: 'stock' })).toEqual([]);
    expect(
      assetReturnRows([irrRow('account', 'broker', 'Brokerage')], {
        id: 'broker',
        type: 'investment account',
      }),
    ).toHaveLength(1);
  });
});

describe('stale prices by asset (issue 18 item 12)', () => {
  it("maps the result's stale prices to each asset's price date and age", () => {
    expect(
      staleByAsset([
        { asset_id: 'house', price_date: '2024-03-31', age_days: 275 },
        { asset_id: 'acme', price_date: '2024-11-01', age_days: 60 },
      ]),
    ).toEqual(
      new Map([
        ['house', { date: '2024-03-31', age: 275 }],
        ['acme', { date: '2024-11-01', age: 60 }],
      ]),
    );
    expect(staleByAsset(undefined).size).toBe(0);
  });
});
