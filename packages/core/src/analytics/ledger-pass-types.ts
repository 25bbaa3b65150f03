// The ledger pass's own types: a position as the pass keeps it, and what the pass hands to the views.
// (A scope's figures are in scope-state.ts, which the strategies import without the pass.)
import type { TAnalyticsAsset } from './analytics-types.ts';
import type { CommitmentBook, TFundState } from './commitments.ts';
import type { TCostState } from './cost-basis.ts';
import type { AssetValuer, Market } from './market.ts';
import type { TPeriodGrid } from './period-grid.ts';
import type { TScopeState } from './scope-state.ts';
import type { ScopeIndex } from './scopes.ts';

export interface TPositionState {
  index: number;
  accountId: string;
  assetId: string;
  asset: TAnalyticsAsset | undefined;
  valuer: AssetValuer;
  /** Column in the day price matrix (−1: not quoted there) and the quote currency. */
  column: number;
  quoteCurrency: string;
  cost: TCostState;
  scopes: Int32Array;
  fund: TFundState | null;
  /**
   * By kind, then category number (`TransactionBooking`'s category numbers): the category matrix
   * columns of every scope of the position (one array read per entry, not a lookup per scope).
   */
  categoryTargets: { income: (Int32Array | undefined)[]; expense: (Int32Array | undefined)[] } | null;
}

export interface TPassResult {
  grid: TPeriodGrid;
  market: Market;
  scopeIndex: ScopeIndex;
  scopes: TScopeState[];
  positions: TPositionState[];
  commitments: CommitmentBook;
  assets: ReadonlyMap<string, TAnalyticsAsset>;
}
