// A journal's prices as Strata would keep them, packed into a few flat columns as they are read, never
// one object per price: the journal has 2.6M prices, and an object per parsed price, per amount
// and per planned price held whole were most of 2.2–2.5 GiB (docs/benchmarks.md, issue 28). The mapping
// rules of prices (which quote currency, FX rates in the repository's currency, the last price of a day)
// are applied here, price by price, so that the parser can hand each price straight over.
import { isCurrencyCommodity } from './journal-postings.ts';
import type { TJournalAmount, TJournalNotice, TJournalPrice } from './journal-types.ts';

/**
 * The planned prices as columns: about 22 bytes a price (ticker index 4, day 4, where its close starts and
 * ends 4 + 4, the close's digits ≈ 6), in a few blocks of memory that move between threads whole.
 */
export interface TPackedPrices {
  /** Each distinct ticker once; `tickerOf[i]` indexes it. */
  tickers: string[];
  tickerOf: Uint32Array;
  /** The day as the number yyyymmdd (20240131): ordered as the dates are. */
  days: Uint32Array;
  /** Each close's exact decimal text (ASCII: digits, '-', '.') laid end to end; `closeStarts[i]` to `closeEnds[i]`. */
  closeText: Uint8Array;
  closeStarts: Uint32Array;
  closeEnds: Uint32Array;
}

export const priceCount = (packed: TPackedPrices) => packed.tickerOf.length;

/** 'YYYY-MM-DD' as the number yyyymmdd (`TPackedPrices.days`). */
export const dayOfDate = (date: string) =>
  Number(date.slice(0, 4)) * 10_000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));

export function dateOfDay(day: number): string {
  const year = Math.floor(day / 10_000);
  const month = Math.floor(day / 100) % 100;
  return `${year}-${month < 10 ? '0' : ''}${month}-${day % 100 < 10 ? '0' : ''}${day % 100}`;
}

/** Writes a close's text at `at`, returns where it ends; a close is a plain decimal, so ASCII. */
function writeAscii(bytes: Uint8Array, at: number, text: string): number {
  for (let offset = 0; offset < text.length; offset += 1) {
    const code = text.charCodeAt(offset);
    if (code > 127) throw new Error(`A price is not a plain decimal: '${text}'`);
    bytes[at + offset] = code;
  }
  return at + text.length;
}

/**
 * The same typed array with room for `length` (its contents kept): the old block is detached, so its
 * memory goes at once rather than at the next collection (80 MB of spare room at 2.6M prices otherwise
 * sat beside the columns' final copy).
 */
function resized<T extends Uint8Array | Uint32Array>(array: T, length: number): T {
  const Typed = array.constructor as new (buffer: ArrayBuffer) => T;
  return new Typed((array.buffer as ArrayBuffer).transfer(length * array.BYTES_PER_ELEMENT));
}

/** Room for `needed`, doubling. */
function grown<T extends Uint8Array | Uint32Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  let length = Math.max(array.length, 1024);
  while (length < needed) length *= 2;
  return resized(array, length);
}

/** Where a parser hands each price it read (parse-journal.ts), instead of keeping an object for it. */
export interface TJournalPriceSink {
  add(line: number, date: string, commodity: string, price: TJournalAmount): void;
}

/**
 * Maps prices one at a time onto the packed columns with mapJournal's rules, for the repository's
 * `currency`: a stock is quoted in the currency of its first price (a price in another is refused with its
 * line); an FX rate is kept as the foreign currency's price in the repository's currency; a day priced twice
 * keeps the last price, where the day was first priced (hledger's and beancount's rule). mapJournal reads
 * back which commodities the prices named (`sightings`) and the stocks' quote currencies (`quotes`).
 */
export class PlannedPrices implements TJournalPriceSink {
  readonly currency: string;
  /** Refused prices, by line. */
  readonly refused: TJournalNotice[] = [];
  /** Each commodity a price names (either side), at its first line, in the order first seen. */
  readonly sightings = new Map<string, number>();
  /** A non-currency commodity's quote currency: its first price's. */
  readonly quotes = new Map<string, string>();
  private readonly tickers: string[] = [];
  private readonly tickerIndex = new Map<string, number>();
  /** Per ticker index, the last day priced and that price's index: a journal's prices come by date. */
  private lastDay: number[] = [];
  private lastIndex: number[] = [];
  /** Per ticker index, each day's price index; made only once some ticker's prices go back in time. */
  private byDay: Map<number, number>[] | null = null;
  private count = 0;
  private tickerOf = new Uint32Array(0);
  private days = new Uint32Array(0);
  private closeStarts = new Uint32Array(0);
  private closeEnds = new Uint32Array(0);
  private closeText = new Uint8Array(0);
  private textLength = 0;
  private isPacked = false;

  constructor(currency: string) {
    this.currency = currency;
  }

  private see(symbol: string, line: number) {
    if (!this.sightings.has(symbol)) this.sightings.set(symbol, line);
  }

  /** The currency `commodity`'s prices must be in, or null when it cannot be valued (refused by mapJournal). */
  private quoteOf(commodity: string): string | null {
    if (isCurrencyCommodity(commodity)) return this.currency;
    const quote = this.quotes.get(commodity);
    return quote !== undefined && isCurrencyCommodity(quote) ? quote : null;
  }

  add(line: number, date: string, commodity: string, price: TJournalAmount): void {
    if (this.isPacked) throw new Error('The prices were packed already');
    const currency = price.commodity;
    this.see(commodity, line);
    this.see(currency, line);
    if (!this.quotes.has(commodity)) this.quotes.set(commodity, currency);
    if (commodity === this.currency) {
      if (currency !== this.currency && isCurrencyCommodity(currency))
        this.refused.push({
          line,
          message: `Strata keeps FX rates as ${currency} in ${this.currency}: give the rate of ${currency} instead`,
        });
      return;
    }
    const quote = this.quoteOf(commodity);
    if (quote === null) return; // the commodity itself is refused, once
    if (quote !== currency) {
      this.refused.push({ line, message: `${commodity} is quoted in ${quote}, not ${currency}` });
      return;
    }
    this.put(commodity, dayOfDate(date), price.quantity);
  }

  private put(ticker: string, day: number, close: string) {
    let at = this.tickerIndex.get(ticker);
    if (at === undefined) {
      at = this.tickers.length;
      this.tickers.push(ticker);
      this.tickerIndex.set(ticker, at);
      this.lastDay.push(-1);
      this.lastIndex.push(-1);
      this.byDay?.push(new Map());
    }
    const last = this.lastDay[at] as number;
    if (this.byDay === null && day < last) this.indexDays();
    let earlier = -1;
    if (this.byDay === null) {
      if (day === last) earlier = this.lastIndex[at] as number;
    } else earlier = (this.byDay[at] as Map<number, number>).get(day) ?? -1;
    const start = this.textLength;
    this.writeClose(close);
    if (earlier >= 0) {
      // The day's later price wins; the earlier's digits stay unused in closeText (rare: a day priced twice).
      this.closeStarts[earlier] = start;
      this.closeEnds[earlier] = this.textLength;
      return;
    }
    const index = this.count;
    this.count += 1;
    if (index >= this.tickerOf.length) {
      this.tickerOf = grown(this.tickerOf, index + 1);
      this.days = grown(this.days, index + 1);
      this.closeStarts = grown(this.closeStarts, index + 1);
      this.closeEnds = grown(this.closeEnds, index + 1);
    }
    this.tickerOf[index] = at;
    this.days[index] = day;
    this.closeStarts[index] = start;
    this.closeEnds[index] = this.textLength;
    if (day > last) {
      this.lastDay[at] = day;
      this.lastIndex[at] = index;
    }
    this.byDay?.[at]?.set(day, index);
  }

  /** From now on every ticker's days are looked up: a price went back in time, so the last day is not enough. */
  private indexDays() {
    const byDay = this.tickers.map(() => new Map<number, number>());
    for (let index = 0; index < this.count; index += 1)
      (byDay[this.tickerOf[index] as number] as Map<number, number>).set(this.days[index] as number, index);
    this.byDay = byDay;
  }

  private writeClose(close: string) {
    this.closeText = grown(this.closeText, this.textLength + close.length);
    this.textLength = writeAscii(this.closeText, this.textLength, close);
  }

  /**
   * The columns, cut to what was written (each in a block of its own, so each can be moved). Once: the
   * columns are handed over, not copied, and nothing more can be added.
   */
  packed(): TPackedPrices {
    if (this.isPacked) throw new Error('The prices were packed already');
    this.isPacked = true;
    return {
      tickers: [...this.tickers],
      tickerOf: resized(this.tickerOf, this.count),
      days: resized(this.days, this.count),
      closeText: resized(this.closeText, this.textLength),
      closeStarts: resized(this.closeStarts, this.count),
      closeEnds: resized(this.closeEnds, this.count),
    };
  }

  /** Prices read as objects (the exports' readers make few), mapped as the parser's would be. */
  addAll(prices: readonly TJournalPrice[]) {
    for (const price of prices) this.add(price.line, price.date, price.commodity, price.price);
  }
}
