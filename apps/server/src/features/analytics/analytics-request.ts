import { createHash } from 'node:crypto';
import type { TAnalyticsQuery } from '@strata/contracts/analytics';
import { DATASETS, SCOPE_KINDS, type TAnalyticsRequest } from '@strata/core/analytics/analytics-types';

/** Rows of position_view the position fetch keeps (its `accounts` and `assets` lists); null keeps all. */
export interface TPositionFilter {
  accounts: string[] | null;
  assets: string[] | null;
}

export interface TPlannedRequest {
  request: TAnalyticsRequest;
  positionFilter: TPositionFilter | null;
  /** Names the request in the cache and in WebSocket messages; the data version is kept beside it. */
  hash: string;
}

const nonEmpty = (list: string[] | undefined) => (list && list.length > 0 ? [...list].sort() : null);

/**
 * The engine request of a query. The position fetch (`data=position`) is a one-period timeline ending
 * on its date whose position_view is filtered by its accounts and assets afterwards: the accounts there
 * pick rows, they do not narrow the scope (a position's account must still see its whole tree).
 */
export function planRequest(query: TAnalyticsQuery, today: string): TPlannedRequest {
  const isPosition = query.data === 'position';
  const accounts = nonEmpty(query.accounts);
  const request: TAnalyticsRequest = isPosition
    ? {
        periods: 1,
        freq: query.freq,
        end: query.date ?? null,
        include_end: true,
        ...(query.currency ? { currency: query.currency } : {}),
        datasets: ['position_view'],
        scope: 'root',
      }
    : {
        periods: query.periods,
        freq: query.freq,
        end: query.end ?? null,
        include_end: query.include_end,
        ...(query.currency ? { currency: query.currency } : {}),
        datasets: query.datasets ? DATASETS.filter((name) => query.datasets?.includes(name)) : [...DATASETS],
        scope: accounts ?? 'root',
        ...(query.scopes && query.scopes.length > 0
          ? { scope_kinds: SCOPE_KINDS.filter((kind) => query.scopes?.includes(kind)) }
          : {}),
        ...(query.irr_scopes && query.irr_scopes.length > 0
          ? { irr_scope_kinds: SCOPE_KINDS.filter((kind) => query.irr_scopes?.includes(kind)) }
          : {}),
        ...(nonEmpty(query.irr_assets) ? { irr_asset_ids: nonEmpty(query.irr_assets) as string[] } : {}),
      };
  const positionFilter = isPosition ? { accounts, assets: nonEmpty(query.assets) } : null;
  // `today` is part of the request: it ends an open timeline and dates what "now" holds.
  const hash = createHash('sha256')
    .update(JSON.stringify([request, positionFilter, today]))
    .digest('hex')
    .slice(0, 32);
  return { request, positionFilter, hash };
}
