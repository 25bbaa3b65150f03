// Valuing every open position on a day and adding each value to the position's scopes: on a grid
// boundary with the cost basis and the FX effect of the period too. Prices come from the day price
// matrix (one row per valued day) times the day's rate of the quote currency; marks, splits, currencies
// and missing data take the careful path through the market (which also reports what is missing).
import type { DayPriceMatrix } from './day-price-matrix.ts';
import type { TPositionState } from './ledger-pass-types.ts';
import { currencyCode, type Market } from './market.ts';
import type { PositionRegistry } from './position-registry.ts';
import type { ScopeSums } from './scope-sums.ts';

interface TValuationContext {
  market: Market;
  matrix: DayPriceMatrix;
  registry: PositionRegistry;
  sums: ScopeSums;
  boundaries: Int32Array;
}

export class DayValuation {
  /** Rates of the positions' quote currencies (`registry.rateCodes`) on the day valued. */
  private dayRates = new Float64Array(4);
  private matrixRow = -1;

  private readonly context: TValuationContext;

  constructor(context: TValuationContext) {
    this.context = context;
  }

  /**
   * Value every position on `day`. On a boundary (gridIndex ≥ 0) also store values, cost and FX effect;
   * on a flow day (−1) record observations; for the eve of a flow day (−2) only the values.
   */
  value(day: number, gridIndex: number): void {
    const { market, matrix, registry, sums, boundaries } = this.context;
    const { positions, columns, rateCodes } = registry;
    const n = sums.scopes.length;
    const isGrid = gridIndex >= 0;
    const values = sums.dayValues;
    const costs = sums.dayCosts;
    const { fxEffect } = sums;
    values.fill(0, 0, n);
    if (isGrid) costs.fill(0, 0, n);
    const fxMemo = new Map<string, number>();
    const row = matrix.row(day, this.matrixRow);
    if (row >= 0) this.matrixRow = row;
    if (rateCodes.length > this.dayRates.length)
      this.dayRates = new Float64Array(Math.max(rateCodes.length, this.dayRates.length * 2));
    const { dayRates } = this;
    for (let r = 0; r < rateCodes.length; r++) dayRates[r] = market.fxRate(rateCodes[r]!, day);
    const cells = matrix.cells;
    const rowBase = row >= 0 ? row * matrix.columnCount : -1;
    const { units: unitsOf, column: columnOf, rateSlot, isCareful, offsets, members, cost: costOf } = columns;
    const { isForeign } = columns;
    const positionValues = columns.value;
    const count = columns.size;
    for (let p = 0; p < count; p++) {
      const units = unitsOf[p]!;
      if (units === 0) {
        positionValues[p] = 0;
        continue;
      }
      let unitValue = Number.NaN;
      let localPrice = Number.NaN;
      if (rowBase >= 0 && isCareful[p] === 0) {
        localPrice = cells[rowBase + columnOf[p]!]!;
        unitValue = localPrice * dayRates[rateSlot[p]!]!;
      }
      // Missing data, marks, splits and currencies take the careful path (which also reports missing).
      if (Number.isNaN(unitValue)) unitValue = positions[p]!.valuer.unitValue(day);
      const value = units * unitValue;
      positionValues[p] = value;
      const end = offsets[p + 1]!;
      for (let k = offsets[p]!; k < end; k++) values[members[k]!]! += value;
      if (isGrid) {
        const cost = costOf[p]!;
        const fx =
          gridIndex > 0 && isForeign[p] === 1
            ? this.fxEffectOf(positions[p]!, units, day, boundaries[gridIndex - 1]!, fxMemo, localPrice)
            : 0;
        for (let k = offsets[p]!; k < end; k++) {
          costs[members[k]!]! += cost;
          if (fx !== 0) fxEffect.data[fxEffect.at(gridIndex - 1, members[k]!)]! += fx;
        }
      }
    }
    if (gridIndex === -2) return;
    sums.recordDay(day, gridIndex);
  }

  /**
   * End holdings' local value × (end rate − start rate): the FX part of the period's market change
   * (only called for positions flagged foreign in the columns: the same test as the first lines here).
   */
  private fxEffectOf(
    position: TPositionState,
    units: number,
    day: number,
    startDay: number,
    memo: Map<string, number>,
    knownLocalPrice: number,
  ): number {
    const { market } = this.context;
    const asset = position.asset;
    if (!asset) return 0;
    const code = asset.type === 'currency' ? currencyCode(asset) : asset.currency;
    if (code === market.reportCurrency) return 0;
    let change = memo.get(code);
    if (change === undefined) {
      change = market.fxRate(code, day) - market.fxRate(code, startDay);
      memo.set(code, change);
    }
    const price = Number.isNaN(knownLocalPrice) ? market.localPrice(asset.id, day) : knownLocalPrice;
    const local = asset.type === 'currency' ? units : units * price;
    return local * change;
  }
}
