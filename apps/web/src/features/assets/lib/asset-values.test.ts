import type { TValueRow } from '@strata/core/analytics/analytics-types';
import { describe, expect, it } from 'vitest';
import { assetValueRows, valueScopeOf } from './asset-values.ts';

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
});
