// The analytics engine's entry point: plain data in, the requested result sets out. Pure: no I/O and
// no clock (`today` is part of the input); the caller measures total_compute_time around this call.
// One pass over the transactions (ledger-pass.ts) feeds a strategy per analytic: value.ts, income.ts,
// irr-moic.ts, twr.ts, commitments.ts, position-view.ts, tree.ts. docs/analytics.md has every shape.
import type {
  TAnalyticsInput,
  TAnalyticsRequest,
  TAnalyticsResult,
  TDataset,
  TPositionRow,
  TScopeKind,
  TScopeRef,
} from './analytics-types.ts';
import { DEFAULT_IRR_SCOPE_KINDS, SCOPE_KINDS } from './analytics-types.ts';
import { commitmentsView } from './commitments.ts';
import { incomeRows } from './income.ts';
import { irrMoicRows } from './irr-moic.ts';
import { runLedgerPass } from './ledger-pass.ts';
import type { TPassResult } from './ledger-pass-types.ts';
import { buildPeriodGrid } from './period-grid.ts';
import { positionRows } from './position-view.ts';
import type { TScopeState } from './scope-state.ts';
import { positionAssetId, positionScopeId } from './scopes.ts';
import { stalePrices } from './stale-prices.ts';
import { treeNodes } from './tree.ts';
import { performanceRows } from './twr.ts';
import { valueRows } from './value.ts';

export function computeAnalytics(input: TAnalyticsInput): TAnalyticsResult {
  return analyticsOfPass(runAnalyticsPass(input), input.request, input.currency);
}

/**
 * The request's result sets from a ledger pass made for the same data and the same `passKeyOf`
 * (pass-key.ts; a pass can answer several requests: pass-memo.ts). Reads the pass without changing it,
 * except the missing prices the position view notes, which the memo restores between requests.
 */
export function analyticsOfPass(
  pass: TPassResult,
  request: TAnalyticsRequest,
  repositoryCurrency: string,
): TAnalyticsResult {
  const wanted = new Set<TDataset>(request.datasets);
  const kinds = new Set<TScopeKind>(request.scope_kinds ?? SCOPE_KINDS);
  const states = pass.scopes.filter((state) => kinds.has(state.scope.kind));
  /** Every scope's rows in one array: the builders append to it. */
  const perScope = <T>(build: (state: TScopeState, ref: TScopeRef, out: T[]) => void): T[] => {
    const rows: T[] = [];
    for (const state of states) build(state, scopeRef(state), rows);
    return rows;
  };
  const result: TAnalyticsResult = {
    currency: request.currency ?? repositoryCurrency,
    periods: pass.grid.periods,
    missing: [],
  };
  const { grid } = pass;
  if (wanted.has('value_view')) result.value_view = perScope((s, ref, out) => valueRows(s, grid, ref, out));
  if (wanted.has('income_view'))
    result.income_view = perScope((s, ref, out) => incomeRows(s, grid, ref, out));
  if (wanted.has('irr_moic_view')) {
    const isSolved = irrSolvedFor(request);
    const isPerPeriod = request.irr_per_period ?? false;
    result.irr_moic_view = perScope((s, ref, out) =>
      irrMoicRows(s, grid, ref, isSolved(s.scope), isPerPeriod, out),
    );
  }
  if (wanted.has('performance_view')) {
    result.performance_view = perScope((s, ref, out) => performanceRows(s, grid, ref, out));
  }
  if (wanted.has('position_view')) result.position_view = positionRows(pass);
  if (wanted.has('tree_view')) result.tree_view = treeNodes(pass);
  if (wanted.has('commitments_view')) result.commitments_view = commitments(pass);
  result.missing = pass.market.missing();
  result.stale_prices = stalePrices(pass);
  return result;
}

/**
 * Whether a scope's IRR is solved: its kind is in `irr_scope_kinds`, and an asset or position scope belongs to
 * one of `irr_asset_ids` when that list is given.
 */
export function irrSolvedFor(
  request: Pick<TAnalyticsRequest, 'irr_scope_kinds' | 'irr_asset_ids'>,
): (scope: { kind: TScopeKind; id: string }) => boolean {
  const kinds = new Set<TScopeKind>(request.irr_scope_kinds ?? DEFAULT_IRR_SCOPE_KINDS);
  const assets = request.irr_asset_ids ? new Set(request.irr_asset_ids) : null;
  return (scope) => {
    if (!kinds.has(scope.kind)) return false;
    if (assets === null) return true;
    if (scope.kind === 'asset') return assets.has(scope.id);
    if (scope.kind === 'position') return assets.has(positionAssetId(scope.id));
    return true;
  };
}

/** The ledger pass for a request (exposed for tests and for callers that need several views of one pass). */
export function runAnalyticsPass(input: TAnalyticsInput): TPassResult {
  const { request } = input;
  const grid = buildPeriodGrid({
    periods: request.periods,
    freq: request.freq,
    end: request.end ?? input.today,
    includeEnd: request.include_end,
  });
  return runLedgerPass(input, grid, request.cost_method ?? 'average');
}

/**
 * The position and value fetch (GET …/analytics with data=position): positions at one date, optionally
 * for some accounts and assets only.
 */
export function computePositions(
  input: Omit<TAnalyticsInput, 'request'> & { currency: string },
  options: { date: string; accounts?: readonly string[]; assets?: readonly string[]; currency?: string },
): { positions: TPositionRow[]; missing: TAnalyticsResult['missing'] } {
  const pass = runAnalyticsPass({
    ...input,
    request: {
      periods: 1,
      freq: 'day',
      end: options.date,
      include_end: true,
      currency: options.currency,
      datasets: ['position_view'],
      scope: 'root',
    },
  });
  const positions = positionRows(pass, {
    accounts: options.accounts ? new Set(options.accounts) : undefined,
    assets: options.assets ? new Set(options.assets) : undefined,
  });
  return { positions, missing: pass.market.missing() };
}

function scopeRef(state: TScopeState): TScopeRef {
  return { scope_kind: state.scope.kind, scope_id: state.scope.id, scope_name: state.scope.name };
}

function commitments(pass: TPassResult) {
  const last = pass.grid.periods.length;
  const byId = new Map(pass.scopes.map((s) => [`${s.scope.kind}\u0000${s.scope.id}`, s]));
  return commitmentsView(
    pass.commitments,
    (fund) =>
      byId.get(`position\u0000${positionScopeId(fund.accountId, fund.assetId)}`)?.gridValue[last] ?? 0,
    pass.grid.boundaries[last]!,
  );
}
