/**
 * CoinGecko API v3 answers, written by hand from its public reference (2025): `/search` lists coins (id,
 * name, api_symbol, symbol, market_cap_rank, thumb, large) beside exchanges and categories;
 * `/coins/{id}` a coin's description; `/coins/{id}/market_chart` prices, market caps and volumes as
 * [milliseconds, value] pairs, stamped 00:00 UTC with `interval=daily` and the last one stamped now.
 */

export const BTC_SEARCH = JSON.stringify({
  coins: [
    {
      id: 'bitcoin',
      name: 'Bitcoin',
      api_symbol: 'bitcoin',
      symbol: 'BTC',
      market_cap_rank: 1,
      thumb: 'https://assets.coingecko.com/coins/images/1/thumb/bitcoin.png',
      large: 'https://assets.coingecko.com/coins/images/1/large/bitcoin.png',
    },
    {
      id: 'wrapped-bitcoin',
      name: 'Wrapped Bitcoin',
      api_symbol: 'wrapped-bitcoin',
      symbol: 'WBTC',
      market_cap_rank: 15,
      thumb: 'https://assets.coingecko.com/coins/images/7598/thumb/wrapped_bitcoin_wbtc.png',
      large: 'https://assets.coingecko.com/coins/images/7598/large/wrapped_bitcoin_wbtc.png',
    },
  ],
  exchanges: [],
  icos: [],
  categories: [],
  nfts: [],
});

export const BITCOIN_COIN = JSON.stringify({
  id: 'bitcoin',
  symbol: 'btc',
  name: 'Bitcoin',
  web_slug: 'bitcoin',
  asset_platform_id: null,
  hashing_algorithm: 'SHA-256',
  categories: ['Cryptocurrency', 'Layer 1 (L1)'],
  genesis_date: '2009-01-03',
  market_cap_rank: 1,
  last_updated: '2024-01-05T18:01:02.123Z',
});

export const COIN_NOT_FOUND = JSON.stringify({ error: 'coin not found' });

const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * Bitcoin's prices in USD around the new year of 2024, as `interval=daily` answers on 2024-01-05 at 18:01
 * UTC: the midnight points close the day before; the midnight point of 2024-01-04 is missing, so
 * 2024-01-03 has no close (a gap); the last point is the running day's price.
 */
export const BITCOIN_CHART = JSON.stringify({
  prices: [
    [midnight('2024-01-01'), 42261.04233359],
    [midnight('2024-01-02'), 44167.33262734],
    [midnight('2024-01-03'), 44951.12],
    [midnight('2024-01-05'), 44168.63],
    [Date.parse('2024-01-05T18:01:02Z'), 44012.5],
  ],
  market_caps: [[midnight('2024-01-01'), 827596236151.1959]],
  total_volumes: [[midnight('2024-01-01'), 14183882538.56]],
});
