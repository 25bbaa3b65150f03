import { unpackTransactions } from '@strata/core/analytics/transaction-table-pack';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { loadAnalyticsInput, loaderPartsFor } from './analytics.loader.ts';
import { createAnalyticsPool, type TAnalyticsPool } from './analytics-pool.ts';
import { connect, ofType, type TClient } from './testing/analytics-socket-client.ts';
import { createTestAnalyticsService } from './testing/analytics-test-service.ts';

// The analytics worker keeps a repository's parsed transactions under its transactions version (migration
// 2026-11-28-0043, raised by triggers on transactions and their entries): after a transaction is written,
// changed, moved to another day, trashed, restored or deleted, the next compute reads that transaction alone
// (or nothing, when it is gone) and puts it in its place; a price write reads no transaction.
//
// The repository: 2,000 deposited on 2026-01-05, 10 ACME bought for 1,500 on 2026-01-06, ACME closing at 150 on
// 2026-01-30. Its value at the end of January and of February = 500 cash + 10 × ACME's last close, plus what
// the test deposits.

let t: TIdentityTestApp;
let owner: TTestUser;
let baseUrl: string;

const QUERY = 'periods=2&freq=month&end=2026-02-28&datasets=value_view';

async function call(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const response = await owner.call(method, url, body);
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function holding(name: string) {
  const repositoryId = await createRepositoryAs(owner, name);
  const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}&limit=500`)).json().data;
  const usd = assets.find((asset: { type: string; name: string }) => asset.name === 'US Dollar').id;
  const tag = await tagLookupAs(owner, repositoryId);
  const brokerage = (
    await call('POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'investment account',
      name: 'Brokerage',
      currency: 'USD',
      tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
    })
  ).id;
  const acme = (
    await call('POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'stock',
      name: 'Acme Corp',
      ticker: 'ACME',
      currency: 'USD',
    })
  ).id;
  await call('POST', '/api/transactions', [
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
  await call('POST', '/api/asset_prices', { asset_id: acme, date: '2026-01-30', close: '150' });
  const deposit = (date: string, amount: string) => ({
    repository_id: repositoryId,
    type: 'deposit',
    date,
    entries: [{ account_id: brokerage, asset_id: usd, amount }],
  });
  return { repositoryId, acme, deposit };
}

async function listen(repositoryId: string): Promise<TClient> {
  const client = await connect(baseUrl, owner);
  client.send({ action: 'subscribe', repository_id: repositoryId });
  await client.next(ofType('subscribed'));
  return client;
}

/**
 * The repository's value at the end of January and of February as computed now, and the transactions and
 * prices the loader read for it (the 'computing' progress).
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
  const valueAt = (end: string) =>
    response.result.value_view.find(
      (item: Record<string, unknown>) => item.scope_kind === 'repository' && item.end === end,
    )?.value_end;
  return {
    values: [valueAt('2026-01-31'), valueAt('2026-02-28')],
    read: { transactions: computing.transactions, prices: computing.prices },
  };
}

async function transactionsVersionOf(repositoryId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('repositories')
    .select('transactions_version')
    .where('id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return Number(row.transactions_version);
}

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'transactions-kept-owner@example.com');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = address.replace(/^http/, 'ws');
});
const pools: TAnalyticsPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await t?.close();
});

/**
 * Another process's analytics (a worker that holds nothing), on PostgreSQL's loader parts: its answer's values
 * at the two month ends, and what its load read (the 'computing' progress).
 */
async function computeElsewhere(repositoryId: string) {
  const pool = createAnalyticsPool(1);
  pools.push(pool);
  const { service, published } = createTestAnalyticsService(t.database.db, pool, loaderPartsFor('postgres'));
  // A timeline the other computes did not ask for, so no stored result answers it.
  const answer = JSON.parse(
    (
      await service.get({ id: owner.id }, repositoryId, {
        periods: 2,
        freq: 'month',
        end: '2026-02-28',
        include_end: true,
        datasets: ['value_view', 'income_view'],
      } as never)
    ).body,
  );
  expect(answer).toMatchObject({ status: 'done', cached: false });
  const valueAt = (end: string) =>
    answer.result.value_view.find(
      (item: Record<string, unknown>) => item.scope_kind === 'repository' && item.end === end,
    )?.value_end;
  const computing = published.find((message) => message.stage === 'computing');
  return {
    values: [valueAt('2026-01-31'), valueAt('2026-02-28')],
    read: { transactions: computing?.transactions, prices: computing?.prices },
  };
}

/** The transactions kept for the repository in analytics_transaction_tables, once kept (after the answer). */
async function keptTransactions(repositoryId: string, version: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const row = await t.database.db
      .selectFrom('analytics_transaction_tables')
      .select(['transactions_version', 'transaction_count', 'packed'])
      .where('repository_id', '=', repositoryId)
      .executeTakeFirst();
    if (row && Number(row.transactions_version) === version) {
      return { count: row.transaction_count, transactions: unpackTransactions(row.packed) };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

describe("the analytics worker's kept transactions", () => {
  it('read again only the transaction written, changed, moved, trashed, restored or deleted', async () => {
    const { repositoryId, acme, deposit } = await holding('Transactions kept');
    const client = await listen(repositoryId);
    expect(await compute(client, repositoryId)).toEqual({
      values: [2000, 2000],
      read: { transactions: 2, prices: 1 },
    });

    const [added] = await call('POST', '/api/transactions', [deposit('2026-02-10', '100')]);
    // February: 600 + 1,500; the deposit alone read.
    expect(await compute(client, repositoryId)).toEqual({
      values: [2000, 2100],
      read: { transactions: 1, prices: 0 },
    });

    const changed = await call('PUT', `/api/transactions/${added.id}`, {
      ...deposit('2026-02-10', '250'),
      version: added.version,
    });
    expect(await compute(client, repositoryId)).toEqual({
      values: [2000, 2250],
      read: { transactions: 1, prices: 0 },
    });

    // Moved past the timeline's end: gone from both months.
    const later = await call('PUT', `/api/transactions/${added.id}`, {
      ...deposit('2026-03-05', '250'),
      version: changed.version,
    });
    expect(await compute(client, repositoryId)).toEqual({
      values: [2000, 2000],
      read: { transactions: 1, prices: 0 },
    });

    // Moved before every other transaction: in both months.
    await call('PUT', `/api/transactions/${added.id}`, {
      ...deposit('2026-01-03', '250'),
      version: later.version,
    });
    expect(await compute(client, repositoryId)).toEqual({
      values: [2250, 2250],
      read: { transactions: 1, prices: 0 },
    });

    await call('DELETE', '/api/transactions', { ids: [added.id] });
    // Trashed: nothing live to read, and it is dropped.
    expect(await compute(client, repositoryId)).toEqual({
      values: [2000, 2000],
      read: { transactions: 0, prices: 0 },
    });

    await call('POST', `/api/transactions/${added.id}/restore`);
    expect(await compute(client, repositoryId)).toEqual({
      values: [2250, 2250],
      read: { transactions: 1, prices: 0 },
    });

    await call('DELETE', '/api/transactions?is_hard=1', { ids: [added.id] });
    expect(await compute(client, repositoryId)).toEqual({
      values: [2000, 2000],
      read: { transactions: 0, prices: 0 },
    });

    // A price write reads no transaction: February = 500 + 10 × 160.
    const version = await transactionsVersionOf(repositoryId);
    await call('POST', '/api/asset_prices', { asset_id: acme, date: '2026-02-27', close: '160' });
    expect(await transactionsVersionOf(repositoryId)).toBe(version);
    expect(await compute(client, repositoryId)).toEqual({
      values: [2000, 2100],
      read: { transactions: 0, prices: 2 },
    });
    client.close();
  });

  it("never answer for another repository, nor move with another repository's writes", async () => {
    const first = await holding('Transactions here');
    const second = await holding('Transactions elsewhere');
    const client = await listen(first.repositoryId);
    const secondClient = await listen(second.repositoryId);
    expect(await compute(client, first.repositoryId)).toMatchObject({ values: [2000, 2000] });
    const before = await transactionsVersionOf(first.repositoryId);
    await call('POST', '/api/transactions', [second.deposit('2026-01-20', '40')]);
    expect(await transactionsVersionOf(first.repositoryId)).toBe(before);
    // The second repository's own transactions, all three read.
    expect(await compute(secondClient, second.repositoryId)).toEqual({
      values: [2040, 2040],
      read: { transactions: 3, prices: 1 },
    });
    client.close();
    secondClient.close();
  });

  it('are told of writes that bypass the API: every statement on transactions or entries is recorded', async () => {
    const { repositoryId, deposit } = await holding('Transactions written in SQL');
    const client = await listen(repositoryId);
    expect(await compute(client, repositoryId)).toMatchObject({ values: [2000, 2000] });
    const [added] = await call('POST', '/api/transactions', [deposit('2026-02-10', '100')]);
    expect(await compute(client, repositoryId)).toMatchObject({ values: [2000, 2100] });

    const db = t.database.db;
    const version = await transactionsVersionOf(repositoryId);
    await sql`update transaction_entries set amount = 300 where transaction_id = ${added.id}`.execute(db);
    expect(await transactionsVersionOf(repositoryId)).toBe(version + 1);
    const { seq } = await db
      .selectFrom('transactions')
      .select('seq')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    const recorded = await db
      .selectFrom('transaction_changes')
      .select(['seq', 'transactions_version'])
      .where('repository_id', '=', repositoryId)
      .where('transactions_version', '>', version)
      .execute();
    expect(recorded.map((row) => [Number(row.seq), Number(row.transactions_version)])).toEqual([
      [Number(seq), version + 1],
    ]);
    // The data version is the API's to raise; here the statement alone moved the transactions.
    await sql`update repositories set data_version = data_version + 1 where id = ${repositoryId}`.execute(db);
    expect(await compute(client, repositoryId)).toEqual({
      values: [2000, 2300],
      read: { transactions: 1, prices: 0 },
    });

    await sql`delete from transactions where id = ${added.id}`.execute(db);
    await sql`update repositories set data_version = data_version + 1 where id = ${repositoryId}`.execute(db);
    expect(await compute(client, repositoryId)).toEqual({
      values: [2000, 2000],
      read: { transactions: 0, prices: 0 },
    });
    client.close();
  });

  it('are kept in the database packed on PostgreSQL, and another process reads them and the changes since', async () => {
    const { repositoryId, deposit } = await holding('Transactions packed');
    const client = await listen(repositoryId);
    expect(await compute(client, repositoryId)).toMatchObject({ values: [2000, 2000] });
    const version = await transactionsVersionOf(repositoryId);
    if (t.database.dialect === 'pglite') {
      // PGlite: one process computes, and its worker's copy serves it (TLoaderParts.keepsTables).
      expect(
        await t.database.db
          .selectFrom('analytics_transaction_tables')
          .select('repository_id')
          .where('repository_id', '=', repositoryId)
          .executeTakeFirst(),
      ).toBeUndefined();
      client.close();
      return;
    }
    const seqs = (
      await t.database.db
        .selectFrom('transactions')
        .select('seq')
        .where('repository_id', '=', repositoryId)
        .orderBy('date')
        .execute()
    ).map((row) => String(row.seq));
    const kept = await keptTransactions(repositoryId, version);
    expect(kept?.count).toBe(2);
    expect(
      kept?.transactions.map(({ id, date, type, entries }) => [
        id,
        date,
        type,
        entries.map((entry) => entry.amount),
      ]),
    ).toEqual([
      [seqs[0], '2026-01-05', 'deposit', ['2000']],
      [seqs[1], '2026-01-06', 'buy', ['10', '-1500']],
    ]);
    // Another process at this version: the kept transactions alone, no entry line read.
    expect(await computeElsewhere(repositoryId)).toEqual({
      values: [2000, 2000],
      read: { transactions: 2, prices: 1 },
    });

    // A deposit: this process's worker patches its own copy, and keeps none anew.
    await call('POST', '/api/transactions', [deposit('2026-02-10', '100')]);
    expect(await compute(client, repositoryId)).toEqual({
      values: [2000, 2100],
      read: { transactions: 1, prices: 0 },
    });
    // Another process reads the kept two and the one deposit written since…
    const now = await transactionsVersionOf(repositoryId);
    const { source } = await loadAnalyticsInput(
      t.database.db,
      { id: repositoryId, currency: 'USD', settings: {} },
      {
        periods: 2,
        freq: 'month',
        end: '2026-02-28',
        include_end: true,
        datasets: ['value_view'],
        scope: 'root',
      },
      '2026-03-01',
      loaderPartsFor('postgres'),
      { pricesVersion: 0, transactionsVersion: now },
    );
    expect(source.transactionsText).toBeNull();
    expect(unpackTransactions(source.packedTransactions ?? new Uint8Array())).toHaveLength(2);
    expect(source.transactionChanges?.seqs).toHaveLength(1);
    expect(source.transactionChanges?.text).toMatch(/,100,,deposit$/);
    // …computes with them (3 counted)…
    expect(await computeElsewhere(repositoryId)).toEqual({
      values: [2000, 2100],
      read: { transactions: 3, prices: 1 },
    });
    // …and keeps the patched copy at the new version.
    expect((await keptTransactions(repositoryId, now))?.count).toBe(3);
    client.close();
  });
});
