import type { TPlannedPrice } from '@strata/core/journals/map-journal';

/** Strings laid end to end, and where each ends: two objects however many strings. */
interface TPackedStrings {
  text: string;
  ends: Uint32Array;
}

/**
 * A journal's planned prices as a few flat columns instead of one object per price. 2.6M price objects,
 * sent from the reader's worker thread by structured clone, took seconds to rebuild on the API's thread
 * (on a loaded machine, long enough to stop the task's heartbeat); these columns move as a few blocks of
 * memory, and the writer makes objects only for the chunk it is writing.
 */
export interface TPackedPrices {
  /** Each distinct ticker once; `tickerOf[i]` indexes it. */
  tickers: string[];
  tickerOf: Uint32Array;
  dates: TPackedStrings;
  closes: TPackedStrings;
}

function packStrings(values: readonly string[]): TPackedStrings {
  const ends = new Uint32Array(values.length);
  let end = 0;
  values.forEach((value, index) => {
    end += value.length;
    ends[index] = end;
  });
  return { text: values.join(''), ends };
}

const stringAt = (packed: TPackedStrings, index: number) =>
  packed.text.slice(index === 0 ? 0 : (packed.ends[index - 1] as number), packed.ends[index]);

function sliceStrings(packed: TPackedStrings, start: number, end: number): string[] {
  const values: string[] = [];
  for (let index = start; index < end; index += 1) values.push(stringAt(packed, index));
  return values;
}

export function packPrices(prices: readonly TPlannedPrice[]): TPackedPrices {
  const tickers: string[] = [];
  const indexOf = new Map<string, number>();
  const tickerOf = new Uint32Array(prices.length);
  prices.forEach((price, index) => {
    let at = indexOf.get(price.ticker);
    if (at === undefined) {
      at = tickers.length;
      tickers.push(price.ticker);
      indexOf.set(price.ticker, at);
    }
    tickerOf[index] = at;
  });
  return {
    tickers,
    tickerOf,
    dates: packStrings(prices.map((price) => price.date)),
    closes: packStrings(prices.map((price) => price.close)),
  };
}

export const priceCount = (packed: TPackedPrices) => packed.tickerOf.length;

/**
 * The prices' indexes grouped by ticker, the tickers in the order `rank` gives (rank of each ticker
 * index), and each ticker's prices by date. Rows arriving in the order of the price table's indexes (asset,
 * then date) are appended where the last one went; in plan order (a journal is by date, every stock each
 * day) each row lands on another index page. A counting sort: a journal's prices are mostly dated in order
 * already, so a ticker's run is sorted only when it is not.
 */
export function pricesInIndexOrder(packed: TPackedPrices, rank: (ticker: string) => number): Uint32Array {
  const count = priceCount(packed);
  const rankOf = packed.tickers.map(rank);
  const starts = new Uint32Array(packed.tickers.length + 1);
  for (let index = 0; index < count; index += 1) {
    const at = (rankOf[packed.tickerOf[index] as number] as number) + 1;
    starts[at] = (starts[at] as number) + 1;
  }
  for (let at = 1; at < starts.length; at += 1)
    starts[at] = (starts[at] as number) + (starts[at - 1] as number);
  const next = starts.slice(0, -1);
  const order = new Uint32Array(count);
  for (let index = 0; index < count; index += 1) {
    const bucket = rankOf[packed.tickerOf[index] as number] as number;
    order[next[bucket] as number] = index;
    next[bucket] = (next[bucket] as number) + 1;
  }
  for (let bucket = 0; bucket + 1 < starts.length; bucket += 1) {
    const run = order.subarray(starts[bucket], starts[bucket + 1]);
    let isSorted = true;
    for (let at = 1; at < run.length && isSorted; at += 1)
      isSorted = stringAt(packed.dates, run[at - 1] as number) <= stringAt(packed.dates, run[at] as number);
    if (!isSorted) {
      const byDate = [...run].sort((a, b) => {
        const left = stringAt(packed.dates, a);
        const right = stringAt(packed.dates, b);
        return left < right ? -1 : left > right ? 1 : a - b;
      });
      run.set(byDate);
    }
  }
  return order;
}

/**
 * The prices, `size` at a time, as columns: ticker, date and close of each; in plan order, or in `order`
 * (indexes into the prices, e.g. `pricesInIndexOrder`).
 */
export function* priceChunks(
  packed: TPackedPrices,
  size: number,
  order?: Uint32Array,
): Generator<{ tickers: string[]; dates: string[]; closes: string[] }> {
  const count = priceCount(packed);
  for (let start = 0; start < count; start += size) {
    const end = Math.min(count, start + size);
    if (!order) {
      const tickers: string[] = [];
      for (let index = start; index < end; index += 1)
        tickers.push(packed.tickers[packed.tickerOf[index] as number] as string);
      yield {
        tickers,
        dates: sliceStrings(packed.dates, start, end),
        closes: sliceStrings(packed.closes, start, end),
      };
      continue;
    }
    const chunk = { tickers: [] as string[], dates: [] as string[], closes: [] as string[] };
    for (let at = start; at < end; at += 1) {
      const index = order[at] as number;
      chunk.tickers.push(packed.tickers[packed.tickerOf[index] as number] as string);
      chunk.dates.push(stringAt(packed.dates, index));
      chunk.closes.push(stringAt(packed.closes, index));
    }
    yield chunk;
  }
}
