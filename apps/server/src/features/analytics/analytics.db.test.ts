import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
const ids: Record<string, string> = {};

const JANUARY = 'periods=1&freq=month&end=2026-01-31&datasets=value_view,position_view';

async function analytics(query: string, user: TTestUser = owner) {
  return user.call('GET', `/api/repositories/${repositoryId}/analytics?${query}`);
}

function repositoryRow(result: { value_view: Array<Record<string, unknown>> }) {
  return result.value_view.find((row) => row.scope_kind === 'repository' && row.period === 0);
}

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'analytics-owner@example.com');
  stranger = await createTestUser(t, 'analytics-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Analytics');
  const tags = (await owner.call('GET', `/api/tags?repository_id=${repositoryId}`)).json();
  const tag = (name: string, value: string) =>
    tags.find(
      (item: { tag_name: string; tag_value: string }) => item.tag_name === name && item.tag_value === value,
    ).id;
  ids.checking = (
    await owner.call('POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'bank account',
      name: 'Checking',
      currency: 'USD',
      tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
    })
  ).json().id;
  ids.aapl = (
    await owner.call('POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'stock',
      name: 'Apple',
      ticker: 'AAPL',
      currency: 'USD',
    })
  ).json().id;
  const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}`)).json().data;
  ids.usd = assets.find((asset: { type: string }) => asset.type === 'currency').id;
});
afterAll(async () => {
  await t?.close();
});

describe('analytics through the API', () => {
  it("answers 'No transactions found' for an empty repository, as an answer", async () => {
    const response = await analytics(JANUARY);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'empty',
      message: 'No transactions found',
      result: null,
    });
  });

  it('computes a hand-worked month: deposit 1,000, buy 10 at 100, close 120 → value 1,200, flows 1,000, market +200', async () => {
    await owner.call('POST', '/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2026-01-02',
        entries: [{ account_id: ids.checking, asset_id: ids.usd, amount: '1000' }],
      },
      {
        repository_id: repositoryId,
        type: 'buy',
        date: '2026-01-05',
        entries: [
          { account_id: ids.checking, asset_id: ids.aapl, amount: '10' },
          { account_id: ids.checking, asset_id: ids.usd, amount: '1000' },
        ],
      },
    ]);
    await owner.call('POST', '/api/asset_prices', { asset_id: ids.aapl, date: '2026-01-30', close: '120' });
    const response = await analytics(JANUARY);
    expect(response.json().status).toBe('done');
    expect(response.json().cached).toBe(false);
    const row = repositoryRow(response.json().result);
    expect(row).toMatchObject({ value_end: 1200, net_flows: 1000, market_change: 200 });
    const again = await analytics(JANUARY);
    expect(again.json()).toMatchObject({ status: 'done', cached: true, total_compute_time: 0 });
    expect(repositoryRow(again.json().result)).toEqual(row);
  });

  it('recomputes after a price change (the data version moved) and after the cache is cleared', async () => {
    const before = (await analytics(JANUARY)).json();
    await owner.call('POST', '/api/asset_prices', { asset_id: ids.aapl, date: '2026-01-31', close: '150' });
    const after = (await analytics(JANUARY)).json();
    expect(after.cached).toBe(false);
    expect(after.data_version).toBeGreaterThan(before.data_version);
    expect(repositoryRow(after.result)).toMatchObject({ value_end: 1500, market_change: 500 });
    expect((await analytics(JANUARY)).json().cached).toBe(true);
    await owner.call('DELETE', `/api/cache/analytics/${repositoryId}`);
    expect((await analytics(JANUARY)).json().cached).toBe(false);
  });

  it('fetches positions on a date for chosen assets', async () => {
    const response = await analytics(`data=position&date=2026-01-31&assets=${JSON.stringify([ids.aapl])}`);
    expect(response.json().result.position_view).toEqual([
      expect.objectContaining({ account_id: ids.checking, asset_id: ids.aapl, amount: '10' }),
    ]);
  });

  it("answers 'No analytics to compute for provided period' before the first transaction", async () => {
    const response = await analytics('periods=2&freq=month&end=2025-06-30');
    expect(response.json()).toMatchObject({
      status: 'empty',
      message: 'No analytics to compute for provided period',
    });
  });

  it('refuses bad parameters with 400 and strangers with 404', async () => {
    expect((await analytics('freq=fortnight')).statusCode).toBe(400);
    expect((await analytics('datasets=everything')).statusCode).toBe(400);
    expect((await analytics(JANUARY, stranger)).statusCode).toBe(404);
  });
});
