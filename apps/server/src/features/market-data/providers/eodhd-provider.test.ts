import { afterEach, describe, expect, it } from 'vitest';
import { AAPL_SEARCH_ROWS, eodRow, VOD_SEARCH_ROWS } from '../testing/eodhd-answers.ts';
import { startLoopbackProvider, type TLoopbackProvider } from '../testing/loopback-provider.ts';
import { createEodhdProvider } from './eodhd-provider.ts';

// Against a loopback server speaking EODHD's Search and End-of-Day APIs (testing/eodhd-answers.ts).

let server: TLoopbackProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function searchRoute(url: URL) {
  // No splits or dividends unless a test says so.
  if (url.pathname.startsWith('/api/div/') || url.pathname.startsWith('/api/splits/')) return { body: '[]' };
  const query = decodeURIComponent(url.pathname.slice('/api/search/'.length));
  if (query.startsWith('VOD')) return { body: JSON.stringify(VOD_SEARCH_ROWS) };
  if (query.startsWith('AAPL')) return { body: JSON.stringify(AAPL_SEARCH_ROWS) };
  return { body: '[]' };
}

describe('EODHD provider', () => {
  it('searches (eod_search) with the key and lists CODE.EXCHANGE results', async () => {
    server = await startLoopbackProvider(searchRoute);
    const eodhd = createEodhdProvider({ baseUrl: server.baseUrl, apiKey: 'demo-key' });
    expect(await eodhd.search('AAPL')).toEqual([
      { name: 'Apple Inc', code: 'AAPL.US', type: 'stock', exchange: 'US', currency: 'USD' },
      { name: 'Apple Inc', code: 'AAPL.MX', type: 'stock', exchange: 'MX', currency: 'MXN' },
    ]);
    expect(server.requests[0]).toBe('/api/search/AAPL?api_token=demo-key&fmt=json&limit=15');
  });

  it('reads end-of-day closes of a London listing in GBX as pounds', async () => {
    server = await startLoopbackProvider((url) =>
      url.pathname.startsWith('/api/eod/')
        ? { body: JSON.stringify([eodRow('2024-01-02', 68.86, 62.5), eodRow('2024-01-03', 69.1, 62.72)]) }
        : searchRoute(url),
    );
    const eodhd = createEodhdProvider({ baseUrl: server.baseUrl, apiKey: 'k' });
    expect(await eodhd.dailyPrices('VOD.LSE', '2024-01-01')).toEqual({
      currency: 'GBP',
      prices: [
        { date: '2024-01-02', close: '0.6886', adjusted_close: '0.625' },
        { date: '2024-01-03', close: '0.691', adjusted_close: '0.6272' },
      ],
      events: [],
    });
    expect(server.requests).toContain(
      '/api/eod/VOD.LSE?api_token=k&fmt=json&period=d&order=a&from=2024-01-01',
    );
  });

  it('reads splits and dividends from the Splits and Dividends API', async () => {
    server = await startLoopbackProvider((url) => {
      if (url.pathname === '/api/eod/AAPL.US')
        return { body: JSON.stringify([eodRow('2020-08-31', 129.04, 127.58)]) };
      if (url.pathname === '/api/splits/AAPL.US')
        return { body: JSON.stringify([{ date: '2020-08-31', split: '4.000000/1.000000' }]) };
      if (url.pathname === '/api/div/AAPL.US')
        return {
          body: JSON.stringify([
            {
              date: '2020-08-07',
              declarationDate: '2020-07-30',
              recordDate: '2020-08-10',
              paymentDate: '2020-08-13',
              period: 'Quarterly',
              value: 0.205,
              unadjustedValue: 0.82,
              currency: 'USD',
            },
          ]),
        };
      return searchRoute(url);
    });
    const answer = await createEodhdProvider({ baseUrl: server.baseUrl, apiKey: 'k' }).dailyPrices(
      'AAPL.US',
      '2020-08-01',
    );
    expect(answer.events).toEqual([
      { date: '2020-08-07', kind: 'dividend', amount: '0.82' },
      { date: '2020-08-31', kind: 'split', numerator: '4', denominator: '1' },
    ]);
    expect(server.requests).toContain('/api/splits/AAPL.US?api_token=k&fmt=json&from=2020-08-01');
    expect(server.requests).toContain('/api/div/AAPL.US?api_token=k&fmt=json&from=2020-08-01');
  });

  it('refuses a split it cannot read', async () => {
    server = await startLoopbackProvider((url) => {
      if (url.pathname === '/api/eod/AAPL.US') return { body: '[]' };
      if (url.pathname === '/api/splits/AAPL.US')
        return { body: JSON.stringify([{ date: '2020-08-31', split: '4:1' }]) };
      if (url.pathname === '/api/div/AAPL.US') return { body: '[]' };
      return searchRoute(url);
    });
    await expect(
      createEodhdProvider({ baseUrl: server.baseUrl, apiKey: 'k' }).dailyPrices('AAPL.US', '2020-08-01'),
    ).rejects.toMatchObject({
      kind: 'malformed',
      message: 'EODHD sent splits for AAPL.US Strata cannot read',
    });
  });

  it('gives the search row as the security info', async () => {
    server = await startLoopbackProvider(searchRoute);
    const info = await createEodhdProvider({ baseUrl: server.baseUrl, apiKey: 'k' }).securityInfo('AAPL.MX');
    expect(info).toEqual({
      symbol: 'AAPL.MX',
      ticker: 'AAPL',
      name: 'Apple Inc',
      type: 'stock',
      currency: 'MXN',
      exchange: 'MX',
      data: AAPL_SEARCH_ROWS[1],
    });
  });

  it('says an unknown symbol has no data', async () => {
    server = await startLoopbackProvider(searchRoute);
    await expect(
      createEodhdProvider({ baseUrl: server.baseUrl, apiKey: 'k' }).dailyPrices('NOPE.US', '2024-01-01'),
    ).rejects.toMatchObject({
      kind: 'not_found',
      message: 'EODHD has no data for NOPE.US: unknown or delisted symbol',
    });
  });

  it('says a refused key plainly', async () => {
    server = await startLoopbackProvider(() => ({ status: 401, body: '{"message":"Unauthenticated"}' }));
    await expect(
      createEodhdProvider({ baseUrl: server.baseUrl, apiKey: 'bad' }).search('AAPL'),
    ).rejects.toMatchObject({
      kind: 'unauthorized',
      message: 'EODHD refused the API key',
    });
  });

  it('refuses end-of-day rows it cannot read', async () => {
    server = await startLoopbackProvider((url) =>
      url.pathname.startsWith('/api/eod/')
        ? { body: JSON.stringify([{ date: '02/01/2024', close: '68.86' }]) }
        : searchRoute(url),
    );
    await expect(
      createEodhdProvider({ baseUrl: server.baseUrl, apiKey: 'k' }).dailyPrices('VOD.LSE', '2024-01-01'),
    ).rejects.toMatchObject({
      kind: 'malformed',
      message: 'EODHD sent prices for VOD.LSE Strata cannot read',
    });
  });
});
