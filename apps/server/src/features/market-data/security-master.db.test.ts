import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createAssetAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import type { TLoopbackProvider } from './testing/loopback-provider.ts';
import { startMarketDataTestProvider } from './testing/market-data-test-provider.ts';

// Security master and market data through the API, against a loopback server speaking Yahoo's chart/search
// JSON and the ECB's eurofxref XML (testing/market-data-test-provider.ts). Jobs run only through runPending.

let provider: TLoopbackProvider;
let t: TIdentityTestApp;
let owner: TTestUser;
let repositoryId: string;

const runSyncs = () => t.app.jobs.runPending(taskQueueOf('market_data_sync'));

async function pricesOf(assetId: string) {
  const response = await owner.call('GET', `/api/asset_prices?asset_id=${assetId}`);
  expect(response.statusCode).toBe(200);
  return (
    response.json() as Array<{ date: string; close: string; adjusted_close: string | null; source: string }>
  ).map(({ date, close, adjusted_close, source }) => ({ date, source, close, adjusted_close }));
}

beforeAll(async () => {
  provider = await startMarketDataTestProvider();
  t = await createTasksTestApp({
    isWorker: false,
    env: {
      MARKET_DATA_PROVIDER: 'yahoo',
      YAHOO_BASE_URL: provider.baseUrl,
      FX_PROVIDER: 'ecb',
      ECB_BASE_URL: provider.baseUrl,
      MARKET_DATA_START: '2024-01-01',
    },
  });
  owner = await createTestUser(t, 'secmaster-owner@example.com');
  repositoryId = await createRepositoryAs(owner, 'Security master');
}, 180_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('security master', () => {
  it('links a security, applying only the ticked changes, and its prices arrive from the start date', async () => {
    const assetId = await createAssetAs(owner, repositoryId, {
      type: 'etf',
      name: 'My Apple',
      ticker: 'AAPL',
      currency: 'USD',
    });
    expect((await owner.call('GET', `/api/sec_master/${assetId}`)).json()).toEqual({
      asset_id: assetId,
      linked_security_id: null,
      security_info_ticker: null,
      security_info: null,
      events: [],
    });

    const linked = await owner.call('PUT', `/api/sec_master/${assetId}`, {
      symbol: 'AAPL',
      apply: { name: true, type: false, ticker: true },
    });
    expect(linked.statusCode).toBe(200);
    const body = linked.json();
    // Name taken from the security, type kept (not ticked): 'Warning of changes'.
    expect(body.asset).toMatchObject({
      name: 'Apple Inc.',
      type: 'etf',
      ticker: 'AAPL',
      linked_security_id: 'yahoo:AAPL',
      security_info_ticker: 'AAPL',
    });
    expect(body.task).toMatchObject({ type: 'market_data_sync', status: 'waiting' });
    expect(body.security_info).toMatchObject({
      symbol: 'AAPL',
      ticker: 'AAPL',
      type: 'stock',
      currency: 'USD',
    });

    const view = (await owner.call('GET', `/api/sec_master/${assetId}`)).json();
    expect(view.security_info.data).toMatchObject({
      symbol: 'AAPL',
      exchangeTimezoneName: 'America/New_York',
    });

    expect(await runSyncs()).toBe(1);
    expect(await pricesOf(assetId)).toEqual([
      { date: '2024-01-02', source: 'security master', close: '185.64', adjusted_close: '184.9382' },
      {
        date: '2024-01-02',
        source: 'security master adjusted',
        close: '184.9382',
        adjusted_close: '184.9382',
      },
      { date: '2024-01-03', source: 'security master', close: '184.25', adjusted_close: '183.5533' },
      {
        date: '2024-01-03',
        source: 'security master adjusted',
        close: '183.5533',
        adjusted_close: '183.5533',
      },
      { date: '2024-01-05', source: 'security master', close: '181.18', adjusted_close: '180.4895' },
      {
        date: '2024-01-05',
        source: 'security master adjusted',
        close: '180.4895',
        adjusted_close: '180.4895',
      },
    ]);
    const task = (await owner.call('GET', '/api/tasks'))
      .json()
      .find((row: { id: string }) => row.id === body.task.id);
    expect(task).toMatchObject({
      status: 'succeeded',
      progress: { done: 1, total: 1 },
      result: { assets: 1, prices_written: 6, failed: [] },
    });

    const daily = await owner.call(
      'GET',
      `/api/market_data/daily_prices?repo_id=${repositoryId}&from_dt=2024-01-03&tickers=aapl,MSFT`,
    );
    expect(daily.json()).toEqual({
      data: {
        aapl: [
          { date: '2024-01-03', close: '184.25', adjusted_close: '183.5533' },
          { date: '2024-01-05', close: '181.18', adjusted_close: '180.4895' },
        ],
      },
    });

    // A second sync of the same answers writes nothing new.
    const again = await owner.call('POST', '/api/market_data/sync', { repository_id: repositoryId });
    expect(again.statusCode).toBe(202);
    expect(await runSyncs()).toBe(1);
    const rerun = (await owner.call('GET', '/api/tasks'))
      .json()
      .find((row: { id: string }) => row.id === again.json().id);
    expect(rerun.result).toMatchObject({ prices_written: 0, failed: [] });

    const status = (await owner.call('GET', `/api/market_data/status?repo_id=${repositoryId}`)).json();
    expect(status).toMatchObject({ provider: 'yahoo', fx_provider: 'ecb', message: null, linked_assets: 1 });
    expect(status.last_synced_at).not.toBeNull();

    // Reset: unlinked, the info cleared.
    const reset = await owner.call('DELETE', `/api/sec_master/${assetId}`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({
      linked_security_id: null,
      security_info_ticker: null,
      name: 'Apple Inc.',
    });
    expect((await owner.call('GET', `/api/sec_master/${assetId}`)).json().security_info).toBeNull();
  });

  it('refuses a delisted symbol plainly and leaves the asset as it was', async () => {
    const assetId = await createStockAs(owner, repositoryId, 'TWTR');
    const response = await owner.call('PUT', `/api/sec_master/${assetId}`, {
      symbol: 'TWTR',
      apply: { name: true },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Yahoo Finance has no data for TWTR: unknown or delisted symbol');
    expect((await owner.call('GET', `/api/assets/${assetId}`)).json()).toMatchObject({
      name: 'TWTR Inc.',
      linked_security_id: null,
    });
  });

  it('asks for the symbol', async () => {
    const assetId = await createStockAs(owner, repositoryId, 'MSFT');
    const response = await owner.call('PUT', `/api/sec_master/${assetId}`, { symbol: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual({ fieldErrors: { symbol: ['Field is required'] } });
  });

  it('writes nothing of a security whose answer is malformed, and says why in the task', async () => {
    const assetId = await createStockAs(owner, repositoryId, 'BRKN');
    // Linked directly: the provider's info call would already refuse this symbol's answer.
    await t.app.db
      .updateTable('assets')
      .set({ linked_security_id: 'yahoo:BROKEN', security_info_ticker: 'BROKEN' })
      .where('id', '=', assetId)
      .execute();
    const started = await owner.call('POST', '/api/market_data/sync', { repository_id: repositoryId });
    expect(await runSyncs()).toBe(1);
    const task = (await owner.call('GET', '/api/tasks'))
      .json()
      .find((row: { id: string }) => row.id === started.json().id);
    expect(task.result.failed).toEqual([
      {
        asset_id: assetId,
        message: 'Yahoo Finance sent a chart whose series do not line up for BROKEN Strata cannot read',
      },
    ]);
    expect(await pricesOf(assetId)).toEqual([]);
  });

  it('counts every security it writes when several sync at once', async () => {
    const repository = await createRepositoryAs(owner, 'Several');
    for (const ticker of ['AAA', 'BBB', 'CCC']) {
      const assetId = await createStockAs(owner, repository, ticker);
      await t.app.db
        .updateTable('assets')
        .set({ linked_security_id: 'yahoo:AAPL', security_info_ticker: 'AAPL' })
        .where('id', '=', assetId)
        .execute();
    }
    const started = await owner.call('POST', '/api/market_data/sync', { repository_id: repository });
    expect(await runSyncs()).toBe(1);
    const task = (await owner.call('GET', '/api/tasks'))
      .json()
      .find((row: { id: string }) => row.id === started.json().id);
    // Three securities × three days × two sources.
    expect(task.result).toMatchObject({ assets: 3, prices_written: 18, failed: [] });
  });

  it('gives currency assets their ECB rates in the currency they are quoted in', async () => {
    const repository = await createRepositoryAs(owner, 'FX');
    // An asset in EUR and one in GBP make their currency assets, quoted in the repository's USD.
    await createAssetAs(owner, repository, { type: 'stock', name: 'SAP', ticker: 'SAP', currency: 'EUR' });
    await createAssetAs(owner, repository, {
      type: 'stock',
      name: 'Vodafone',
      ticker: 'VOD',
      currency: 'GBP',
    });
    const assets = (await owner.call('GET', `/api/assets?repository_id=${repository}`)).json().data as Array<{
      id: string;
      type: string;
      ticker: string;
    }>;
    const currency = (code: string) =>
      assets.find((asset) => asset.type === 'currency' && asset.ticker === code)?.id as string;
    await owner.call('POST', '/api/market_data/sync', { repository_id: repository });
    expect(await runSyncs()).toBe(1);
    const closes = async (code: string) =>
      (await pricesOf(currency(code)))
        .filter((price) => price.date <= '2024-01-05')
        .map(({ date, close }) => ({ date, close }));
    // USD per EUR is the ECB's EUR/USD rate itself.
    expect(await closes('EUR')).toEqual([
      { date: '2024-01-02', close: '1.0956' },
      { date: '2024-01-04', close: '1.0953' },
      { date: '2024-01-05', close: '1.0921' },
    ]);
    // USD per GBP = (USD per EUR) / (GBP per EUR): 1.0956 / 0.86730 = 1.263230716…, to ten digits.
    expect((await closes('GBP'))[0]).toEqual({ date: '2024-01-02', close: '1.263230716' });
    expect((await closes('GBP'))[2]).toEqual({ date: '2024-01-05', close: '1.269027865' });
    expect(await pricesOf(currency('USD'))).toEqual([]);
  });
});
