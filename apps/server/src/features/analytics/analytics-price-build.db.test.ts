import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createBrokerageAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { createAnalyticsPool, type TAnalyticsPool } from './analytics-pool.ts';
import { buildPriceTable, tableKeyOf } from './analytics-price-build.ts';
import { createTestAnalyticsService } from './testing/analytics-test-service.ts';
import { keptPriceTableOf, pricesVersionOf } from './testing/kept-price-tables.ts';

// After a write of many assets' prices (an import), the price table is built and kept before any compute
// asks for it: a worker holds it, and the database keeps it packed for another process.

let t: TIdentityTestApp;
let owner: TTestUser;
const pools: TAnalyticsPool[] = [];

/** One group of the loader holds one asset here, so two priced assets are more than a group. */
const PARTS = { transactions: 10, assets: 1, isParallel: true, reads: 2, keepsTables: true };

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'price-build@example.com');
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await t?.close();
});

function newPool() {
  const pool = createAnalyticsPool(1);
  pools.push(pool);
  return pool;
}

async function price(assetId: string, date: string, close: string) {
  const response = await owner.call('POST', '/api/asset_prices', { asset_id: assetId, date, close });
  expect(response.statusCode).toBe(201);
}

describe('a price table built after a write', () => {
  it('is built, held and kept packed when a compute would aggregate more than one group of assets', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Built table');
    const [alfa, bravo] = [
      await createStockAs(owner, repositoryId, 'ALFA'),
      await createStockAs(owner, repositoryId, 'BRAV'),
    ];
    // 2024-03-04 and 2024-03-05 are epoch days 19786 and 19787.
    await price(alfa as string, '2024-03-04', '10.5');
    await price(alfa as string, '2024-03-05', '11');
    await price(bravo as string, '2024-03-04', '20.25');
    const deps = { db: t.database.db, parts: PARTS };
    const pool = newPool();
    const version = await pricesVersionOf(t.database.db, repositoryId);

    expect(await buildPriceTable({ ...deps, pool }, repositoryId)).toBe('built');
    expect(pool.holdsPrices(tableKeyOf(repositoryId, version))).toBe(true);
    const expected = [
      { asset_id: alfa, days: [19786, 19787], closes: [10.5, 11] },
      { asset_id: bravo, days: [19786], closes: [20.25] },
    ].sort((a, b) => ((a.asset_id as string) < (b.asset_id as string) ? -1 : 1));
    expect(await keptPriceTableOf(t.database.db, repositoryId)).toEqual({
      version,
      count: 3,
      series: expected,
    });
    // Nothing to do again: the worker holds it; a restarted process finds it kept.
    expect(await buildPriceTable({ ...deps, pool }, repositoryId)).toBe('held');
    expect(await buildPriceTable({ ...deps, pool: newPool() }, repositoryId)).toBe('kept');

    // One asset's price written: one group, left to the compute (it patches the kept table).
    await price(bravo as string, '2024-03-05', '21');
    expect(await buildPriceTable({ ...deps, pool: newPool() }, repositoryId)).toBe('cheap');
    // Both assets' prices written since the kept table: patched and kept at the new version.
    await price(alfa as string, '2024-03-06', '12');
    const patched = newPool();
    expect(await buildPriceTable({ ...deps, pool: patched }, repositoryId)).toBe('built');
    const now = await pricesVersionOf(t.database.db, repositoryId);
    expect(patched.holdsPrices(tableKeyOf(repositoryId, now))).toBe(true);
    const kept = await keptPriceTableOf(t.database.db, repositoryId);
    expect(kept?.version).toBe(now);
    expect(kept?.count).toBe(5);
    expect(kept?.series.find((row) => row.asset_id === alfa)).toEqual({
      asset_id: alfa,
      days: [19786, 19787, 19788],
      closes: [10.5, 11, 12],
    });
    expect(kept?.series.find((row) => row.asset_id === bravo)).toEqual({
      asset_id: bravo,
      days: [19786, 19787],
      closes: [20.25, 21],
    });
  });

  it('is built for a repository whose prices were written before their changes were recorded', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Older prices');
    const [alfa, bravo] = [
      await createStockAs(owner, repositoryId, 'ALFA'),
      await createStockAs(owner, repositoryId, 'BRAV'),
    ];
    await price(alfa as string, '2024-03-04', '10');
    await price(bravo as string, '2024-03-04', '20');
    // As for a repository priced before migration 2026-11-27-0040: no change recorded, nothing kept.
    await t.database.db.deleteFrom('asset_price_changes').where('repository_id', '=', repositoryId).execute();
    expect(await buildPriceTable({ db: t.database.db, pool: newPool(), parts: PARTS }, repositoryId)).toBe(
      'built',
    );
    expect((await keptPriceTableOf(t.database.db, repositoryId))?.count).toBe(2);
  });

  it('is left to the compute when the prices fit in one group, and never built where tables are not kept', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Small table');
    const [alfa, bravo] = [
      await createStockAs(owner, repositoryId, 'ALFA'),
      await createStockAs(owner, repositoryId, 'BRAV'),
    ];
    await price(alfa as string, '2024-03-04', '10');
    await price(bravo as string, '2024-03-04', '20');
    const db = t.database.db;
    expect(await buildPriceTable({ db, pool: newPool(), parts: { ...PARTS, assets: 2 } }, repositoryId)).toBe(
      'cheap',
    );
    expect(
      await buildPriceTable({ db, pool: newPool(), parts: { ...PARTS, keepsTables: false } }, repositoryId),
    ).toBe('not kept here');
    expect(await keptPriceTableOf(t.database.db, repositoryId)).toBeUndefined();
  });

  it('is waited for by a compute that arrives while it is built, which then reads no prices', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Awaited table');
    const { broker, usd } = await createBrokerageAs(owner, repositoryId);
    const [alfa, bravo] = [
      await createStockAs(owner, repositoryId, 'ALFA'),
      await createStockAs(owner, repositoryId, 'BRAV'),
    ];
    const deposit = await owner.call('POST', '/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2024-03-01',
        entries: [{ account_id: broker, asset_id: usd, amount: '100' }],
      },
    ]);
    expect(deposit.statusCode).toBe(201);
    await price(alfa as string, '2024-03-04', '10');
    await price(bravo as string, '2024-03-04', '20');
    const { service, published } = createTestAnalyticsService(t.database.db, newPool(), PARTS, {
      tablesSettleMs: 0,
    });
    service.tablesAfterWrite(repositoryId);
    // The build's timer fires first: the build is under way when the request below gets to its load.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const answer = await service.get({ id: owner.id }, repositoryId, {
      periods: 1,
      freq: 'month',
      end: '2024-03-31',
    } as never);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'done' });
    // The compute waited for the build: the worker that built the table held it, so no price was read.
    expect(published.find((message) => message.stage === 'computing')).toMatchObject({ prices: 0 });
    await service.stopBuilding();
    expect((await keptPriceTableOf(t.database.db, repositoryId))?.count).toBe(2);
  });
});
