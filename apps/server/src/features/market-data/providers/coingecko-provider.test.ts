import { afterEach, describe, expect, it } from 'vitest';
import { BITCOIN_CHART, BITCOIN_COIN, BTC_SEARCH, COIN_NOT_FOUND } from '../testing/coingecko-answers.ts';
import { startLoopbackProvider, type TLoopbackProvider } from '../testing/loopback-provider.ts';
import { createCoinGeckoProvider } from './coingecko-provider.ts';

// Against a loopback server speaking CoinGecko's public API v3 (testing/coingecko-answers.ts).

let server: TLoopbackProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function coingecko(url: URL) {
  if (url.pathname === '/api/v3/search') return { body: BTC_SEARCH };
  if (url.pathname === '/api/v3/coins/bitcoin') return { body: BITCOIN_COIN };
  if (url.pathname === '/api/v3/coins/bitcoin/market_chart') return { body: BITCOIN_CHART };
  return { status: 404, body: COIN_NOT_FOUND };
}

const provider = (baseUrl: string, demoApiKey?: string) =>
  createCoinGeckoProvider({
    baseUrl,
    vsCurrency: 'usd',
    today: () => '2024-01-05',
    ...(demoApiKey ? { demoApiKey } : {}),
  });

describe('CoinGecko provider', () => {
  it('lists coins as cryptocurrency results priced in the configured currency', async () => {
    server = await startLoopbackProvider(coingecko);
    expect(await provider(server.baseUrl).search('btc')).toEqual([
      {
        name: 'Bitcoin',
        code: 'bitcoin',
        ticker: 'BTC',
        type: 'cryptocurrency',
        exchange: null,
        currency: 'USD',
      },
      {
        name: 'Wrapped Bitcoin',
        code: 'wrapped-bitcoin',
        ticker: 'WBTC',
        type: 'cryptocurrency',
        exchange: null,
        currency: 'USD',
      },
    ]);
    expect(server.requests[0]).toBe('/api/v3/search?query=btc');
  });

  it('gives the coin as security info, its ticker the symbol upper-cased', async () => {
    server = await startLoopbackProvider(coingecko);
    const info = await provider(server.baseUrl).securityInfo('bitcoin');
    expect(info).toEqual({
      symbol: 'bitcoin',
      ticker: 'BTC',
      name: 'Bitcoin',
      type: 'cryptocurrency',
      currency: 'USD',
      exchange: null,
      data: {
        id: 'bitcoin',
        symbol: 'btc',
        name: 'Bitcoin',
        web_slug: 'bitcoin',
        asset_platform_id: null,
        hashing_algorithm: 'SHA-256',
        genesis_date: '2009-01-03',
        market_cap_rank: 1,
        last_updated: '2024-01-05T18:01:02.123Z',
        vs_currency: 'usd',
      },
    });
  });

  it('reads daily closes: a midnight point closes the day before, a gap stays a gap', async () => {
    server = await startLoopbackProvider(coingecko);
    expect(await provider(server.baseUrl).dailyPrices('bitcoin', '2024-01-01')).toEqual({
      currency: 'USD',
      prices: [
        { date: '2024-01-01', close: '44167.33262734', adjusted_close: null },
        { date: '2024-01-02', close: '44951.12', adjusted_close: null },
        { date: '2024-01-04', close: '44168.63', adjusted_close: null },
        { date: '2024-01-05', close: '44012.5', adjusted_close: null },
      ],
    });
    // 2024-01-01 to 2024-01-05 inclusive.
    expect(server.requests[0]).toBe(
      '/api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=5&interval=daily&precision=full',
    );
  });

  it('asks at most the year of history the public plan serves, with the demo key when given', async () => {
    let key: string | undefined;
    server = await startLoopbackProvider((url, request) => {
      key = request.headers['x-cg-demo-api-key'] as string | undefined;
      return coingecko(url);
    });
    await provider(server.baseUrl, 'CG-demo').dailyPrices('bitcoin', '2020-01-01');
    expect(new URL(server.requests[0] as string, 'http://x').searchParams.get('days')).toBe('365');
    expect(key).toBe('CG-demo');
  });

  it('waits out a 429 for its Retry-After and tries again', async () => {
    let calls = 0;
    server = await startLoopbackProvider((url) => {
      calls += 1;
      if (calls === 1)
        return { status: 429, headers: { 'retry-after': '1' }, body: '{"status":{"error_code":429}}' };
      return coingecko(url);
    });
    expect(await provider(server.baseUrl).search('btc')).toHaveLength(2);
    expect(calls).toBe(2);
  });

  it('gives up on a provider that keeps limiting', async () => {
    server = await startLoopbackProvider(() => ({
      status: 429,
      headers: { 'retry-after': '120' },
      body: '{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit."}}',
    }));
    await expect(provider(server.baseUrl).dailyPrices('bitcoin', '2024-01-01')).rejects.toMatchObject({
      kind: 'rate_limited',
      message: 'CoinGecko is limiting requests; try again later',
    });
  });

  it('says an unknown or delisted coin has no data', async () => {
    server = await startLoopbackProvider(coingecko);
    await expect(
      provider(server.baseUrl).dailyPrices('terra-luna-classic-old', '2024-01-01'),
    ).rejects.toMatchObject({
      kind: 'not_found',
      message: 'CoinGecko has no data for terra-luna-classic-old: unknown or delisted coin',
    });
    await expect(provider(server.baseUrl).securityInfo('nope')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses a chart it cannot read', async () => {
    server = await startLoopbackProvider((url) =>
      url.pathname.endsWith('/market_chart')
        ? { body: '{"prices":[[1704067200000,"42261.04"]]}' }
        : coingecko(url),
    );
    await expect(provider(server.baseUrl).dailyPrices('bitcoin', '2024-01-01')).rejects.toMatchObject({
      kind: 'malformed',
      message: 'CoinGecko sent prices for bitcoin Strata cannot read',
    });
  });

  it('refuses an answer that is not JSON', async () => {
    server = await startLoopbackProvider(() => ({ body: '<html>maintenance</html>' }));
    await expect(provider(server.baseUrl).search('btc')).rejects.toMatchObject({
      kind: 'malformed',
      message: 'CoinGecko sent an answer that is not JSON',
    });
  });
});
