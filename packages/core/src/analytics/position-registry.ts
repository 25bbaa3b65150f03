// The ledger pass's positions, one per (account, asset), opened the first time an entry books to them:
// each with its cost state, its scopes, its fund (private assets) and its row in the valuation columns
// (position-columns.ts). Also answers which position an income or expense entry belongs to.
import { PRIVATE_TYPES } from '../transactions/asset-kinds.ts';
import type { TAnalyticsAsset, TAnalyticsTransaction } from './analytics-types.ts';
import type { CommitmentBook } from './commitments.ts';
import { emptyCostState } from './cost-basis.ts';
import type { DayPriceMatrix } from './day-price-matrix.ts';
import type { TPositionState } from './ledger-pass-types.ts';
import { currencyCode, type Market } from './market.ts';
import { PositionColumns } from './position-columns.ts';
import type { ScopeSums } from './scope-sums.ts';
import { positionScopeId, type ScopeIndex } from './scopes.ts';

const PRIVATE = new Set<string>(PRIVATE_TYPES);

interface TRegistryContext {
  assets: ReadonlyMap<string, TAnalyticsAsset>;
  market: Market;
  scopeIndex: ScopeIndex;
  commitments: CommitmentBook;
  matrix: DayPriceMatrix;
  reportCurrency: string;
  sums: ScopeSums;
  /** The accounts the request covers (null: all). */
  selection: ReadonlySet<string> | null;
}

export class PositionRegistry {
  readonly positions: TPositionState[] = [];
  /** What valuing a day reads of every position, by position index. */
  readonly columns = new PositionColumns();
  /** Quote currencies of the positions, by rate slot (`columns.rateSlot`). */
  readonly rateCodes: string[] = [];
  /** Position scopes of private funds, by scope index (commitments follow their flows). */
  readonly fundScopes = new Map<number, TPositionState>();
  private readonly rateSlots = new Map<string, number>();
  private readonly byKey = new Map<string, TPositionState>();
  private readonly byAsset = new Map<string, TPositionState[]>();
  private readonly byAccount = new Map<string, Map<string, TPositionState>>();

  private readonly context: TRegistryContext;

  constructor(context: TRegistryContext) {
    this.context = context;
  }

  isSelected(accountId: string): boolean {
    const { selection } = this.context;
    return selection === null || selection.has(accountId);
  }

  /** The position if it is open. */
  find(accountId: string, assetId: string): TPositionState | undefined {
    return this.byKey.get(positionScopeId(accountId, assetId));
  }

  /** The position, opened (with its scopes) if this is its first entry. */
  positionOf(accountId: string, assetId: string): TPositionState {
    let byAsset = this.byAccount.get(accountId);
    if (!byAsset) {
      byAsset = new Map();
      this.byAccount.set(accountId, byAsset);
    }
    let position = byAsset.get(assetId);
    if (!position) {
      const { assets, market, scopeIndex, commitments, matrix, reportCurrency, sums } = this.context;
      const key = positionScopeId(accountId, assetId);
      const asset = assets.get(assetId);
      position = {
        index: this.positions.length,
        accountId,
        assetId,
        asset,
        valuer: market.valuer(assetId),
        column: matrix.column(assetId),
        quoteCurrency: asset?.currency ?? reportCurrency,
        cost: emptyCostState(),
        scopes: scopeIndex.scopesOfPosition(accountId, assetId),
        fund:
          asset && PRIVATE.has(asset.type)
            ? commitments.fund(
                key,
                accountId,
                assetId,
                `${scopeIndex.nameOf(accountId)} · ${scopeIndex.nameOf(assetId)}`,
              )
            : null,
        categoryTargets: null,
      };
      sums.ensureScopes();
      if (position.fund) this.fundScopes.set(position.scopes[1]!, position);
      this.columns.add(
        position.column,
        this.rateSlotOf(position.quoteCurrency),
        position.column < 0 || position.valuer.isAdjusted,
        position.scopes,
        asset !== undefined &&
          (asset.type === 'currency' ? currencyCode(asset) : asset.currency) !== market.reportCurrency,
      );
      this.positions.push(position);
      this.byKey.set(key, position);
      byAsset.set(assetId, position);
      const list = this.byAsset.get(assetId);
      if (list) list.push(position);
      else this.byAsset.set(assetId, [position]);
    }
    return position;
  }

  /** The position an income or expense entry belongs to (see scopes.ts). */
  homeOf(transaction: TAnalyticsTransaction, entryIndex: number): TPositionState {
    const entry = transaction.entries[entryIndex]!;
    let cash: (typeof transaction.entries)[number] | undefined;
    for (const e of transaction.entries) {
      if (e.role !== 'position') continue;
      if (this.context.market.isCurrency(e.asset_id)) {
        cash = e;
        break;
      }
      cash ??= e;
    }
    const accountId = cash?.account_id ?? entry.account_id;
    const assetId = entry.pos_id ?? cash?.asset_id ?? entry.asset_id;
    if (entry.pos_id && !this.byAccount.get(accountId)?.has(assetId)) {
      const holder = this.byAsset.get(assetId)?.find((p) => this.isSelected(p.accountId));
      if (holder) return holder;
    }
    return this.positionOf(accountId, assetId);
  }

  /** The entry's new units and cost, where valuing a day reads them. */
  syncColumns(position: TPositionState): void {
    this.columns.units[position.index] = position.cost.unitsFloat;
    this.columns.cost[position.index] = position.cost.cost;
  }

  /** Marks and splits make every position of the asset take the careful valuation path. */
  markCareful(assetId: string): void {
    for (const position of this.byAsset.get(assetId) ?? []) this.columns.isCareful[position.index] = 1;
  }

  private rateSlotOf(code: string): number {
    let slot = this.rateSlots.get(code);
    if (slot === undefined) {
      slot = this.rateCodes.length;
      this.rateCodes.push(code);
      this.rateSlots.set(code, slot);
    }
    return slot;
  }
}
