// The writer's side of a journal's packed prices (core's planned-prices.ts packs them as the journal is
// read, in the reader's worker thread; the columns move here as a few blocks of memory).
import { dateOfDay, priceCount, type TPackedPrices } from '@strata/core/journals/planned-prices';

export { priceCount, type TPackedPrices } from '@strata/core/journals/planned-prices';

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
    const { days } = packed;
    let isSorted = true;
    for (let at = 1; at < run.length && isSorted; at += 1)
      isSorted = (days[run[at - 1] as number] as number) <= (days[run[at] as number] as number);
    if (!isSorted) run.set([...run].sort((a, b) => (days[a] as number) - (days[b] as number) || a - b));
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
  // The closes' text once as a string (one copy of ~6 bytes a price), each close a slice of it; each day's
  // text made once (a journal has thousands of days for millions of prices).
  const { closeText, closeStarts, closeEnds, days, tickers, tickerOf } = packed;
  const closes = Buffer.from(closeText.buffer, closeText.byteOffset, closeText.byteLength).toString('latin1');
  const dates = new Map<number, string>();
  const dateOf = (day: number) => {
    let date = dates.get(day);
    if (date === undefined) {
      date = dateOfDay(day);
      dates.set(day, date);
    }
    return date;
  };
  for (let start = 0; start < count; start += size) {
    const end = Math.min(count, start + size);
    const chunk = { tickers: [] as string[], dates: [] as string[], closes: [] as string[] };
    for (let at = start; at < end; at += 1) {
      const index = order ? (order[at] as number) : at;
      chunk.tickers.push(tickers[tickerOf[index] as number] as string);
      chunk.dates.push(dateOf(days[index] as number));
      chunk.closes.push(closes.slice(closeStarts[index], closeEnds[index]));
    }
    yield chunk;
  }
}
