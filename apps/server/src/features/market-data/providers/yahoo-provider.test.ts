import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackProvider, type TLoopbackProvider } from '../testing/loopback-provider.ts';
import { AAPL_SEARCH, chartAnswer, DELISTED_CHART, londonOpen, nyOpen } from '../testing/yahoo-answers.ts';
import { createYahooProvider } from './yahoo-provider.ts';

// Against a loopback server speaking Yahoo's v8 chart and v1 search JSON (testing/yahoo-answers.ts).

let server: TLoopbackProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('Yahoo provider', () => {
  it('lists search results as name, code, type, exchange, currency', async () => {
    server = await startLoopbackProvider(() => ({ body: AAPL_SEARCH }));
    const yahoo = createYahooProvider({ baseUrl: server.baseUrl });
    expect(await yahoo.search('AAPL')).toEqual([
      { name: 'Apple Inc.', code: 'AAPL', type: 'stock', exchange: 'NASDAQ', currency: null },
      { name: 'Apple Inc.', code: 'AAPL.NE', type: 'stock', exchange: 'NEO', currency: null },
    ]);
    expect(server.requests[0]).toBe('/v1/finance/search?q=AAPL&quotesCount=10&newsCount=0');
  });

  it('reads daily closes and adjusted closes, skipping a gap and keeping holidays absent', async () => {
    // 2024-01-01 is a holiday (no bar); 2024-01-04 has a bar without a close (a gap in Yahoo's data).
    server = await startLoopbackProvider(() => ({
      body: chartAnswer({
        symbol: 'AAPL',
        currency: 'USD',
        timeZone: 'America/New_York',
        timestamps: ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'].map(nyOpen),
        closes: [185.63999938964844, 184.25, null, 181.17999267578125],
        adjcloses: [184.93820190429688, 183.5532989501953, null, 180.4895477294922],
      }),
    }));
    const yahoo = createYahooProvider({ baseUrl: server.baseUrl });
    expect(await yahoo.dailyPrices('AAPL', '2024-01-01')).toEqual({
      currency: 'USD',
      prices: [
        { date: '2024-01-02', close: '185.64', adjusted_close: '184.9382' },
        { date: '2024-01-03', close: '184.25', adjusted_close: '183.5533' },
        { date: '2024-01-05', close: '181.18', adjusted_close: '180.4895' },
      ],
      events: [],
    });
    const asked = new URL(server.requests[0] as string, 'http://x');
    expect(asked.pathname).toBe('/v8/finance/chart/AAPL');
    expect(asked.searchParams.get('period1')).toBe('1704067200');
    expect(asked.searchParams.get('interval')).toBe('1d');
  });

  it('turns a London listing in pence (GBp) into pounds', async () => {
    server = await startLoopbackProvider(() => ({
      body: chartAnswer({
        symbol: 'VOD.L',
        currency: 'GBp',
        timeZone: 'Europe/London',
        exchangeName: 'LSE',
        timestamps: [londonOpen('2024-01-02')],
        closes: [68.86000061035156],
        adjcloses: [62.5],
      }),
    }));
    const yahoo = createYahooProvider({ baseUrl: server.baseUrl });
    expect(await yahoo.dailyPrices('VOD.L', '2024-01-01')).toEqual({
      currency: 'GBP',
      prices: [{ date: '2024-01-02', close: '0.6886', adjusted_close: '0.625' }],
      events: [],
    });
  });

  it("reads the chart's splits and dividends, dividends in the major currency, from the asked day on", async () => {
    // Yahoo keys events by timestamp; a 4:1 split is numerator 4, denominator 1. VOD.L's dividend in pence.
    server = await startLoopbackProvider(() => ({
      body: chartAnswer({
        symbol: 'VOD.L',
        currency: 'GBp',
        timeZone: 'Europe/London',
        exchangeName: 'LSE',
        timestamps: ['2024-01-02', '2024-01-03'].map(londonOpen),
        closes: [68.86000061035156, 69.1],
        events: {
          dividends: {
            [londonOpen('2024-01-03')]: { amount: 4.5, date: londonOpen('2024-01-03') },
            [londonOpen('2023-11-23')]: { amount: 4.5, date: londonOpen('2023-11-23') },
          },
          splits: {
            [londonOpen('2024-01-02')]: {
              date: londonOpen('2024-01-02'),
              numerator: 4,
              denominator: 1,
              splitRatio: '4:1',
            },
          },
        },
      }),
    }));
    const answer = await createYahooProvider({ baseUrl: server.baseUrl }).dailyPrices('VOD.L', '2024-01-01');
    expect(answer.events).toEqual([
      { date: '2024-01-02', kind: 'split', numerator: '4', denominator: '1' },
      { date: '2024-01-03', kind: 'dividend', amount: '0.045' },
    ]);
  });

  it('dates a bar by the exchange day, not by UTC', async () => {
    // Tokyo opens at 00:00 UTC: 2024-01-04 09:00 JST is 2024-01-04T00:00Z; a late-stamped bar at 23:30 UTC
    // on 2024-01-04 is already 2024-01-05 in Tokyo.
    server = await startLoopbackProvider(() => ({
      body: chartAnswer({
        symbol: '7203.T',
        currency: 'JPY',
        timeZone: 'Asia/Tokyo',
        timestamps: [Date.parse('2024-01-04T23:30:00Z') / 1000],
        closes: [2700],
      }),
    }));
    const yahoo = createYahooProvider({ baseUrl: server.baseUrl });
    const answer = await yahoo.dailyPrices('7203.T', '2024-01-01');
    expect(answer.prices).toEqual([{ date: '2024-01-05', close: '2700', adjusted_close: null }]);
  });

  it('gives security info as flat key/value data', async () => {
    server = await startLoopbackProvider(() => ({
      body: chartAnswer({
        symbol: 'AAPL',
        currency: 'USD',
        timeZone: 'America/New_York',
        timestamps: [],
        closes: [],
      }),
    }));
    const info = await createYahooProvider({ baseUrl: server.baseUrl }).securityInfo('AAPL');
    expect(info).toMatchObject({
      symbol: 'AAPL',
      ticker: 'AAPL',
      name: 'Apple Inc.',
      type: 'stock',
      currency: 'USD',
      exchange: 'NasdaqGS',
    });
    expect(info.data.exchangeTimezoneName).toBe('America/New_York');
    // Nested parts of Yahoo's meta are not flat key/value pairs.
    expect(info.data).not.toHaveProperty('currentTradingPeriod');
    expect(info.data).not.toHaveProperty('validRanges');
  });

  it('says plainly that a delisted symbol has no data', async () => {
    server = await startLoopbackProvider(() => ({ status: 404, body: DELISTED_CHART }));
    const yahoo = createYahooProvider({ baseUrl: server.baseUrl });
    await expect(yahoo.dailyPrices('TWTR', '2020-01-01')).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Yahoo Finance has no data for TWTR: unknown or delisted symbol',
    });
  });

  it('waits out a 429 for its Retry-After and tries again', async () => {
    let calls = 0;
    server = await startLoopbackProvider(() => {
      calls += 1;
      if (calls === 1) return { status: 429, headers: { 'retry-after': '1' }, body: 'Too Many Requests' };
      return { body: AAPL_SEARCH };
    });
    const results = await createYahooProvider({ baseUrl: server.baseUrl }).search('AAPL');
    expect(results).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up on a provider that keeps limiting', async () => {
    server = await startLoopbackProvider(() => ({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: 'Too Many Requests',
    }));
    await expect(createYahooProvider({ baseUrl: server.baseUrl }).search('AAPL')).rejects.toMatchObject({
      kind: 'rate_limited',
      message: 'Yahoo Finance is limiting requests; try again later',
    });
  });

  it('refuses a malformed answer with a clear error', async () => {
    server = await startLoopbackProvider((url) =>
      url.pathname.startsWith('/v8')
        ? {
            body: chartAnswer({
              symbol: 'AAPL',
              currency: 'USD',
              timeZone: 'America/New_York',
              timestamps: [nyOpen('2024-01-02'), nyOpen('2024-01-03')],
              closes: [185.64],
            }),
          }
        : { body: '<html>captcha</html>' },
    );
    const yahoo = createYahooProvider({ baseUrl: server.baseUrl });
    await expect(yahoo.dailyPrices('AAPL', '2024-01-01')).rejects.toMatchObject({
      kind: 'malformed',
      message: 'Yahoo Finance sent a chart whose series do not line up for AAPL Strata cannot read',
    });
    await expect(yahoo.search('AAPL')).rejects.toMatchObject({
      kind: 'malformed',
      message: 'Yahoo Finance sent an answer that is not JSON',
    });
  });
});
