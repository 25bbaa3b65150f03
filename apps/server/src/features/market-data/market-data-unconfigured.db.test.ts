import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { askOverSocket } from './testing/socket-client.ts';

// An install without a market-data provider (the default): every market-data feature says so plainly.

const NO_PROVIDER =
  'No market-data provider is configured: set MARKET_DATA_PROVIDER (yahoo or eodhd) or CRYPTO_PROVIDER (coingecko) to search securities and sync prices';

let t: TIdentityTestApp;
let owner: TTestUser;
let repositoryId: string;
let socketUrl: string;

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: false });
  owner = await createTestUser(t, 'unconfigured-owner@example.com');
  repositoryId = await createRepositoryAs(owner, 'No provider');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketUrl = `${address.replace(/^http/, 'ws')}/api/ws/security_master`;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('no market-data provider configured', () => {
  it('says so on search, link, sync and status', async () => {
    expect(
      await askOverSocket(socketUrl, owner, { action: 'eod_search', payload: { symbol: 'AAPL' } }),
    ).toEqual({
      type: 'error',
      status: 400,
      message: NO_PROVIDER,
    });
    const assetId = await createStockAs(owner, repositoryId, 'AAPL');
    const link = await owner.call('PUT', `/api/sec_master/${assetId}`, { symbol: 'AAPL' });
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toBe(NO_PROVIDER);
    const sync = await owner.call('POST', '/api/market_data/sync', { repository_id: repositoryId });
    expect(sync.statusCode).toBe(400);
    expect(sync.json().message).toBe(NO_PROVIDER);
    expect((await owner.call('GET', `/api/market_data/status?repo_id=${repositoryId}`)).json()).toEqual({
      repository_id: repositoryId,
      provider: null,
      crypto_provider: null,
      fx_provider: null,
      message: NO_PROVIDER,
      last_synced_at: null,
      // The schedule is on by default, but with nothing to sync with there is no next run.
      sync_cron: '30 22 * * 1-5',
      next_sync_at: null,
      linked_assets: 0,
    });
  });
});
