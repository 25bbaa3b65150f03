import type { TScopeKind, TValueRow } from '@strata/core/analytics/analytics-types';
import { assetFamily } from '@strata/core/assets/asset-rules';

/** Timelines the Values tab offers: how many periods of which frequency. */
export const VALUE_RANGES = {
  month: { label: 'Monthly', periods: 12 },
  quarter: { label: 'Quarterly', periods: 8 },
  year: { label: 'Yearly', periods: 5 },
} as const;
export type TValueRange = keyof typeof VALUE_RANGES;

/**
 * The analytics scope an asset's values live in: an instrument (or currency) is an 'asset' scope — the
 * asset across every holding account; a holding or grouping account is an 'account' scope (its subtree).
 */
export function valueScopeOf(asset: { type: string }): TScopeKind {
  return assetFamily(asset.type) === 'account' ? 'account' : 'asset';
}

/**
 * The asset's rows of `value_view`, oldest first. The engine only makes a scope for positions that exist,
 * so an asset that never had a transaction has no rows at all (the tab's empty state); leading periods
 * before its first transaction (nothing held, nothing moved) are dropped too.
 */
export function assetValueRows(
  rows: readonly TValueRow[] | undefined,
  asset: { id: string; type: string },
): TValueRow[] {
  const kind = valueScopeOf(asset);
  const own = (rows ?? [])
    .filter((row) => row.scope_kind === kind && row.scope_id === asset.id)
    .sort((a, b) => a.period - b.period);
  const isIdle = (row: TValueRow) =>
    !row.value_start && !row.value_end && !row.net_flows && !row.income && !row.expenses;
  const first = own.findIndex((row) => !isIdle(row));
  return first < 0 ? [] : own.slice(first);
}
