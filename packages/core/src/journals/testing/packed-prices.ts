// Packed prices to and from objects, for tests: what the columns of planned-prices.ts avoid at scale.
import { dateOfDay, dayOfDate, priceCount, type TPackedPrices } from '../planned-prices.ts';

/** Prices already planned, packed as they are (no rule applied). */
export function packPrices(
  prices: readonly { ticker: string; date: string; close: string }[],
): TPackedPrices {
  const tickers: string[] = [];
  const indexOf = new Map<string, number>();
  const closeStarts = new Uint32Array(prices.length);
  const closeEnds = new Uint32Array(prices.length);
  let end = 0;
  const tickerOf = Uint32Array.from(prices, (price, index) => {
    closeStarts[index] = end;
    end += price.close.length;
    closeEnds[index] = end;
    let at = indexOf.get(price.ticker);
    if (at === undefined) {
      at = tickers.length;
      tickers.push(price.ticker);
      indexOf.set(price.ticker, at);
    }
    return at;
  });
  return {
    tickers,
    tickerOf,
    days: Uint32Array.from(prices, (price) => dayOfDate(price.date)),
    // A close is a plain decimal: ASCII, one byte a character.
    closeText: new TextEncoder().encode(prices.map((price) => price.close).join('')),
    closeStarts,
    closeEnds,
  };
}

/** Every price as an object. */
export const unpackPrices = (packed: TPackedPrices) =>
  Array.from({ length: priceCount(packed) }, (_, index) => ({
    ticker: packed.tickers[packed.tickerOf[index] as number] as string,
    date: dateOfDay(packed.days[index] as number),
    close: String.fromCharCode(
      ...packed.closeText.subarray(packed.closeStarts[index], packed.closeEnds[index]),
    ),
  }));
