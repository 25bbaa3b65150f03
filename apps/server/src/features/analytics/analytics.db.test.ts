import { ANALYTICS_MESSAGES, ZAnalyticsResponse } from '@strata/contracts/analytics';
import { DATASETS } from '@strata/core/analytics/analytics-types';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';

// The dividend scenario of the engine (packages/core/src/analytics/scenarios/dividend.test.ts), entered
// through the API: deposit 2,000; buy 10 ACME for 1,505 incl. a 5 fee; a 12.50 dividend attributed to
// ACME; ACME closes at 150. Its hand-worked figures must come back unchanged through the database.

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
const ids = { usd: '', dividends: '', brokerage: '', fees: '', acme: '' };

const QUARTER = 'periods=3&freq=month&end=2024-04-30&datasets=value_view,performance_view,income_view';

async function analytics(query: string, user: TTestUser = owner) {
  return user.call('GET', `/api/repositories/${repositoryId}/analytics?${query}`);
}

type TRow = Record<string, unknown>;
const rowOf = (result: { value_view: TRow[] }, kind: string, id: string, end: string) =>
  result.value_view.find((row) => row.scope_kind === kind && row.scope_id === id && row.end === end);

async function storedRows() {
  return t.database.db
    .selectFrom('analytics_results')
    .select(['request_hash', 'data_version'])
    .where('repository_id', '=', repositoryId)
    .execute();
}

async function post(url: string, body: unknown) {
  const response = await owner.call('POST', url, body);
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'analytics-owner@example.com');
  reader = await createTestUser(t, 'analytics-reader@example.com');
  stranger = await createTestUser(t, 'analytics-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Analytics');
  await shareRepository(owner, reader, repositoryId, 1);
  const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}&limit=500`)).json().data;
  const find = (type: string, name: string) =>
    assets.find((asset: { type: string; name: string }) => asset.type === type && asset.name === name).id;
  ids.usd = find('currency', 'US Dollar');
  ids.dividends = find('income account', 'Cash dividend');
  const tag = await tagLookupAs(owner, repositoryId);
  const accountTags = [tag('Category', 'Cash'), tag('Subcategory', 'Checking')];
  ids.brokerage = (
    await post('/api/assets', {
      repository_id: repositoryId,
      type: 'investment account',
      name: 'Brokerage',
      currency: 'USD',
      tags: accountTags,
    })
  ).id;
  ids.fees = (
    await post('/api/assets', {
      repository_id: repositoryId,
      type: 'expense account',
      name: 'Broker fees',
      currency: 'USD',
      tags: accountTags,
    })
  ).id;
  ids.acme = (
    await post('/api/assets', {
      repository_id: repositoryId,
      type: 'stock',
      name: 'Acme Corp',
      ticker: 'ACME',
      currency: 'USD',
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe('analytics through the API', () => {
  it("answers 'No transactions found' for an empty repository, as an answer (200, not an error)", async () => {
    const response = await analytics(QUARTER);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'empty',
      message: ANALYTICS_MESSAGES.NO_TRANSACTIONS,
      result: null,
    });
  });

  it("computes the engine's dividend scenario from the database with its hand-worked figures", async () => {
    const { brokerage, usd, acme, fees, dividends } = ids;
    await post('/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2024-02-01',
        entries: [{ account_id: brokerage, asset_id: usd, amount: '2000' }],
      },
      {
        repository_id: repositoryId,
        type: 'buy',
        date: '2024-03-01',
        entries: [
          { account_id: brokerage, asset_id: acme, amount: '10' },
          { account_id: brokerage, asset_id: usd, amount: '-1505' },
          { account_id: fees, asset_id: usd, amount: '5', pos_id: acme },
        ],
      },
      {
        repository_id: repositoryId,
        type: 'dividend',
        date: '2024-04-15',
        entries: [
          { account_id: brokerage, asset_id: usd, amount: '12.5' },
          { account_id: dividends, asset_id: usd, amount: '-12.5', pos_id: acme },
        ],
      },
    ]);
    await post('/api/asset_prices', { asset_id: acme, date: '2024-02-29', close: '150' });

    const response = await analytics(QUARTER, reader);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'done', cached: false });
    expect(body.total_compute_time).toBeGreaterThanOrEqual(0);
    expect(rowOf(body.result, 'repository', 'repository', '2024-04-30')).toMatchObject({
      value_start: 1995,
      value_end: 2007.5,
      net_flows: 0,
      income: 12.5,
      market_change: 0,
    });
    expect(rowOf(body.result, 'asset', acme, '2024-04-30')).toMatchObject({
      value_start: 1500,
      value_end: 1500,
      net_flows: -12.5,
      income: 12.5,
      market_change: 0,
    });
    const april = body.result.performance_view.find(
      (row: TRow) => row.scope_kind === 'asset' && row.scope_id === acme && row.end === '2024-04-30',
    );
    expect(april.twr).toBeCloseTo(12.5 / 1500, 12);
    const lines = body.result.income_view.filter(
      (row: TRow) => row.scope_kind === 'asset' && row.scope_id === acme && row.amount !== 0,
    );
    expect(lines.map((row: TRow) => [row.end, row.kind, row.amount])).toEqual([
      ['2024-04-30', 'income', 12.5],
      ['2024-03-31', 'expense', -5],
    ]);
    // Only what was asked for.
    expect(Object.keys(body.result)).not.toContain('irr_moic_view');
  });

  it('answers what ZAnalyticsResponse describes, every dataset and field (the web infers its type from it)', async () => {
    // The answer is spliced together as JSON text, so Fastify never serializes (nor checks) it: checked here.
    const all = `periods=3&freq=month&end=2024-04-30&datasets=${DATASETS.join(',')}`;
    for (const query of [all, 'data=position&date=2024-04-30']) {
      const body = (await analytics(query)).json();
      expect(body.status).toBe('done');
      // A plain parse drops unknown keys: equal means nothing was left out of the schema either.
      expect(ZAnalyticsResponse.parse(body)).toEqual(body);
    }
    const result = ZAnalyticsResponse.parse((await analytics(all)).json()).result;
    expect(DATASETS.filter((dataset) => !Array.isArray(result?.[dataset]))).toEqual([]);
    // The tests below count the stored results of their own request.
    expect((await owner.call('DELETE', `/api/cache/analytics/${repositoryId}`)).statusCode).toBe(200);
  });

  it('answers a repeat from the cache, from this process or from the shared table', async () => {
    const first = (await analytics(QUARTER)).json();
    const again = await analytics(QUARTER);
    expect(again.json()).toMatchObject({ status: 'done', cached: true, total_compute_time: 0 });
    expect(again.json().result).toEqual(first.result);
    const rows = await storedRows();
    expect(rows).toEqual([expect.objectContaining({ data_version: first.data_version })]);

    // Another process (no copy in memory) reads the shared row.
    t.app.caches.analyticsResults.clearRepository(repositoryId);
    const shared = (await analytics(QUARTER)).json();
    expect(shared).toMatchObject({ cached: true, data_version: first.data_version });
    expect(shared.result).toEqual(first.result);
  });

  it('deprecates cached results when a transaction changes (the data version moves) and recomputes', async () => {
    const before = (await analytics(QUARTER)).json();
    await post('/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2024-04-20',
        entries: [{ account_id: ids.brokerage, asset_id: ids.usd, amount: '100' }],
      },
    ]);
    const after = (await analytics(QUARTER)).json();
    expect(after.data_version).toBeGreaterThan(before.data_version);
    expect(after.cached).toBe(false);
    expect(rowOf(after.result, 'repository', 'repository', '2024-04-30')).toMatchObject({
      value_end: 2107.5,
      net_flows: 100,
    });
    // The old version's row was replaced, not kept beside the new one.
    expect(await storedRows()).toEqual([expect.objectContaining({ data_version: after.data_version })]);
  });

  it('deprecates cached results when a price changes', async () => {
    const before = (await analytics(QUARTER)).json();
    expect(before.cached).toBe(true);
    await post('/api/asset_prices', { asset_id: ids.acme, date: '2024-04-30', close: '160' });
    const after = (await analytics(QUARTER)).json();
    expect(after).toMatchObject({ cached: false });
    expect(after.data_version).toBeGreaterThan(before.data_version);
    expect(rowOf(after.result, 'asset', ids.acme, '2024-04-30')).toMatchObject({
      value_end: 1600,
      market_change: 100,
    });
  });

  it("'Clear analytics cache' deletes the repository's stored results", async () => {
    await analytics(QUARTER);
    expect((await storedRows()).length).toBeGreaterThan(0);
    const cleared = await reader.call('DELETE', `/api/cache/analytics/${repositoryId}`);
    expect(cleared.statusCode).toBe(200);
    expect(await storedRows()).toEqual([]);
    expect((await analytics(QUARTER)).json().cached).toBe(false);
  });

  it('fetches positions on a date, filtered by accounts and assets (seed §7)', async () => {
    const query = `data=position&date=2024-04-30&accounts=${JSON.stringify([ids.brokerage])}`;
    const response = await analytics(`${query}&assets=${JSON.stringify([ids.acme])}`);
    expect(response.json().status).toBe('done');
    expect(response.json().result.position_view).toEqual([
      expect.objectContaining({ account_id: ids.brokerage, asset_id: ids.acme, amount: '10' }),
    ]);
    const cash = (await analytics(`${query}&assets=${JSON.stringify([ids.usd])}`)).json();
    expect(cash.result.position_view).toEqual([
      expect.objectContaining({ account_id: ids.brokerage, asset_id: ids.usd, amount: '607.5' }),
    ]);
    expect(Object.keys(cash.result)).not.toContain('value_view');
  });

  it("answers 'No analytics to compute for provided period' for a timeline before the first transaction", async () => {
    const response = await analytics('periods=2&freq=month&end=2023-06-30');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'empty', message: ANALYTICS_MESSAGES.NO_PERIOD });
  });

  it("answers 'Repository is not found' (404) to a non-member and to an unknown id", async () => {
    const response = await analytics(QUARTER, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Repository is not found');
    const unknown = await owner.call(
      'GET',
      '/api/repositories/00000000-0000-4000-8000-000000000000/analytics',
    );
    expect(unknown.json()).toMatchObject({ message: 'Repository is not found' });
  });

  it("answers a failed compute with 'Analytics calculated with an error' (200) and logs the cause", async () => {
    // A date PostgreSQL accepts but no calendar has: the API never writes one, the engine refuses it.
    const broken = await t.database.db
      .insertInto('transactions')
      .values({ repository_id: repositoryId, type: 'deposit', date: 'infinity' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('transaction_entries')
      .values({
        transaction_id: broken.id,
        position: 0,
        repository_id: repositoryId,
        account_id: ids.brokerage,
        asset_id: ids.usd,
        amount: '1',
      })
      .execute();
    await sql`UPDATE repositories SET data_version = data_version + 1 WHERE id = ${repositoryId}`.execute(
      t.database.db,
    );
    try {
      const response = await analytics(QUARTER);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'error',
        message: ANALYTICS_MESSAGES.FAILED,
        result: null,
      });
      const logged = t.logs.find((line) => line.msg === 'analytics compute failed');
      // The loader's day arithmetic refuses it ('cannot subtract infinite dates'), or the engine would.
      expect(logged).toMatchObject({ repositoryId, cause: expect.stringMatching(/infinit/) });
      // A failure is not cached: the next request tries again.
      expect((await storedRows()).map((row) => row.data_version)).not.toContain(response.json().data_version);
    } finally {
      await t.database.db.deleteFrom('transaction_entries').where('transaction_id', '=', broken.id).execute();
      await t.database.db.deleteFrom('transactions').where('id', '=', broken.id).execute();
      await sql`UPDATE repositories SET data_version = data_version + 1 WHERE id = ${repositoryId}`.execute(
        t.database.db,
      );
    }
    expect((await analytics(QUARTER)).json().status).toBe('done');
  });

  it('refuses bad parameters with 400', async () => {
    expect((await analytics('freq=fortnight')).statusCode).toBe(400);
    expect((await analytics('datasets=everything')).statusCode).toBe(400);
    expect((await analytics('end=2024-02-31')).statusCode).toBe(400);
    expect((await analytics('accounts=[1,2]')).statusCode).toBe(400);
    expect((await analytics('scopes=planet')).statusCode).toBe(400);
    expect((await analytics('irr_scopes=planet')).statusCode).toBe(400);
    expect((await analytics('irr_assets=[1,2]')).statusCode).toBe(400);
  });

  it('solves asset and position IRRs only when asked, and only for the assets named', async () => {
    const query = 'periods=3&freq=month&end=2024-04-30&datasets=irr_moic_view';
    const acmeRow = (result: { irr_moic_view: TRow[] }, kind: string, id: string) =>
      result.irr_moic_view.find((row) => row.scope_kind === kind && row.scope_id === id && row.period === -1);
    const position = `${ids.brokerage}|${ids.acme}`;
    const plain = (await analytics(query)).json().result;
    expect(acmeRow(plain, 'asset', ids.acme)).toMatchObject({ irr: null, irr_reason: 'NOT_REQUESTED' });
    const asked = (await analytics(`${query}&irr_scopes=asset,position&irr_assets=${ids.acme}`)).json()
      .result;
    for (const [kind, id] of [
      ['asset', ids.acme],
      ['position', position],
    ] as const) {
      const row = acmeRow(asked, kind, id);
      expect(row?.irr_reason).toBeNull();
      expect(typeof row?.irr).toBe('number');
      // MOIC is the same whether or not the IRR was solved.
      expect(row?.moic).toBe(acmeRow(plain, kind, id)?.moic);
    }
    // The repository's IRR is not among the kinds asked this time.
    expect(acmeRow(asked, 'repository', 'repository')?.irr_reason).toBe('NOT_REQUESTED');
    const other = (await analytics(`${query}&irr_scopes=asset&irr_assets=${ids.usd}`)).json().result;
    expect(acmeRow(other, 'asset', ids.acme)?.irr_reason).toBe('NOT_REQUESTED');
    expect(acmeRow(other, 'asset', ids.usd)?.irr_reason).not.toBe('NOT_REQUESTED');
  });

  it('returns rows only for the scope kinds asked for, with the same figures', async () => {
    const all = (await analytics(QUARTER)).json().result;
    const some = (await analytics(`${QUARTER}&scopes=repository,account`)).json();
    expect(some.status).toBe('done');
    const kinds = (result: { value_view: TRow[] }) => [
      ...new Set(result.value_view.map((row) => row.scope_kind)),
    ];
    expect(kinds(all)).toEqual(expect.arrayContaining(['repository', 'account', 'asset']));
    expect(kinds(some.result).sort()).toEqual(['account', 'repository']);
    const kept = (result: { value_view: TRow[] }) =>
      result.value_view.filter((row) => row.scope_kind === 'repository' || row.scope_kind === 'account');
    expect(kept(some.result)).toEqual(kept(all));
  });

  it('a ledger pass kept by the worker answers only requests on its data version', async () => {
    // Same timeline as QUARTER, other datasets: each is a new request hash (no stored result), and the worker
    // keeps the pass of the first for the second (pass-memo.ts) — unless a write moved the version between.
    const timeline = 'periods=3&freq=month&end=2024-04-30';
    const first = (await analytics(`${timeline}&datasets=irr_moic_view,tree_view`)).json();
    expect(first).toMatchObject({ status: 'done', cached: false });
    await post('/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2024-04-25',
        entries: [{ account_id: ids.brokerage, asset_id: ids.usd, amount: '50' }],
      },
    ]);
    const second = (await analytics(`${timeline}&datasets=value_view,tree_view`)).json();
    expect(second.data_version).toBeGreaterThan(first.data_version);
    // 2,207.50 before (607.50 cash and 10 ACME at 160), and April's flows 100 + the new 50.
    expect(rowOf(second.result, 'repository', 'repository', '2024-04-30')).toMatchObject({
      value_end: 2257.5,
      net_flows: 150,
    });
  });
});
