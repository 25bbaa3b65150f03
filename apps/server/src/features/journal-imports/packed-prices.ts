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

function sliceStrings(packed: TPackedStrings, start: number, end: number): string[] {
  const values: string[] = [];
  for (let index = start; index < end; index += 1)
    values.push(packed.text.slice(index === 0 ? 0 : (packed.ends[index - 1] as number), packed.ends[index]));
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

/** The prices in plan order, `size` at a time, as columns: ticker, date and close of each. */
export function* priceChunks(
  packed: TPackedPrices,
  size: number,
): Generator<{ tickers: string[]; dates: string[]; closes: string[] }> {
  const count = priceCount(packed);
  for (let start = 0; start < count; start += size) {
    const end = Math.min(count, start + size);
    const tickers: string[] = [];
    for (let index = start; index < end; index += 1)
      tickers.push(packed.tickers[packed.tickerOf[index] as number] as string);
    yield {
      tickers,
      dates: sliceStrings(packed.dates, start, end),
      closes: sliceStrings(packed.closes, start, end),
    };
  }
}
