// Prices and FX for valuation in the reporting currency, with missing data reported, never guessed.
//
// FX: a currency asset's price is in units of its own `currency` field: EUR with currency USD and
// close 1.085 means 1 EUR = 1.085 USD. The rate C→R on a day is, in this order: 1 when C = R; the
// last price on or before the day of C quoted in R (direct); 1 / the price of R quoted in C (inverse);
// otherwise the cross through the repository currency P, (C→P) × (P→R), each leg direct or inverse.
// Anything else is missing (NaN here, a `missing` row in the result).
//
// Prices: the last close on or before the day (price-series.ts), unless a `valuation` transaction
// marked the asset later than that close (a mark beats a same-day close). A close dated before a stock
// split is divided by the split ratio when read on or after the split date, so old-unit prices never
// value new units.
import { fromEpochDay } from '../dates/epoch-day.ts';
import type { TAnalyticsAsset, TMissing, TMissingKind } from './analytics-types.ts';
import { PriceCursor, type TPriceSeries } from './price-series.ts';

interface TDayValue {
  days: number[];
  values: number[];
}

interface TMissingCounter {
  asset_id: string;
  currency?: string;
  kind: TMissingKind;
  first: number;
  last: number;
  count: number;
}

/**
 * One asset's unit value in the reporting currency, memoised for the last day asked: the ledger pass
 * values every holding of an asset on the same days, so this saves the lookups for all but the first.
 */
export class AssetValuer {
  readonly assetId: string;
  private readonly market: Market;
  private day = Number.NaN;
  private value = Number.NaN;
  /** Set when the asset has valuation marks or splits: then every read goes through Market.unitValue. */
  isAdjusted = false;
  private readonly cursor: PriceCursor | undefined;
  private readonly fx: TFxMemo | undefined;

  constructor(market: Market, assetId: string, cursor: PriceCursor | undefined, fx: TFxMemo | undefined) {
    this.market = market;
    this.assetId = assetId;
    this.cursor = cursor;
    this.fx = fx;
  }

  /** Drop the memo: a mark or split on the memoised day changes the value. */
  forget(): void {
    this.day = Number.NaN;
  }

  unitValue(day: number): number {
    if (day === this.day) return this.value;
    this.day = day;
    // Fast path for a quoted instrument: one cursor step and the day's rate, no lookups by id.
    if (!this.isAdjusted && this.cursor && this.fx) {
      const i = this.cursor.indexAt(day);
      const rate = this.fx.day === day ? this.fx.rate : this.market.fxRate(this.fx.code, day);
      if (i >= 0 && !Number.isNaN(rate)) {
        this.value = this.cursor.series.closes[i]! * rate;
        return this.value;
      }
    }
    this.value = this.market.unitValue(this.assetId, day);
    return this.value;
  }
}

interface TFxMemo {
  code: string;
  day: number;
  rate: number;
}

export class Market {
  readonly reportCurrency: string;
  readonly repositoryCurrency: string;
  private readonly assets: ReadonlyMap<string, TAnalyticsAsset>;
  private readonly cursors = new Map<string, PriceCursor>();
  /** Currency code → id of its currency asset. */
  private readonly currencyAssetByCode = new Map<string, string>();
  private readonly valuations = new Map<string, TDayValue>();
  private readonly splits = new Map<string, TDayValue>();
  private readonly missingByKey = new Map<string, TMissingCounter>();
  private savedMissing: [string, TMissingCounter][] = [];
  private readonly fxMemo = new Map<string, TFxMemo>();
  private readonly valuers = new Map<string, AssetValuer>();

  constructor(options: {
    assets: ReadonlyMap<string, TAnalyticsAsset>;
    series: ReadonlyMap<string, TPriceSeries>;
    repositoryCurrency: string;
    reportCurrency: string;
  }) {
    this.assets = options.assets;
    this.repositoryCurrency = options.repositoryCurrency;
    this.reportCurrency = options.reportCurrency;
    for (const [assetId, series] of options.series) this.cursors.set(assetId, new PriceCursor(series));
    for (const asset of options.assets.values()) {
      if (asset.type === 'currency') this.currencyAssetByCode.set(currencyCode(asset), asset.id);
    }
  }

  valuer(assetId: string): AssetValuer {
    let valuer = this.valuers.get(assetId);
    if (!valuer) {
      const asset = this.assets.get(assetId);
      const isQuoted = asset !== undefined && asset.type !== 'currency';
      valuer = new AssetValuer(
        this,
        assetId,
        isQuoted ? this.cursors.get(assetId) : undefined,
        isQuoted ? this.fxMemoOf(asset.currency) : undefined,
      );
      valuer.isAdjusted = this.valuations.has(assetId) || this.splits.has(assetId);
      this.valuers.set(assetId, valuer);
    }
    return valuer;
  }

  isCurrency(assetId: string): boolean {
    return this.assets.get(assetId)?.type === 'currency';
  }

  /** Record a `valuation` mark: the asset is worth `price` per unit (quote currency) from `day`. */
  addValuation(assetId: string, day: number, price: number): void {
    appendDayValue(this.valuations, assetId, day, price);
    this.markAdjusted(assetId);
  }

  addSplit(assetId: string, day: number, ratio: number): void {
    const list = this.splits.get(assetId);
    if (list && list.days[list.days.length - 1] === day) return; // the same split booked in another account
    appendDayValue(this.splits, assetId, day, ratio);
    this.markAdjusted(assetId);
  }

  private markAdjusted(assetId: string): void {
    const valuer = this.valuers.get(assetId);
    if (valuer) {
      valuer.isAdjusted = true;
      valuer.forget();
    }
  }

  /** Price in the asset's quote currency, NaN when there is none (not recorded as missing). */
  localPrice(assetId: string, day: number): number {
    const cursor = this.cursors.get(assetId);
    let priceDay = Number.NEGATIVE_INFINITY;
    let price = Number.NaN;
    if (cursor) {
      const i = cursor.indexAt(day);
      if (i >= 0) {
        priceDay = cursor.series.days[i]!;
        price = cursor.series.closes[i]!;
      }
    }
    const marks = this.valuations.get(assetId);
    if (marks) {
      const j = lastIndexOnOrBefore(marks.days, day);
      if (j >= 0 && marks.days[j]! >= priceDay) {
        priceDay = marks.days[j]!;
        price = marks.values[j]!;
      }
    }
    const splits = this.splits.get(assetId);
    if (splits && Number.isFinite(price)) {
      for (let k = splits.days.length - 1; k >= 0 && splits.days[k]! > priceDay; k--) {
        if (splits.days[k]! <= day) price /= splits.values[k]!;
      }
    }
    return price;
  }

  /**
   * The day of the price `localPrice` uses on `day` (a price record or a valuation mark, the later); NaN when
   * there is none. Read once per held asset at the timeline's end (stale prices), so it searches instead of
   * moving the cursor.
   */
  priceDay(assetId: string, day: number): number {
    let priceDay = Number.NaN;
    const cursor = this.cursors.get(assetId);
    if (cursor) {
      const i = lastIndexOnOrBefore(cursor.series.days, day);
      if (i >= 0) priceDay = cursor.series.days[i]!;
    }
    const marks = this.valuations.get(assetId);
    if (marks) {
      const j = lastIndexOnOrBefore(marks.days, day);
      if (j >= 0 && !(marks.days[j]! < priceDay)) priceDay = marks.days[j]!;
    }
    return priceDay;
  }

  /** Rate from currency `code` into the reporting currency; NaN when missing (not recorded). */
  fxRate(code: string, day: number): number {
    if (code === this.reportCurrency) return 1;
    const memo = this.fxMemoOf(code);
    if (memo.day === day) return memo.rate;
    memo.rate = this.rateBetween(code, this.reportCurrency, day);
    memo.day = day;
    return memo.rate;
  }

  private fxMemoOf(code: string): TFxMemo {
    let memo = this.fxMemo.get(code);
    if (!memo) {
      memo = { code, day: Number.NaN, rate: Number.NaN };
      this.fxMemo.set(code, memo);
    }
    return memo;
  }

  /** Value of one unit of the asset in the reporting currency; NaN (and a `missing` row) when unknown. */
  unitValue(assetId: string, day: number): number {
    const asset = this.assets.get(assetId);
    if (!asset) {
      this.noteMissing(assetId, 'price', day);
      return Number.NaN;
    }
    if (asset.type === 'currency') {
      const code = currencyCode(asset);
      const rate = this.fxRate(code, day);
      if (Number.isNaN(rate)) this.noteMissing(assetId, 'fx', day, code);
      return rate;
    }
    const price = this.localPrice(assetId, day);
    if (Number.isNaN(price)) {
      this.noteMissing(assetId, 'price', day);
      return Number.NaN;
    }
    const rate = this.fxRate(asset.currency, day);
    if (Number.isNaN(rate)) this.noteMissing(assetId, 'fx', day, asset.currency);
    return price * rate;
  }

  /** Value in the reporting currency of `amount` of a currency code (income/expense entries). */
  currencyValue(assetId: string, amount: number, day: number): number {
    const asset = this.assets.get(assetId);
    const code = asset ? currencyCode(asset) : assetId;
    const rate = this.fxRate(code, day);
    if (Number.isNaN(rate)) this.noteMissing(assetId, 'fx', day, code);
    return amount * rate;
  }

  noteMissing(assetId: string, kind: TMissingKind, day: number, currency?: string): void {
    const key = `${kind}\u0000${assetId}`;
    const counter = this.missingByKey.get(key);
    if (counter) {
      counter.count++;
      if (day < counter.first) counter.first = day;
      if (day > counter.last) counter.last = day;
    } else {
      this.missingByKey.set(key, { asset_id: assetId, currency, kind, first: day, last: day, count: 1 });
    }
  }

  /**
   * The missing prices and rates noted so far, to `restoreMissing` later: a pass kept for several requests
   * (pass-memo.ts) must answer each as a fresh pass would, and the position view notes again what it reads.
   */
  saveMissing(): void {
    this.savedMissing = [...this.missingByKey].map(([key, counter]) => [key, { ...counter }]);
  }

  restoreMissing(): void {
    this.missingByKey.clear();
    for (const [key, counter] of this.savedMissing) this.missingByKey.set(key, { ...counter });
  }

  missing(): TMissing[] {
    return [...this.missingByKey.values()]
      .sort((a, b) => a.first - b.first || (a.asset_id < b.asset_id ? -1 : 1))
      .map((m) => ({
        asset_id: m.asset_id,
        ...(m.currency === undefined ? {} : { currency: m.currency }),
        kind: m.kind,
        date: fromEpochDay(m.first),
        last_date: fromEpochDay(m.last),
        count: m.count,
      }));
  }

  private rateBetween(from: string, to: string, day: number): number {
    if (from === to) return 1;
    const direct = this.quote(from, to, day);
    if (!Number.isNaN(direct)) return direct;
    const pivot = this.repositoryCurrency;
    if (from === pivot || to === pivot) return Number.NaN;
    return this.quote(from, pivot, day) * this.quote(pivot, to, day);
  }

  /** One leg: `from` quoted in `to` directly, or the inverse of `to` quoted in `from`. */
  private quote(from: string, to: string, day: number): number {
    if (from === to) return 1;
    const fromId = this.currencyAssetByCode.get(from);
    if (fromId !== undefined && this.assets.get(fromId)!.currency === to) {
      const price = this.closeOnOrBefore(fromId, day);
      if (!Number.isNaN(price)) return price;
    }
    const toId = this.currencyAssetByCode.get(to);
    if (toId !== undefined && this.assets.get(toId)!.currency === from) {
      const price = this.closeOnOrBefore(toId, day);
      if (!Number.isNaN(price)) return 1 / price;
    }
    return Number.NaN;
  }

  private closeOnOrBefore(assetId: string, day: number): number {
    const cursor = this.cursors.get(assetId);
    if (!cursor) return Number.NaN;
    const i = cursor.indexAt(day);
    return i < 0 ? Number.NaN : cursor.series.closes[i]!;
  }
}

export function currencyCode(asset: TAnalyticsAsset): string {
  return asset.ticker ?? asset.id.toUpperCase();
}

function appendDayValue(map: Map<string, TDayValue>, assetId: string, day: number, value: number): void {
  let list = map.get(assetId);
  if (!list) {
    list = { days: [], values: [] };
    map.set(assetId, list);
  }
  // The pass appends in date order; a same-day mark replaces the earlier one.
  const last = list.days.length - 1;
  if (last >= 0 && list.days[last] === day) list.values[last] = value;
  else {
    list.days.push(day);
    list.values.push(value);
  }
}

function lastIndexOnOrBefore(days: ArrayLike<number>, day: number): number {
  let lo = 0;
  let hi = days.length - 1;
  if (hi < 0 || days[0]! > day) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (days[mid]! <= day) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
