// The engine's one pass over date-sorted transactions. It keeps running positions (exact units, cost
// basis) and, for every scope, the per-period sums the strategies read: flows in and out, income and
// expenses by category, realized gain, transfer differences, values and cost at each grid boundary, and
// one observation (value, inflow, outflow) on each day the scope has a flow, for TWR and IRR.
// Positions are valued once per day that needs it (flow days inside the timeline and boundaries).
import { PRIVATE_TYPES } from '../transactions/asset-kinds.ts';
import type {
  TAnalyticsAsset,
  TAnalyticsInput,
  TAnalyticsTransaction,
  TCostMethod,
} from './analytics-types.ts';
import { CommitmentBook, type TFundState } from './commitments.ts';
import { applySplit, applyUnitChange, emptyCostState, parseScaled, type TCostState } from './cost-basis.ts';
import { DayPriceMatrix, valuationDays } from './day-price-matrix.ts';
import { type AssetValuer, currencyCode, Market } from './market.ts';
import { ObservationLog } from './observation-log.ts';
import type { TPeriodGrid } from './period-grid.ts';
import { PositionColumns } from './position-columns.ts';
import { resolvePriceSeries } from './price-input.ts';
import { parseDay } from './price-series.ts';
import { ScopeMatrix } from './scope-matrix.ts';
import { positionScopeId, ScopeIndex, selectedAccounts, type TScope } from './scopes.ts';
import { settleFlow, valueTransaction } from './transaction-values.ts';

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
   * By kind, then category number (`categoryNumbers` in the pass): the category matrix columns of every
   * scope of the position (one array read per entry, not a lookup per scope).
   */
  categoryTargets: { income: (Int32Array | undefined)[]; expense: (Int32Array | undefined)[] } | null;
}

export interface TScopeState {
  scope: TScope;
  /** Value and cost basis at each boundary (periods + 1); NaN when a holding has no price or rate. */
  gridValue: Float64Array;
  gridCost: Float64Array;
  flowsIn: Float64Array;
  flowsOut: Float64Array;
  realized: Float64Array;
  /** Cost carried by in-kind transfers minus the value they moved: part of unrealized change. */
  transferGap: Float64Array;
  fxEffect: Float64Array;
  income: Map<string, Float64Array>;
  expense: Map<string, Float64Array>;
  /** Days inside the timeline with a flow, plus every boundary after the first (observation-log.ts). */
  obsDays: Int32Array;
  obsValues: Float64Array;
  obsIn: Float64Array;
  obsOut: Float64Array;
  /** Value at the close of the day before each observation, with that day's holdings (NaN if no flow). */
  obsBefore: Float64Array;
  txNet: number;
  txStamp: number;
  dayIn: number;
  dayOut: number;
  dayStamp: number;
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

const PRIVATE = new Set<string>(PRIVATE_TYPES);
/** Never written: only moves (when `outUnits` exists) carry cost. */
const NO_CARRY: Map<string, number> = new Map();

export function runLedgerPass(
  input: TAnalyticsInput,
  grid: TPeriodGrid,
  costMethod: TCostMethod,
): TPassResult {
  const assets = new Map(input.assets.map((asset) => [asset.id, asset]));
  const reportCurrency = input.request.currency ?? input.currency;
  const series = resolvePriceSeries(input.prices, input.price_series, input.price_source_precedence);
  const market = new Market({
    assets,
    series,
    repositoryCurrency: input.currency,
    reportCurrency,
  });
  const scopeIndex = new ScopeIndex(assets);
  const selection = selectedAccounts(assets, input.request.scope);
  const periodCount = grid.periods.length;
  const { boundaries } = grid;
  const lastDay = boundaries[periodCount]!;
  const scopes: TScopeState[] = [];
  const positions: TPositionState[] = [];
  const positionByKey = new Map<string, TPositionState>();
  const positionsByAsset = new Map<string, TPositionState[]>();
  const commitments = new CommitmentBook();
  const touched: TScopeState[] = [];
  let txStamp = 0;
  // Per-transaction scratch (at most four entries in the catalogue; grown if a caller sends more).
  let amountBuffer = new Float64Array(8);
  /** Each amount × 1e8 when that is exact (cost-basis.ts fast mode), else NaN. */
  let scaledBuffer = new Float64Array(8);
  let valueBuffer = new Float64Array(8);
  const positionsByAccount = new Map<string, Map<string, TPositionState>>();
  let matrix: DayPriceMatrix | undefined;
  let matrixRow = -1;
  const columns = new PositionColumns();
  /** Quote currencies of the positions, by rate slot; `dayRates` holds their rates on the day valued. */
  const rateCodes: string[] = [];
  const rateSlots = new Map<string, number>();
  let dayRates = new Float64Array(4);
  const rateSlotOf = (code: string) => {
    let slot = rateSlots.get(code);
    if (slot === undefined) {
      slot = rateCodes.length;
      rateCodes.push(code);
      rateSlots.set(code, slot);
      if (slot >= dayRates.length) {
        const grown = new Float64Array(dayRates.length * 2);
        grown.set(dayRates);
        dayRates = grown;
      }
    }
    return slot;
  };
  /** Marks and splits make every position of the asset take the careful valuation path. */
  const markCareful = (assetId: string) => {
    for (const position of positionsByAsset.get(assetId) ?? []) columns.isCareful[position.index] = 1;
  };

  // Scope values of the day being valued, by scope index (flat arrays: this is the hot loop).
  let values = new Float64Array(256);
  let befores = new Float64Array(256);
  let costs = new Float64Array(256);
  /** Scopes with a flow on the current day, inside the timeline. */
  const flowScopes: TScopeState[] = [];
  // Per-period sums by period and scope (scope-matrix.ts); copied into the scope states at the end.
  const flowsIn = new ScopeMatrix(periodCount);
  const flowsOut = new ScopeMatrix(periodCount);
  const realized = new ScopeMatrix(periodCount);
  const transferGap = new ScopeMatrix(periodCount);
  const fxEffect = new ScopeMatrix(periodCount);
  const gridValue = new ScopeMatrix(periodCount + 1);
  const gridCost = new ScopeMatrix(periodCount + 1);
  const matrices = [flowsIn, flowsOut, realized, transferGap, fxEffect, gridValue, gridCost];
  const observations = new ObservationLog();
  /** Income and expense by (scope, category) pair: column = index in `categoryTargets`, the series it fills at the end. */
  const categories = new ScopeMatrix(periodCount);
  const categoryTargets: { map: Map<string, Float64Array>; category: string }[] = [];
  const categoryColumns = new Map<Float64Array, number>();
  const ensureScopes = () => {
    while (scopes.length < scopeIndex.scopes.length)
      scopes.push(newScopeState(scopeIndex.scopes[scopes.length]!, periodCount, false));
    for (const matrix of matrices) matrix.ensureColumns(scopes.length);
    if (scopes.length > values.length) {
      const grow = (from: Float64Array) => {
        const to = new Float64Array(Math.max(scopes.length, from.length * 2));
        to.set(from);
        return to;
      };
      values = grow(values);
      befores = grow(befores);
      costs = grow(costs);
    }
  };
  ensureScopes();

  /** Position scopes of private funds, by scope index (commitments follow their flows). */
  const fundScopes = new Map<number, TPositionState>();
  /** Category of each income or expense account, as a number into `categoryNames`. */
  const categoryOfAccount = new Map<string, number>();
  const categoryNames: string[] = [];
  const categoryNumbers = new Map<string, number>();

  const positionOf = (accountId: string, assetId: string): TPositionState => {
    let byAsset = positionsByAccount.get(accountId);
    if (!byAsset) {
      byAsset = new Map();
      positionsByAccount.set(accountId, byAsset);
    }
    let position = byAsset.get(assetId);
    if (!position) {
      const key = positionScopeId(accountId, assetId);
      const asset = assets.get(assetId);
      position = {
        index: positions.length,
        accountId,
        assetId,
        asset,
        valuer: market.valuer(assetId),
        column: matrix?.column(assetId) ?? -1,
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
      ensureScopes();
      if (position.fund) fundScopes.set(position.scopes[1]!, position);
      columns.add(
        position.column,
        rateSlotOf(position.quoteCurrency),
        position.column < 0 || position.valuer.isAdjusted,
        position.scopes,
        asset !== undefined &&
          (asset.type === 'currency' ? currencyCode(asset) : asset.currency) !== market.reportCurrency,
      );
      positions.push(position);
      positionByKey.set(key, position);
      byAsset.set(assetId, position);
      const list = positionsByAsset.get(assetId);
      if (list) list.push(position);
      else positionsByAsset.set(assetId, [position]);
    }
    return position;
  };

  const isSelected = (accountId: string) => selection === null || selection.has(accountId);

  const addNet = (position: TPositionState, value: number) => {
    for (const s of position.scopes) {
      const state = scopes[s]!;
      if (state.txStamp !== txStamp) {
        state.txStamp = txStamp;
        state.txNet = 0;
        touched.push(state);
      }
      state.txNet += value;
    }
  };

  const addToPeriod = (
    position: TPositionState,
    field: 'realized' | 'transferGap',
    period: number,
    value: number,
  ) => {
    if (period < 0) return;
    const matrix = field === 'realized' ? realized : transferGap;
    const { data } = matrix;
    const base = matrix.at(period, 0);
    for (const s of position.scopes) data[base + s]! += value;
  };

  const addCategory = (
    position: TPositionState,
    kind: 'income' | 'expense',
    category: string,
    categoryNumber: number,
    period: number,
    value: number,
  ) => {
    if (period < 0) return;
    position.categoryTargets ??= { income: [], expense: [] };
    const byCategory = position.categoryTargets[kind];
    let targets = byCategory[categoryNumber];
    if (!targets) {
      targets = new Int32Array(position.scopes.length);
      for (const [k, s] of position.scopes.entries()) {
        const map = scopes[s]![kind];
        // A placeholder until the end of the pass, when the column's sums replace it.
        let series = map.get(category);
        if (!series) {
          series = new Float64Array(0);
          map.set(category, series);
          categoryColumns.set(series, categoryTargets.length);
          categoryTargets.push({ map, category });
          categories.ensureColumns(categoryTargets.length);
        }
        targets[k] = categoryColumns.get(series)!;
      }
      byCategory[categoryNumber] = targets;
    }
    const { data } = categories;
    const base = categories.at(period, 0);
    for (let k = 0; k < targets.length; k++) data[base + targets[k]!]! += value;
  };

  /** The position an income or expense entry belongs to (see scopes.ts). */
  const homeOf = (transaction: TAnalyticsTransaction, entryIndex: number): TPositionState => {
    const entry = transaction.entries[entryIndex]!;
    let cash: (typeof transaction.entries)[number] | undefined;
    for (const e of transaction.entries) {
      if (e.role !== 'position') continue;
      if (market.isCurrency(e.asset_id)) {
        cash = e;
        break;
      }
      cash ??= e;
    }
    const accountId = cash?.account_id ?? entry.account_id;
    const assetId = entry.pos_id ?? cash?.asset_id ?? entry.asset_id;
    if (entry.pos_id && !positionsByAccount.get(accountId)?.has(assetId)) {
      const holder = positionsByAsset.get(assetId)?.find((p) => isSelected(p.accountId));
      if (holder) return holder;
    }
    return positionOf(accountId, assetId);
  };

  const bookEntry = (
    transaction: TAnalyticsTransaction,
    i: number,
    day: number,
    period: number,
    amounts: Float64Array,
    values: Float64Array,
    hasCurrencyEntry: boolean,
    outUnits: Map<string, number> | null,
    carried: Map<string, number>,
  ) => {
    const entry = transaction.entries[i]!;
    const value = values[i]!;
    switch (entry.role) {
      case 'position': {
        if (!isSelected(entry.account_id)) break;
        const position = positionOf(entry.account_id, entry.asset_id);
        const isMove = outUnits?.has(entry.asset_id) ?? false;
        let costValue = value;
        if (isMove && amounts[i]! > 0)
          costValue = ((carried.get(entry.asset_id) ?? 0) * amounts[i]!) / outUnits!.get(entry.asset_id)!;
        const costChange = applyUnitChange(
          position.cost,
          entry.amount,
          costValue,
          costMethod,
          scaledBuffer[i],
        );
        columns.units[position.index] = position.cost.unitsFloat;
        columns.cost[position.index] = position.cost.cost;
        if (isMove && amounts[i]! < 0)
          carried.set(entry.asset_id, (carried.get(entry.asset_id) ?? 0) - costChange);
        const gap = costChange - value;
        if (gap !== 0)
          addToPeriod(position, hasCurrencyEntry && !isMove ? 'realized' : 'transferGap', period, gap);
        addNet(position, value);
        if (position.fund) commitments.onPosition(position.fund, transaction.type, value);
        break;
      }
      case 'income':
      case 'expense': {
        const position = homeOf(transaction, i);
        if (!isSelected(position.accountId)) break;
        addNet(position, value);
        let categoryNumber = categoryOfAccount.get(entry.account_id);
        if (categoryNumber === undefined) {
          const name = categoryOf(assets.get(entry.account_id), entry.account_id);
          categoryNumber = categoryNumbers.get(name);
          if (categoryNumber === undefined) {
            categoryNumber = categoryNames.length;
            categoryNames.push(name);
            categoryNumbers.set(name, categoryNumber);
          }
          categoryOfAccount.set(entry.account_id, categoryNumber);
        }
        const category = categoryNames[categoryNumber]!;
        if (entry.role === 'income')
          addCategory(position, 'income', category, categoryNumber, period, -value);
        else addCategory(position, 'expense', category, categoryNumber, period, value);
        break;
      }
      case 'split': {
        if (!isSelected(entry.account_id)) break;
        const position = positionOf(entry.account_id, entry.asset_id);
        applySplit(position.cost, entry.amount);
        columns.units[position.index] = position.cost.unitsFloat;
        columns.cost[position.index] = position.cost.cost;
        market.addSplit(entry.asset_id, day, amounts[i]!);
        markCareful(entry.asset_id);
        break;
      }
      case 'valuation': {
        const units =
          positionByKey.get(positionScopeId(entry.account_id, entry.asset_id))?.cost.unitsFloat ?? 0;
        // A mark is a price per unit: without units it cannot value anything.
        if (units !== 0) {
          market.addValuation(entry.asset_id, day, amounts[i]! / units);
          markCareful(entry.asset_id);
        }
        break;
      }
      case 'commitment': {
        if (!isSelected(entry.account_id)) break;
        const position = positionOf(entry.account_id, entry.asset_id);
        if (!position.fund) break;
        const rate = market.fxRate(position.asset?.currency ?? market.reportCurrency, day);
        if (Number.isNaN(rate)) market.noteMissing(entry.asset_id, 'fx', day, position.asset?.currency);
        commitments.onCommitment(position.fund, transaction.type, amounts[i]! * rate);
        break;
      }
    }
  };

  const processTransaction = (transaction: TAnalyticsTransaction, day: number, period: number) => {
    txStamp++;
    const { entries } = transaction;
    if (entries.length > amountBuffer.length) {
      amountBuffer = new Float64Array(entries.length);
      scaledBuffer = new Float64Array(entries.length);
      valueBuffer = new Float64Array(entries.length);
    }
    const amounts = amountBuffer;
    // One parse per amount: the exact scaled units when they fit (their float is then the same double
    // Number() would give: both are the correctly rounded value of one decimal), else Number().
    for (let i = 0; i < entries.length; i++) {
      const text = entries[i]!.amount;
      const scaled = parseScaled(text);
      scaledBuffer[i] = scaled ?? Number.NaN;
      amounts[i] = scaled === null ? Number(text) : scaled / 1e8;
    }
    const { values, hasCurrencyEntry, residue } = valueTransaction(
      transaction,
      amounts,
      day,
      market,
      valueBuffer,
    );

    // In-kind moves: an asset leaving one position and entering another in the same transaction
    // carries its cost basis; nothing is realized. (Rare: the maps exist only when there is one.)
    let outUnits: Map<string, number> | null = null;
    for (let i = 0; i < entries.length; i++) {
      if (entries[i]!.role !== 'position' || !(amounts[i]! < 0)) continue;
      for (let j = 0; j < entries.length; j++) {
        if (
          entries[j]!.role === 'position' &&
          amounts[j]! > 0 &&
          entries[j]!.asset_id === entries[i]!.asset_id
        ) {
          outUnits ??= new Map();
          outUnits.set(entries[i]!.asset_id, (outUnits.get(entries[i]!.asset_id) ?? 0) - amounts[i]!);
          break;
        }
      }
    }
    const carried = outUnits === null ? NO_CARRY : new Map<string, number>();
    // Outgoing entries first, so a move's carried cost is known when its incoming entry is booked.
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < entries.length; i++) {
        if (amounts[i]! < 0 !== (pass === 0)) continue;
        bookEntry(transaction, i, day, period, amounts, values, hasCurrencyEntry, outUnits, carried);
      }
    }
    for (const state of touched) {
      const net = settleFlow(state.txNet, residue);
      if (fundScopes.size > 0) {
        const position = fundScopes.get(state.scope.index);
        if (position) commitments.onFlow(position.fund!, day, net);
      }
      if (period < 0 || net === 0) continue;
      if (state.dayStamp !== day) {
        state.dayStamp = day;
        state.dayIn = 0;
        state.dayOut = 0;
        flowScopes.push(state);
      }
      if (net > 0) {
        flowsIn.data[flowsIn.at(period, state.scope.index)]! += net;
        state.dayIn += net;
      } else {
        flowsOut.data[flowsOut.at(period, state.scope.index)]! += net;
        state.dayOut += net;
      }
    }
    touched.length = 0;
  };

  /**
   * Value every position on `day`. On a boundary (gridIndex ≥ 0) also store values, cost and FX effect;
   * on a flow day (−1) record observations; for the eve of a flow day (−2) only the values.
   */
  const valueDay = (day: number, gridIndex: number) => {
    const n = scopes.length;
    const isGrid = gridIndex >= 0;
    values.fill(0, 0, n);
    if (isGrid) costs.fill(0, 0, n);
    const fxMemo = new Map<string, number>();
    const row = matrix ? matrix.row(day, matrixRow) : -1;
    if (row >= 0) matrixRow = row;
    for (let r = 0; r < rateCodes.length; r++) dayRates[r] = market.fxRate(rateCodes[r]!, day);
    const cells = matrix ? matrix.cells : undefined;
    const rowBase = row >= 0 ? row * matrix!.columnCount : -1;
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
        localPrice = cells![rowBase + columnOf[p]!]!;
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
            ? fxEffectOf(positions[p]!, units, day, boundaries[gridIndex - 1]!, fxMemo, localPrice)
            : 0;
        for (let k = offsets[p]!; k < end; k++) {
          costs[members[k]!]! += cost;
          if (fx !== 0) fxEffect.data[fxEffect.at(gridIndex - 1, members[k]!)]! += fx;
        }
      }
    }
    if (gridIndex === -2) return;
    if (isGrid) {
      gridValue.row(gridIndex).set(values.subarray(0, n));
      gridCost.row(gridIndex).set(costs.subarray(0, n));
      if (gridIndex > 0) for (let i = 0; i < n; i++) observe(scopes[i]!, day);
    } else {
      for (const state of flowScopes) observe(state, day);
    }
    flowScopes.length = 0;
  };

  const observe = (state: TScopeState, day: number) => {
    const hasFlow = state.dayStamp === day;
    const index = state.scope.index;
    observations.append(
      index,
      day,
      values[index]!,
      hasFlow ? state.dayIn : 0,
      hasFlow ? state.dayOut : 0,
      hasFlow ? befores[index]! : Number.NaN,
    );
  };

  /**
   * End holdings' local value × (end rate − start rate): the FX part of the period's market change
   * (only called for positions flagged foreign in `columns`: the same test as the first lines here).
   */
  const fxEffectOf = (
    position: TPositionState,
    units: number,
    day: number,
    startDay: number,
    memo: Map<string, number>,
    knownLocalPrice: number,
  ): number => {
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
  };

  const { transactions } = input;
  const { order, days: transactionDays } = sortTransactions(transactions);
  const quotedAssets = new Set<string>();
  for (const transaction of transactions) {
    for (const entry of transaction.entries) {
      if (entry.role !== 'position') continue;
      const asset = assets.get(entry.asset_id);
      if (asset && asset.type !== 'currency') quotedAssets.add(entry.asset_id);
    }
  }
  matrix = new DayPriceMatrix(valuationDays(boundaries, transactionDays), series, quotedAssets);
  let b = 0;
  // A flow day inside the timeline that is not a boundary is valued after its last transaction; the
  // day before it is valued too (TWR needs the value just before the day's flows).
  let pendingDay = Number.NaN;
  let lastValuedDay = Number.NaN;
  let openedDay = Number.NaN;
  for (let k = 0; k < order.length; k++) {
    const transaction = transactions[order[k]!]!;
    const day = transactionDays[k]!;
    if (!Number.isNaN(pendingDay) && pendingDay !== day) {
      valueDay(pendingDay, -1);
      lastValuedDay = pendingDay;
      pendingDay = Number.NaN;
    }
    while (b <= periodCount && boundaries[b]! < day) {
      valueDay(boundaries[b]!, b);
      lastValuedDay = boundaries[b]!;
      b++;
    }
    if (day > lastDay) break;
    if (b >= 1 && day !== openedDay) {
      openedDay = day;
      if (lastValuedDay !== day - 1) valueDay(day - 1, -2);
      befores.set(values.subarray(0, scopes.length));
    }
    processTransaction(transaction, day, b - 1);
    if (b >= 1 && day !== boundaries[b]) pendingDay = day;
  }
  if (!Number.isNaN(pendingDay)) valueDay(pendingDay, -1);
  while (b <= periodCount) {
    valueDay(boundaries[b]!, b);
    b++;
  }
  // Each scope's series are views into one buffer per figure (thousands of scopes: no small arrays).
  const count = scopes.length;
  const fill = (matrix: ScopeMatrix, assign: (state: TScopeState, series: Float64Array) => void) => {
    const series = matrix.columnSeries(count);
    for (let s = 0; s < count; s++) assign(scopes[s]!, series[s]!);
  };
  fill(flowsIn, (state, series) => (state.flowsIn = series));
  fill(flowsOut, (state, series) => (state.flowsOut = series));
  fill(realized, (state, series) => (state.realized = series));
  fill(transferGap, (state, series) => (state.transferGap = series));
  fill(fxEffect, (state, series) => (state.fxEffect = series));
  fill(gridValue, (state, series) => (state.gridValue = series));
  fill(gridCost, (state, series) => (state.gridCost = series));
  const categorySeries = categories.columnSeries(categoryTargets.length);
  for (const [column, { map, category }] of categoryTargets.entries())
    map.set(category, categorySeries[column]!);
  observations.distribute(scopes);
  return { grid, market, scopeIndex, scopes, positions, commitments, assets };
}

function categoryOf(account: TAnalyticsAsset | undefined, accountId: string): string {
  return account?.tags?.find((tag) => tag.name === 'Category')?.value ?? account?.name ?? accountId;
}

/** Series filled in at the end of the pass (views into its matrices). */
const UNFILLED = new Float64Array(0);

/** A scope's state with zeroed series (tests build states by hand); the pass passes false and fills them at its end. */
export function newScopeState(scope: TScope, periodCount: number, isAllocated = true): TScopeState {
  const series = (length: number) => (isAllocated ? new Float64Array(length) : UNFILLED);
  return {
    scope,
    gridValue: series(periodCount + 1),
    gridCost: series(periodCount + 1),
    flowsIn: series(periodCount),
    flowsOut: series(periodCount),
    realized: series(periodCount),
    transferGap: series(periodCount),
    fxEffect: series(periodCount),
    income: new Map(),
    expense: new Map(),
    obsDays: new Int32Array(0),
    obsValues: new Float64Array(0),
    obsIn: new Float64Array(0),
    obsOut: new Float64Array(0),
    obsBefore: new Float64Array(0),
    txNet: 0,
    txStamp: 0,
    dayIn: 0,
    dayOut: 0,
    dayStamp: Number.NaN,
  };
}

/**
 * The transactions in date order (stable: same-day transactions keep their input order), as indices
 * into `transactions` with their epoch days. Input already in date order (the server sends it so) is
 * not sorted again, and nothing is allocated per transaction.
 */
export function sortTransactions(transactions: readonly TAnalyticsTransaction[]): {
  order: Int32Array;
  days: Int32Array;
} {
  const n = transactions.length;
  const inputDays = new Int32Array(n);
  let isSorted = true;
  for (let i = 0; i < n; i++) {
    inputDays[i] = parseDay(transactions[i]!.date);
    if (i > 0 && inputDays[i]! < inputDays[i - 1]!) isSorted = false;
  }
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (isSorted) return { order, days: inputDays };
  order.sort((a, b) => inputDays[a]! - inputDays[b]! || a - b);
  const days = new Int32Array(n);
  for (let k = 0; k < n; k++) days[k] = inputDays[order[k]!]!;
  return { order, days };
}

/** Observations for a hand-built state (tests): day, value, inflow, outflow, value the evening before. */
export function setObservations(
  state: TScopeState,
  rows: readonly (readonly [day: number, value: number, inflow: number, outflow: number, before: number])[],
): void {
  state.obsDays = Int32Array.from(rows, (row) => row[0]);
  state.obsValues = Float64Array.from(rows, (row) => row[1]);
  state.obsIn = Float64Array.from(rows, (row) => row[2]);
  state.obsOut = Float64Array.from(rows, (row) => row[3]);
  state.obsBefore = Float64Array.from(rows, (row) => row[4]);
}
