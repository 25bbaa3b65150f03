import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { connect, ofType, type TClient } from './testing/analytics-socket-client.ts';
import { keptPriceTableOf, pricesVersionOf } from './testing/kept-price-tables.ts';

// The analytics worker keeps a repository's price table under its prices version (migration 0039, bumped by
// triggers on asset_prices): a transaction write reads only the transactions again; a price written, changed
// or deleted is in the next compute; one repository's table never answers for another's.
//
// A price write reads again only the assets it changed (asset_price_changes, migration 0040), their series
// replacing theirs in the kept table.
//
// Each repository: 2,000 deposited on 2026-01-05, 10 ACME bought for 1,500 on 2026-01-06, ACME closing at a
// price on 2026-01-30. The repository's value at the end of February = 500 cash + 10 × ACME's last close.

let t: TIdentityTestApp;
let owner: TTestUser;
let baseUrl: string;

const QUERY = 'periods=2&freq=month&end=2026-02-28&datasets=value_view';

async function post(url: string, body: unknown) {
  const response = await owner.call('POST', url, body);
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A repository as above, ACME at `close` on 2026-01-30; its ids. */
async function holding(name: string, close: string) {
  const repositoryId = await createRepositoryAs(owner, name);
  const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}&limit=500`)).json().data;
  const usd = assets.find((asset: { type: string; name: string }) => asset.name === 'US Dollar').id;
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
  const acme = (
    await post('/api/assets', {
      repository_id: repositoryId,
      type: 'stock',
      name: 'Acme Corp',
      ticker: 'ACME',
      currency: 'USD',
    })
  ).id;
  await post('/api/transactions', [
    {
      repository_id: repositoryId,
      type: 'deposit',
      date: '2026-01-05',
      entries: [{ account_id: brokerage, asset_id: usd, amount: '2000' }],
    },
    {
      repository_id: repositoryId,
      type: 'buy',
      date: '2026-01-06',
      entries: [
        { account_id: brokerage, asset_id: acme, amount: '10' },
        { account_id: brokerage, asset_id: usd, amount: '-1500' },
      ],
    },
  ]);
  await post('/api/asset_prices', { asset_id: acme, date: '2026-01-30', close });
  return { repositoryId, usd, brokerage, acme };
}

/** A socket subscribed to the repositories' analytics messages. */
async function listen(...repositoryIds: string[]): Promise<TClient> {
  const client = await connect(baseUrl, owner);
  for (const repositoryId of repositoryIds) {
    client.send({ action: 'subscribe', repository_id: repositoryId });
    await client.next(ofType('subscribed'));
  }
  return client;
}

/**
 * The repository's value at the end of February as computed now, and the price rows the loader read for it
 * (the 'computing' progress; 0 when the worker's kept table was used).
 */
async function compute(client: TClient, repositoryId: string) {
  const response = (await owner.call('GET', `/api/repositories/${repositoryId}/analytics?${QUERY}`)).json();
  expect(response).toMatchObject({ status: 'done', cached: false });
  const computing = await client.next(
    (message) =>
      message.type === 'progress' &&
      message.stage === 'computing' &&
      message.repository_id === repositoryId &&
      message.data_version === response.data_version,
  );
  const row = response.result.value_view.find(
    (item: Record<string, unknown>) => item.scope_kind === 'repository' && item.end === '2026-02-28',
  );
  return { value: row?.value_end, pricesRead: computing.prices };
}

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'prices-kept-owner@example.com');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

describe("the analytics worker's kept price table", () => {
  it('is used after a transaction write, and read again after a price is written, changed or deleted', async () => {
    const { repositoryId, usd, brokerage, acme } = await holding('Prices kept', '150');
    const client = await listen(repositoryId);
    // 500 + 10 × 150.
    expect(await compute(client, repositoryId)).toEqual({ value: 2000, pricesRead: 1 });

    const version = await pricesVersionOf(t.database.db, repositoryId);
    await post('/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2026-02-10',
        entries: [{ account_id: brokerage, asset_id: usd, amount: '100' }],
      },
    ]);
    expect(await pricesVersionOf(t.database.db, repositoryId)).toBe(version);
    // The deposit is in; the prices came from the worker's table (none read).
    expect(await compute(client, repositoryId)).toEqual({ value: 2100, pricesRead: 0 });

    const written = await post('/api/asset_prices', { asset_id: acme, date: '2026-02-27', close: '160' });
    expect(await pricesVersionOf(t.database.db, repositoryId)).toBe(version + 1);
    // 600 + 10 × 160.
    expect(await compute(client, repositoryId)).toEqual({ value: 2200, pricesRead: 2 });

    const changed = await owner.call('PUT', `/api/asset_prices/${written.id}`, {
      close: '170.25',
      version: written.version,
    });
    expect(changed.statusCode).toBe(200);
    // 600 + 10 × 170.25.
    expect(await compute(client, repositoryId)).toEqual({ value: 2302.5, pricesRead: 2 });

    expect((await owner.call('DELETE', `/api/asset_prices/${written.id}`)).statusCode).toBe(200);
    // Back to 600 + 10 × 150.
    expect(await compute(client, repositoryId)).toEqual({ value: 2100, pricesRead: 1 });
    expect(await pricesVersionOf(t.database.db, repositoryId)).toBe(version + 3);
    client.close();
  });

  it('reads again only the series of the assets whose prices changed since the table it keeps', async () => {
    const { repositoryId, usd, brokerage, acme } = await holding('Prices patched', '150');
    const beta = (
      await post('/api/assets', {
        repository_id: repositoryId,
        type: 'stock',
        name: 'Beta Inc',
        ticker: 'BETA',
        currency: 'USD',
      })
    ).id;
    await post('/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'buy',
        date: '2026-01-07',
        entries: [
          { account_id: brokerage, asset_id: beta, amount: '2' },
          { account_id: brokerage, asset_id: usd, amount: '-200' },
        ],
      },
    ]);
    await post('/api/asset_prices', { asset_id: beta, date: '2026-01-20', close: '110' });
    await post('/api/asset_prices', { asset_id: beta, date: '2026-01-31', close: '120' });
    const betaLast = await post('/api/asset_prices', { asset_id: beta, date: '2026-02-15', close: '125' });
    const client = await listen(repositoryId);
    // 300 cash + 10 ACME × 150 + 2 BETA × 125; ACME's one price and BETA's three read.
    expect(await compute(client, repositoryId)).toEqual({ value: 2050, pricesRead: 4 });

    await post('/api/asset_prices', { asset_id: acme, date: '2026-02-27', close: '160' });
    // 300 + 10 × 160 + 2 × 125: ACME's two prices read, BETA's from the kept table.
    expect(await compute(client, repositoryId)).toEqual({ value: 2150, pricesRead: 2 });

    expect((await owner.call('DELETE', `/api/asset_prices/${betaLast.id}`)).statusCode).toBe(200);
    // 300 + 10 × 160 + 2 × 120: BETA's two prices left, read; ACME's new price kept.
    expect(await compute(client, repositoryId)).toEqual({ value: 2140, pricesRead: 2 });
    client.close();
  });

  it('never answers for another repository, even on the same prices version', async () => {
    const first = await holding('Prices here', '150');
    const second = await holding('Prices elsewhere', '300');
    expect(await pricesVersionOf(t.database.db, second.repositoryId)).toBe(
      await pricesVersionOf(t.database.db, first.repositoryId),
    );
    const client = await listen(first.repositoryId, second.repositoryId);
    expect(await compute(client, first.repositoryId)).toEqual({ value: 2000, pricesRead: 1 });
    // 500 + 10 × 300: the second repository's own price, read.
    expect(await compute(client, second.repositoryId)).toEqual({ value: 3500, pricesRead: 1 });
    client.close();
  });

  it("is not moved by another repository's price writes", async () => {
    const first = await holding('Prices unmoved', '150');
    const second = await holding('Prices moved', '300');
    const before = await pricesVersionOf(t.database.db, first.repositoryId);
    await post('/api/asset_prices', { asset_id: second.acme, date: '2026-02-02', close: '310' });
    expect(await pricesVersionOf(t.database.db, first.repositoryId)).toBe(before);
  });

  it('is kept in the database packed after a compute on PostgreSQL, for a process that holds none', async () => {
    const { repositoryId, acme } = await holding('Prices packed', '150.35');
    await post('/api/asset_prices', { asset_id: acme, date: '2026-02-02', close: '151' });
    const client = await listen(repositoryId);
    // 500 + 10 × 151.
    expect(await compute(client, repositoryId)).toEqual({ value: 2010, pricesRead: 2 });
    client.close();
    const kept = () => keptPriceTableOf(t.database.db, repositoryId);
    if (t.database.dialect === 'pglite') {
      // PGlite: one process computes, and its worker's table serves it (TLoaderParts.keepsTables).
      expect(await kept()).toBeUndefined();
      return;
    }
    // Kept after the answer: wait for it.
    let row = await kept();
    for (let attempt = 0; attempt < 100 && row === undefined; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await kept();
    }
    expect(row).toMatchObject({ count: 2 });
    expect(row?.version).toBe(await pricesVersionOf(t.database.db, repositoryId));
    // 2026-01-30 and 2026-02-02 are epoch days 20483 and 20486.
    expect(row?.series).toEqual([{ asset_id: acme, days: [20483, 20486], closes: [150.35, 151] }]);
  });
});
