import { addDays } from '@strata/core/dates/epoch-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createAssetAs,
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { BITCOIN_COIN, BTC_SEARCH, COIN_NOT_FOUND } from './testing/coingecko-answers.ts';
import { startLoopbackProvider, type TLoopbackProvider } from './testing/loopback-provider.ts';
import { AAPL_WEEK } from './testing/market-data-test-provider.ts';
import { askOverSocket } from './testing/socket-client.ts';
import { AAPL_SEARCH } from './testing/yahoo-answers.ts';

// A repository with an equities provider (Yahoo) AND crypto (CoinGecko) at once, both on one loopback
// server: a search asks both, a linked security remembers its provider, one sync reads each from its own.

const today = new Date().toISOString().slice(0, 10);
const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

let provider: TLoopbackProvider;
let coingeckoLimits = false;
let t: TIdentityTestApp;
let owner: TTestUser;
let repositoryId: string;
let socketUrl: string;

beforeAll(async () => {
  provider = await startLoopbackProvider((url) => {
    if (url.pathname.startsWith('/api/v3/')) {
      if (coingeckoLimits) return { status: 429, headers: { 'retry-after': '600' }, body: '{}' };
      if (url.pathname === '/api/v3/search') return { body: BTC_SEARCH };
      if (url.pathname === '/api/v3/coins/bitcoin') return { body: BITCOIN_COIN };
      if (url.pathname === '/api/v3/coins/bitcoin/market_chart')
        // The closes of the day before yesterday and of yesterday, and today's price so far.
        return {
          body: JSON.stringify({
            prices: [
              [midnight(addDays(today, -1)), 61000.5],
              [midnight(today), 62000.25],
              [midnight(today) + 3_600_000, 62100],
            ],
          }),
        };
      return { status: 404, body: COIN_NOT_FOUND };
    }
    if (url.pathname === '/v1/finance/search') return { body: AAPL_SEARCH };
    if (url.pathname === '/v8/finance/chart/AAPL') return { body: AAPL_WEEK };
    return { status: 404, body: '{}' };
  });
  t = await createTasksTestApp({
    isWorker: false,
    env: {
      MARKET_DATA_PROVIDER: 'yahoo',
      YAHOO_BASE_URL: provider.baseUrl,
      CRYPTO_PROVIDER: 'coingecko',
      COINGECKO_BASE_URL: provider.baseUrl,
      MARKET_DATA_START: '2024-01-01',
    },
  });
  owner = await createTestUser(t, 'crypto-owner@example.com');
  repositoryId = await createRepositoryAs(owner, 'Crypto and equities');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace(/^http/, 'ws')}/api/ws/security_master`;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('crypto beside equities', () => {
  it('searches both providers, each result naming its provider', async () => {
    const answer = await askOverSocket(socketUrl, owner, { action: 'eod_search', payload: { symbol: 'b' } });
    expect(answer.data).toEqual([
      {
        name: 'Apple Inc.',
        code: 'AAPL',
        type: 'stock',
        exchange: 'NASDAQ',
        currency: null,
        provider: 'yahoo',
      },
      {
        name: 'Apple Inc.',
        code: 'AAPL.NE',
        type: 'stock',
        exchange: 'NEO',
        currency: null,
        provider: 'yahoo',
      },
      {
        name: 'Bitcoin',
        code: 'bitcoin',
        ticker: 'BTC',
        type: 'cryptocurrency',
        exchange: null,
        currency: 'USD',
        provider: 'coingecko',
      },
      {
        name: 'Wrapped Bitcoin',
        code: 'wrapped-bitcoin',
        ticker: 'WBTC',
        type: 'cryptocurrency',
        exchange: null,
        currency: 'USD',
        provider: 'coingecko',
      },
    ]);
  });

  it('keeps the equities results when the crypto provider is limiting requests', async () => {
    coingeckoLimits = true;
    try {
      const answer = await askOverSocket(socketUrl, owner, {
        action: 'eod_search',
        payload: { symbol: 'b' },
      });
      expect((answer.data as Array<{ code: string }>).map((result) => result.code)).toEqual([
        'AAPL',
        'AAPL.NE',
      ]);
    } finally {
      coingeckoLimits = false;
    }
  });

  it('links a coin through CoinGecko and a stock through Yahoo, and one sync reads each from its own', async () => {
    const coin = await createAssetAs(owner, repositoryId, {
      type: 'cryptocurrency',
      name: 'My coins',
      ticker: 'MYBTC',
      currency: 'USD',
    });
    const stock = await createAssetAs(owner, repositoryId, {
      type: 'stock',
      name: 'Apple',
      ticker: 'AAPL',
      currency: 'USD',
    });

    const linked = await owner.call('PUT', `/api/sec_master/${coin}`, {
      symbol: 'bitcoin',
      provider: 'coingecko',
      apply: { name: true, type: false, ticker: true },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().asset).toMatchObject({
      name: 'Bitcoin',
      ticker: 'BTC',
      type: 'cryptocurrency',
      linked_security_id: 'coingecko:bitcoin',
      security_info_ticker: 'BTC',
    });
    expect(
      (await owner.call('PUT', `/api/sec_master/${stock}`, { symbol: 'AAPL' })).json().asset,
    ).toMatchObject({
      linked_security_id: 'yahoo:AAPL',
    });

    // Both links queued their own sync; run them, then read the coin's closes.
    expect(await t.app.jobs.runPending(taskQueueOf('market_data_sync'))).toBe(2);
    const prices = (await owner.call('GET', `/api/asset_prices?asset_id=${coin}`)).json() as Array<{
      date: string;
      close: string;
      source: string;
    }>;
    expect(prices.map(({ date, close, source }) => ({ date, close, source }))).toEqual([
      { date: addDays(today, -2), close: '61000.5', source: 'security master' },
      { date: addDays(today, -1), close: '62000.25', source: 'security master' },
      { date: today, close: '62100', source: 'security master' },
    ]);
    const stockPrices = (await owner.call('GET', `/api/asset_prices?asset_id=${stock}`)).json() as unknown[];
    expect(stockPrices).toHaveLength(6);

    const sync = await owner.call('POST', '/api/market_data/sync', { repository_id: repositoryId });
    expect(await t.app.jobs.runPending(taskQueueOf('market_data_sync'))).toBe(1);
    const task = (await owner.call('GET', '/api/tasks'))
      .json()
      .find((row: { id: string }) => row.id === sync.json().id);
    expect(task.result).toMatchObject({ assets: 2, prices_written: 0, failed: [] });
  });

  it('refuses an unknown coin or provider, leaving the asset as it was', async () => {
    const coin = await createAssetAs(owner, repositoryId, {
      type: 'cryptocurrency',
      name: 'Gone',
      ticker: 'GONE',
      currency: 'USD',
    });
    const unknown = await owner.call('PUT', `/api/sec_master/${coin}`, {
      symbol: 'nope',
      provider: 'coingecko',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('CoinGecko has no data for nope: unknown or delisted coin');
    const other = await owner.call('PUT', `/api/sec_master/${coin}`, {
      symbol: 'bitcoin',
      provider: 'kraken',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual({
      fieldErrors: { provider: ['This market-data provider is not configured'] },
    });
    expect((await owner.call('GET', `/api/sec_master/${coin}`)).json().linked_security_id).toBeNull();
  });
});
