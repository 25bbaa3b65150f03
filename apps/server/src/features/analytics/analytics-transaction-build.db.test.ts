import { unpackTransactions } from '@strata/core/analytics/transaction-table-pack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createBrokerageAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { recentRepositoriesWithoutTables } from './analytics-loader.repository.ts';
import { createAnalyticsPool, type TAnalyticsPool } from './analytics-pool.ts';
import { tableKeyOf } from './analytics-price-build.ts';
import { buildTransactionTable } from './analytics-transaction-build.ts';
import { createTestAnalyticsService } from './testing/analytics-test-service.ts';

// After a write of many transactions (an import), they are read, parsed and kept before any compute asks for
// them: a worker holds them, and the database keeps them packed for another process.

let t: TIdentityTestApp;
let owner: TTestUser;
const pools: TAnalyticsPool[] = [];

/** A part of the loader holds two transactions here (and a group one asset), so three are more than a part. */
const PARTS = { transactions: 2, assets: 1, isParallel: true, reads: 2, keepsTables: true };

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'transaction-build@example.com');
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

async function versionOf(repositoryId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('repositories')
    .select('transactions_version')
    .where('id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return Number(row.transactions_version);
}

async function keptOf(repositoryId: string) {
  const row = await t.database.db
    .selectFrom('analytics_transaction_tables')
    .select(['transactions_version', 'transaction_count', 'packed'])
    .where('repository_id', '=', repositoryId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    version: Number(row.transactions_version),
    count: row.transaction_count,
    transactions: unpackTransactions(row.packed).map(({ date, type, entries }) => [
      date,
      type,
      entries.map((entry) => entry.amount),
    ]),
  };
}

/** A repository with a brokerage; `deposit(date, amount)` writes one. */
async function brokerage(name: string) {
  const repositoryId = await createRepositoryAs(owner, name);
  const { broker, usd } = await createBrokerageAs(owner, repositoryId);
  const deposit = async (...items: Array<[string, string]>) => {
    const response = await owner.call(
      'POST',
      '/api/transactions',
      items.map(([date, amount]) => ({
        repository_id: repositoryId,
        type: 'deposit',
        date,
        entries: [{ account_id: broker, asset_id: usd, amount }],
      })),
    );
    expect(response.statusCode).toBe(201);
  };
  return { repositoryId, deposit };
}

describe('transactions built after a write', () => {
  it('are read, held and kept packed when more changed than a part holds, and left to the compute otherwise', async () => {
    const { repositoryId, deposit } = await brokerage('Built transactions');
    await deposit(['2024-03-01', '100'], ['2024-03-02', '200'], ['2024-03-04', '300.5']);
    const deps = { db: t.database.db, parts: PARTS };
    const pool = newPool();
    const version = await versionOf(repositoryId);

    expect(await buildTransactionTable({ ...deps, pool }, repositoryId)).toBe('built');
    expect(pool.holdsTransactions(tableKeyOf(repositoryId, version))).toBe(true);
    expect(await keptOf(repositoryId)).toEqual({
      version,
      count: 3,
      transactions: [
        ['2024-03-01', 'deposit', ['100']],
        ['2024-03-02', 'deposit', ['200']],
        ['2024-03-04', 'deposit', ['300.5']],
      ],
    });
    // Nothing to do again: the worker holds them; a restarted process finds them kept.
    expect(await buildTransactionTable({ ...deps, pool }, repositoryId)).toBe('held');
    expect(await buildTransactionTable({ ...deps, pool: newPool() }, repositoryId)).toBe('kept');

    // One written since: left to the compute, which reads it beside the kept ones.
    await deposit(['2024-03-03', '50']);
    expect(await buildTransactionTable({ ...deps, pool: newPool() }, repositoryId)).toBe('cheap');
    // Three in all since the kept ones: read and kept anew.
    await deposit(['2024-03-05', '60'], ['2024-03-06', '70']);
    const again = newPool();
    expect(await buildTransactionTable({ ...deps, pool: again }, repositoryId)).toBe('built');
    const now = await versionOf(repositoryId);
    expect(again.holdsTransactions(tableKeyOf(repositoryId, now))).toBe(true);
    const kept = await keptOf(repositoryId);
    expect(kept).toMatchObject({ version: now, count: 6 });
    expect(kept?.transactions.map(([date]) => date)).toEqual([
      '2024-03-01',
      '2024-03-02',
      '2024-03-03',
      '2024-03-04',
      '2024-03-05',
      '2024-03-06',
    ]);
  });

  it('are built for a repository whose transactions were written before their changes were recorded', async () => {
    const { repositoryId, deposit } = await brokerage('Older transactions');
    await deposit(['2024-03-01', '1'], ['2024-03-02', '2'], ['2024-03-03', '3']);
    // As for a repository written before migration 2026-11-28-0043: no change recorded, nothing kept.
    await t.database.db.deleteFrom('transaction_changes').where('repository_id', '=', repositoryId).execute();
    expect(
      await buildTransactionTable({ db: t.database.db, pool: newPool(), parts: PARTS }, repositoryId),
    ).toBe('built');
    expect((await keptOf(repositoryId))?.count).toBe(3);
  });

  it('are never built where tables are not kept', async () => {
    const { repositoryId, deposit } = await brokerage('Unkept transactions');
    await deposit(['2024-03-01', '1'], ['2024-03-02', '2'], ['2024-03-03', '3']);
    expect(
      await buildTransactionTable(
        { db: t.database.db, pool: newPool(), parts: { ...PARTS, keepsTables: false } },
        repositoryId,
      ),
    ).toBe('not kept here');
    expect(await keptOf(repositoryId)).toBeUndefined();
  });

  it('are waited for by a compute that arrives while they are built, which then reads neither them nor the prices', async () => {
    const { repositoryId, deposit } = await brokerage('Awaited transactions');
    await deposit(['2024-03-01', '100'], ['2024-03-02', '200'], ['2024-03-04', '300']);
    for (const ticker of ['ALFA', 'BRAV']) {
      const stock = await createStockAs(owner, repositoryId, ticker);
      const price = await owner.call('POST', '/api/asset_prices', {
        asset_id: stock,
        date: '2024-03-04',
        close: '10',
      });
      expect(price.statusCode).toBe(201);
    }
    const { service, published } = createTestAnalyticsService(t.database.db, newPool(), PARTS, {
      tablesSettleMs: 0,
    });
    service.tablesAfterWrite(repositoryId);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const answer = await service.get({ id: owner.id }, repositoryId, {
      periods: 1,
      freq: 'month',
      end: '2024-03-31',
    } as never);
    // 100 + 200 + 300 deposited.
    const body = JSON.parse(answer.body);
    expect(body).toMatchObject({ status: 'done' });
    expect(
      body.result.value_view.find((row: Record<string, unknown>) => row.scope_kind === 'repository')
        ?.value_end,
    ).toBe(600);
    expect(published.find((message) => message.stage === 'computing')).toMatchObject({
      transactions: 0,
      prices: 0,
    });
    await service.stopBuilding();
    expect((await keptOf(repositoryId))?.count).toBe(3);
  });

  it('are built at a start for the repositories computed lately that keep no tables, the latest first', async () => {
    const db = t.database.db;
    const [none, both, pricesOnly, old] = [
      await createRepositoryAs(owner, 'Warm: none kept'),
      await createRepositoryAs(owner, 'Warm: both kept'),
      await createRepositoryAs(owner, 'Warm: prices kept'),
      await createRepositoryAs(owner, 'Warm: computed long ago'),
    ];
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const computed = (repositoryId: string, at: Date) =>
      db
        .insertInto('analytics_results')
        .values({
          repository_id: repositoryId,
          request_hash: 'warm',
          data_version: 1,
          result: '{}',
          compute_ms: 1,
          created_at: at,
        })
        .execute();
    await computed(none, daysAgo(2));
    await computed(both, daysAgo(1));
    await computed(pricesOnly, daysAgo(3));
    await computed(old, daysAgo(40));
    const packed = Buffer.from([1, 0]);
    for (const repositoryId of [both, pricesOnly]) {
      await db
        .insertInto('analytics_price_tables')
        .values({ repository_id: repositoryId, prices_version: 0, price_count: 0, packed })
        .execute();
    }
    await db
      .insertInto('analytics_transaction_tables')
      .values({ repository_id: both, transactions_version: 0, transaction_count: 0, packed })
      .execute();
    const listed = await recentRepositoriesWithoutTables(db, 30, 20);
    const mine = listed.filter((id) => [none, both, pricesOnly, old].includes(id));
    expect(mine).toEqual([none, pricesOnly]);
    expect(await recentRepositoriesWithoutTables(db, 30, 1)).toHaveLength(1);
  });
});
