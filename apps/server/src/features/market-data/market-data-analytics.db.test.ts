import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createStockAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import type { TLoopbackProvider } from './testing/loopback-provider.ts';
import { startMarketDataTestProvider } from './testing/market-data-test-provider.ts';
import { askOverSocket } from './testing/socket-client.ts';

// The 'security_master' channel over a real listening server, and the repository's price-source precedence
// deciding which synced or typed price values a holding (hand-worked figures).

let provider: TLoopbackProvider;
let t: TIdentityTestApp;
let owner: TTestUser;
let writer: TTestUser;
let socketUrl: string;
let repositoryId: string;

async function post(url: string, body: unknown) {
  const response = await owner.call('POST', url, body);
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  provider = await startMarketDataTestProvider();
  t = await createTasksTestApp({
    isWorker: false,
    env: { MARKET_DATA_PROVIDER: 'yahoo', YAHOO_BASE_URL: provider.baseUrl, MARKET_DATA_START: '2024-01-01' },
  });
  owner = await createTestUser(t, 'precedence-owner@example.com');
  writer = await createTestUser(t, 'precedence-writer@example.com');
  repositoryId = await createRepositoryAs(owner, 'Precedence');
  await shareRepository(owner, writer, repositoryId, 2);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace(/^http/, 'ws')}/api/ws/security_master`;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe("channel 'security_master'", () => {
  it('answers eod_search with name, code, type, exchange, currency, echoing the request id', async () => {
    const answer = await askOverSocket(socketUrl, writer, {
      action: 'eod_search',
      payload: { symbol: 'AAPL' },
      request_id: 'r1',
    });
    expect(answer).toEqual({
      type: 'eod_search',
      request_id: 'r1',
      symbol: 'AAPL',
      data: [
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
      ],
    });
  });

  it('asks for the symbol, and for JSON', async () => {
    expect(await askOverSocket(socketUrl, writer, { action: 'eod_search', payload: { symbol: '' } })).toEqual(
      {
        type: 'error',
        status: 400,
        message: 'Field is required',
      },
    );
    expect(await askOverSocket(socketUrl, writer, 'AAPL')).toEqual({
      type: 'error',
      status: 400,
      message: 'Messages must be JSON',
    });
  });
});

describe('price-source precedence', () => {
  it('values a holding by the best-ranked source of the day, and a change of order recomputes', async () => {
    const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}&limit=500`)).json()
      .data;
    const usd = assets.find((asset: { type: string }) => asset.type === 'currency').id;
    const tag = await tagLookupAs(owner, repositoryId);
    const brokerage = (
      await post('/api/assets', {
        repository_id: repositoryId,
        type: 'investment account',
        name: 'Brokerage',
        currency: 'USD',
        tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
      })
    ).id;
    const aapl = await createStockAs(owner, repositoryId, 'AAPL');
    await post('/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2024-01-02',
        entries: [{ account_id: brokerage, asset_id: usd, amount: '2000' }],
      },
      {
        repository_id: repositoryId,
        type: 'buy',
        date: '2024-01-02',
        entries: [
          { account_id: brokerage, asset_id: aapl, amount: '10' },
          { account_id: brokerage, asset_id: usd, amount: '-1500' },
        ],
      },
    ]);
    // A typed price on the same day as the synced ones.
    await post('/api/asset_prices', { asset_id: aapl, date: '2024-01-05', close: '100' });
    const linked = await owner.call('PUT', `/api/sec_master/${aapl}`, { symbol: 'AAPL' });
    expect(linked.statusCode).toBe(200);
    expect(await t.app.jobs.runPending(taskQueueOf('market_data_sync'))).toBe(1);

    const valueOn = async () => {
      const response = await owner.call(
        'GET',
        `/api/repositories/${repositoryId}/analytics?periods=1&freq=day&end=2024-01-08&datasets=value_view`,
      );
      expect(response.statusCode).toBe(200);
      const rows = response.json().result.value_view as Array<Record<string, unknown>>;
      return rows.find((row) => row.scope_kind === 'asset' && row.scope_id === aapl)?.value_end;
    };
    // Default order: override, manual, connector, security master adjusted, security master → 10 × 100.
    expect(await valueOn()).toBe(1000);

    const setOrder = (order: string[], user: TTestUser = owner) =>
      user.call('PUT', `/api/repositories/${repositoryId}`, { settings: { price_source_precedence: order } });
    // Only the owner orders the sources.
    expect((await setOrder(['security master'], writer)).statusCode).toBe(403);

    expect(
      (await setOrder(['security master', 'security master adjusted', 'manual', 'override', 'connector']))
        .statusCode,
    ).toBe(200);
    // 10 × 181.18 (Yahoo's close of 2024-01-05, held on 2024-01-08, a Monday without a new close here).
    expect(await valueOn()).toBeCloseTo(1811.8, 9);

    expect(
      (await setOrder(['security master adjusted', 'security master', 'manual', 'override', 'connector']))
        .statusCode,
    ).toBe(200);
    // 10 × 180.4895 (the adjusted close).
    expect(await valueOn()).toBeCloseTo(1804.895, 9);
  });
});
