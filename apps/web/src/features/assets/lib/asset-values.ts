import {
  STALE_PRICE_DAYS,
  type TIrrMoicRow,
  type TScopeKind,
  type TStalePrice,
  type TValueRow,
} from '@strata/core/analytics/analytics-types';
import { assetFamily } from '@strata/core/assets/asset-rules';
import { toEpochDay } from '@strata/core/dates/epoch-day';

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

/** A value resting on a price older than this many days is marked stale (core's rule, issue 18). */
export { STALE_PRICE_DAYS };

export interface TPeriodStalePrice {
  /** The date of the last price on or before the period end. */
  date: string;
  /** Days from that price to the period end. */
  age: number;
}

/**
 * For an instrument's rows, the periods whose value rests on a stale price: the asset's last price on or
 * before the period end is more than STALE_PRICE_DAYS old. Rows without a value (none held, or no price at
 * all — then the value is missing, not stale) are not marked. Accounts hold several assets: not judged here.
 */
export function stalePrices(
  rows: readonly TValueRow[],
  prices: readonly { date: string }[] | undefined,
  asset: { type: string },
): Map<number, TPeriodStalePrice> {
  const stale = new Map<number, TPeriodStalePrice>();
  if (valueScopeOf(asset) !== 'asset' || !prices || prices.length === 0) return stale;
  const days = [...new Set(prices.map((price) => price.date))].sort();
  for (const row of rows) {
    if (!row.value_end) continue;
    let last: string | undefined;
    for (const day of days) {
      if (day > row.end) break;
      last = day;
    }
    if (!last) continue;
    const age = toEpochDay(row.end) - toEpochDay(last);
    if (age > STALE_PRICE_DAYS) stale.set(row.period, { date: last, age });
  }
  return stale;
}

/**
 * What the Values tab asks the analytics for (issue 18): values and returns of the asset's scope, and for an
 * instrument its positions (one per holding account) with their IRR solved — for this asset only, so the
 * other assets' positions cost no solve.
 */
export function assetValuesQuery(
  asset: { id: string; type: string },
  range: { freq: string; periods: number },
): Record<string, string> {
  const kind = valueScopeOf(asset);
  const base = {
    datasets: 'irr_moic_view,value_view',
    freq: range.freq,
    periods: String(range.periods),
  };
  if (kind === 'account') return { ...base, scopes: 'account' };
  return { ...base, scopes: 'asset,position', irr_scopes: 'asset,position', irr_assets: asset.id };
}

export interface TAssetReturn {
  id: string;
  name: string;
  /** The asset itself (first), or one of its positions. */
  isTotal: boolean;
  irr: number | null;
  is_irr_annualized: boolean | null;
  irr_reason: string | null;
  moic: number | null;
  dpi: number | null;
  rvpi: number | null;
}

/**
 * The asset's IRR, MOIC, DPI and RVPI over the whole timeline (period −1), then each of its positions by
 * name when an instrument is held in more than one account (one position is the asset itself).
 */
export function assetReturnRows(
  rows: readonly TIrrMoicRow[] | undefined,
  asset: { id: string; type: string },
): TAssetReturn[] {
  const kind = valueScopeOf(asset);
  const whole = (rows ?? []).filter((row) => row.period === -1);
  const toReturn = (row: TIrrMoicRow, isTotal: boolean): TAssetReturn => ({
    id: row.scope_id,
    name: row.scope_name,
    isTotal,
    irr: row.irr,
    is_irr_annualized: row.is_irr_annualized,
    irr_reason: row.irr_reason,
    moic: row.moic,
    dpi: row.dpi,
    rvpi: row.rvpi,
  });
  const own = whole.find((row) => row.scope_kind === kind && row.scope_id === asset.id);
  if (!own) return [];
  if (kind === 'account') return [toReturn(own, true)];
  const positions = whole
    .filter((row) => row.scope_kind === 'position' && row.scope_id.endsWith(`|${asset.id}`))
    .sort((a, b) => a.scope_name.localeCompare(b.scope_name))
    .map((row) => toReturn(row, false));
  return [toReturn(own, true), ...(positions.length > 1 ? positions : [])];
}

/**
 * The analytics result's stale prices by asset (issue 18 item 12): the Positions tab marks each value that
 * rests on a price more than STALE_PRICE_DAYS old with that price's date.
 */
export function staleByAsset(
  stale: readonly TStalePrice[] | undefined,
): Map<string, { date: string; age: number }> {
  return new Map((stale ?? []).map((item) => [item.asset_id, { date: item.price_date, age: item.age_days }]));
}
