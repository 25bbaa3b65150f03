// Booking one transaction, entry by entry by role (DOMAIN.md): a position entry changes units and cost
// basis (realizing gain, or carrying cost on an in-kind move), income and expense add to the categories
// of the position they belong to, a split rescales units, a valuation marks a price, a commitment entry
// goes to the fund's commitments. Each scope's net of the transaction is then settled into its flows.
import type { TAnalyticsAsset, TAnalyticsTransaction, TCostMethod } from './analytics-types.ts';
import type { CommitmentBook } from './commitments.ts';
import { applySplit, applyUnitChange, parseScaled } from './cost-basis.ts';
import type { Market } from './market.ts';
import type { PositionRegistry } from './position-registry.ts';
import type { ScopeSums } from './scope-sums.ts';
import { settleFlow, valueTransaction } from './transaction-values.ts';

/** Never written: only moves (when `outUnits` exists) carry cost. */
const NO_CARRY: Map<string, number> = new Map();

interface TBookingContext {
  assets: ReadonlyMap<string, TAnalyticsAsset>;
  market: Market;
  commitments: CommitmentBook;
  costMethod: TCostMethod;
  registry: PositionRegistry;
  sums: ScopeSums;
}

export class TransactionBooking {
  // Per-transaction scratch (at most four entries in the catalogue; grown if a caller sends more).
  private amountBuffer = new Float64Array(8);
  /** Each amount × 1e8 when that is exact (cost-basis.ts fast mode), else NaN. */
  private scaledBuffer = new Float64Array(8);
  private valueBuffer = new Float64Array(8);
  /** Category of each income or expense account, as a number into `categoryNames`. */
  private readonly categoryOfAccount = new Map<string, number>();
  private readonly categoryNames: string[] = [];
  private readonly categoryNumbers = new Map<string, number>();

  private readonly context: TBookingContext;

  constructor(context: TBookingContext) {
    this.context = context;
  }

  /** Book the transaction on `day`, in `period` of the timeline (−1: before it). */
  book(transaction: TAnalyticsTransaction, day: number, period: number): void {
    const { market, commitments, registry, sums } = this.context;
    sums.beginTransaction();
    const { entries } = transaction;
    if (entries.length > this.amountBuffer.length) {
      this.amountBuffer = new Float64Array(entries.length);
      this.scaledBuffer = new Float64Array(entries.length);
      this.valueBuffer = new Float64Array(entries.length);
    }
    const amounts = this.amountBuffer;
    const scaledBuffer = this.scaledBuffer;
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
      this.valueBuffer,
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
        this.bookEntry(transaction, i, day, period, values, hasCurrencyEntry, outUnits, carried);
      }
    }
    const { fundScopes } = registry;
    for (const state of sums.touched) {
      const net = settleFlow(state.txNet, residue);
      if (fundScopes.size > 0) {
        const position = fundScopes.get(state.scope.index);
        if (position) commitments.onFlow(position.fund!, day, net);
      }
      if (period < 0 || net === 0) continue;
      sums.addFlow(state, day, period, net);
    }
    sums.touched.length = 0;
  }

  private bookEntry(
    transaction: TAnalyticsTransaction,
    i: number,
    day: number,
    period: number,
    values: Float64Array,
    hasCurrencyEntry: boolean,
    outUnits: Map<string, number> | null,
    carried: Map<string, number>,
  ): void {
    const { market, commitments, costMethod, registry, sums } = this.context;
    const amounts = this.amountBuffer;
    const entry = transaction.entries[i]!;
    const value = values[i]!;
    switch (entry.role) {
      case 'position': {
        if (!registry.isSelected(entry.account_id)) break;
        const position = registry.positionOf(entry.account_id, entry.asset_id);
        const isMove = outUnits?.has(entry.asset_id) ?? false;
        let costValue = value;
        if (isMove && amounts[i]! > 0)
          costValue = ((carried.get(entry.asset_id) ?? 0) * amounts[i]!) / outUnits!.get(entry.asset_id)!;
        const costChange = applyUnitChange(
          position.cost,
          entry.amount,
          costValue,
          costMethod,
          this.scaledBuffer[i],
        );
        registry.syncColumns(position);
        if (isMove && amounts[i]! < 0)
          carried.set(entry.asset_id, (carried.get(entry.asset_id) ?? 0) - costChange);
        const gap = costChange - value;
        if (gap !== 0)
          sums.addToPeriod(position, hasCurrencyEntry && !isMove ? 'realized' : 'transferGap', period, gap);
        sums.addNet(position, value);
        if (position.fund) commitments.onPosition(position.fund, transaction.type, value);
        break;
      }
      case 'income':
      case 'expense': {
        const position = registry.homeOf(transaction, i);
        if (!registry.isSelected(position.accountId)) break;
        sums.addNet(position, value);
        const categoryNumber = this.categoryNumberOf(entry.account_id);
        const category = this.categoryNames[categoryNumber]!;
        if (entry.role === 'income')
          sums.addCategory(position, 'income', category, categoryNumber, period, -value);
        else sums.addCategory(position, 'expense', category, categoryNumber, period, value);
        break;
      }
      case 'split': {
        if (!registry.isSelected(entry.account_id)) break;
        const position = registry.positionOf(entry.account_id, entry.asset_id);
        applySplit(position.cost, entry.amount);
        registry.syncColumns(position);
        market.addSplit(entry.asset_id, day, amounts[i]!);
        registry.markCareful(entry.asset_id);
        break;
      }
      case 'valuation': {
        const units = registry.find(entry.account_id, entry.asset_id)?.cost.unitsFloat ?? 0;
        // A mark is a price per unit: without units it cannot value anything.
        if (units !== 0) {
          market.addValuation(entry.asset_id, day, amounts[i]! / units);
          registry.markCareful(entry.asset_id);
        }
        break;
      }
      case 'commitment': {
        if (!registry.isSelected(entry.account_id)) break;
        const position = registry.positionOf(entry.account_id, entry.asset_id);
        if (!position.fund) break;
        const rate = market.fxRate(position.asset?.currency ?? market.reportCurrency, day);
        if (Number.isNaN(rate)) market.noteMissing(entry.asset_id, 'fx', day, position.asset?.currency);
        commitments.onCommitment(position.fund, transaction.type, amounts[i]! * rate);
        break;
      }
    }
  }

  /** The category of an income or expense account, numbered in order of first use. */
  private categoryNumberOf(accountId: string): number {
    let categoryNumber = this.categoryOfAccount.get(accountId);
    if (categoryNumber === undefined) {
      const name = categoryOf(this.context.assets.get(accountId), accountId);
      categoryNumber = this.categoryNumbers.get(name);
      if (categoryNumber === undefined) {
        categoryNumber = this.categoryNames.length;
        this.categoryNames.push(name);
        this.categoryNumbers.set(name, categoryNumber);
      }
      this.categoryOfAccount.set(accountId, categoryNumber);
    }
    return categoryNumber;
  }
}

function categoryOf(account: TAnalyticsAsset | undefined, accountId: string): string {
  return account?.tags?.find((tag) => tag.name === 'Category')?.value ?? account?.name ?? accountId;
}
