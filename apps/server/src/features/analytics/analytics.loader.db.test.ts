import { packPriceTable, priceCountOf, unpackPriceTable } from '@strata/core/analytics/price-table-pack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createBrokerageAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import {
  loadAnalyticsInput,
  loaderPartsFor,
  type TLoadedRepository,
  type TLoaderParts,
} from './analytics.loader.ts';
import { seriesOf as columnsOf, KEPT_BASE, withChangedSeries } from './analytics-source.ts';

// The loader reads a repository in parts (runs of days, groups of assets) so that PGlite, which runs in the
// API's thread, lets other requests through between them. Read in the smallest parts, a repository must come
// out exactly as read whole: every transaction numbered once and in order, every price series complete.

let t: TIdentityTestApp;
let owner: TTestUser;
let repositoryId: string;

const REQUEST = { periods: 1, freq: 'month', end: '2024-03-31' } as never;

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'loader-parts@example.com');
  repositoryId = await createRepositoryAs(owner, 'Loader parts');
  const { broker, usd } = await createBrokerageAs(owner, repositoryId);
  const stocks = [
    await createStockAs(owner, repositoryId, 'ACME'),
    await createStockAs(owner, repositoryId, 'BOLT'),
    await createStockAs(owner, repositoryId, 'CORE'),
  ];
  const trade = (date: string, stock: string, units: string, cash: string) => ({
    repository_id: repositoryId,
    type: 'buy',
    date,
    entries: [
      { account_id: broker, asset_id: stock, amount: units },
      { account_id: broker, asset_id: usd, amount: cash },
    ],
  });
  // Several transactions on one day (a part cannot split a day), and days with one each.
  const created = await owner.call('POST', '/api/transactions', [
    {
      repository_id: repositoryId,
      type: 'deposit',
      date: '2024-03-01',
      entries: [{ account_id: broker, asset_id: usd, amount: '10000' }],
    },
    trade('2024-03-04', stocks[0] as string, '1', '100'),
    trade('2024-03-04', stocks[1] as string, '2', '200'),
    trade('2024-03-04', stocks[2] as string, '3', '300'),
    trade('2024-03-05', stocks[0] as string, '4', '400'),
    trade('2024-03-07', stocks[1] as string, '5', '500'),
    trade('2024-03-08', stocks[2] as string, '6', '600'),
  ]);
  expect(created.statusCode).toBe(201);
  for (const [index, stock] of stocks.entries()) {
    for (const date of ['2024-03-04', '2024-03-05', '2024-03-06']) {
      const price = await owner.call('POST', '/api/asset_prices', {
        asset_id: stock,
        date,
        close: String(100 + index * 10 + Number(date.slice(-1))),
      });
      expect(price.statusCode).toBe(201);
    }
  }
});
afterAll(async () => {
  await t?.close();
});

/** The repository as loaded (prices in one order), and whether the prices were aggregated (worth keeping). */
async function loadKept(parts: TLoaderParts, pricesVersion = 0) {
  const repository = { id: repositoryId, currency: 'USD', settings: {} };
  const {
    keepPrices,
    keepTransactions: _keepTransactions,
    ...loaded
  } = await loadAnalyticsInput(t.database.db, repository, REQUEST, '2024-03-31', parts, {
    pricesVersion,
    transactionsVersion: 0,
  });
  const prices = [...(loaded.source.prices ?? [])].sort((a, b) =>
    `${a.asset_id}|${a.source}`.localeCompare(`${b.asset_id}|${b.source}`),
  );
  return { loaded: { ...loaded, source: { ...loaded.source, prices } }, keepPrices };
}

/**
 * The price table the worker computes from, as it makes it of the source (analytics.worker.ts): the text
 * parsed, or the kept table unpacked with the changes since.
 */
function tableOf({ source }: Pick<TLoadedRepository, 'source'>) {
  if (source.prices) return source.prices.map(columnsOf);
  const kept = unpackPriceTable(source.packedPrices ?? new Uint8Array());
  const changes = source.priceChanges;
  expect(changes?.base ?? KEPT_BASE).toBe(KEPT_BASE);
  return changes ? withChangedSeries(kept, changes.assetIds, changes.series.map(columnsOf)) : kept;
}

/** Keeps the loaded table as the service does, packed by the worker (analytics-pool.ts). */
async function keep(loaded: TLoadedRepository) {
  const table = tableOf(loaded);
  await loaded.keepPrices?.(packPriceTable(table), priceCountOf(table));
}

async function load(parts: TLoaderParts) {
  return (await loadKept(parts)).loaded;
}

describe('the analytics loader', () => {
  it('reads a repository in parts, one at a time or several at once, exactly as it reads it whole', async () => {
    const whole = await load({
      transactions: 1_000_000,
      assets: 1_000_000,
      isParallel: true,
      reads: 1,
      keepsTables: false,
    });
    expect(whole.transactionCount).toBe(7);
    expect(whole.priceCount).toBe(9);
    // Each transaction is named by its seq, the order it was written in (the seven were written in date order).
    const seqs = (
      await t.database.db
        .selectFrom('transactions')
        .select('seq')
        .where('repository_id', '=', repositoryId)
        .orderBy('seq')
        .execute()
    ).map((row) => Number(row.seq));
    const numbers = (whole.source.transactionsText ?? '')
      .split('\n')
      .map((line) => Number(line.split(',')[0]));
    expect([...new Set(numbers)]).toEqual(seqs);
    for (const parts of [
      { transactions: 1, assets: 1, isParallel: true, reads: 1, keepsTables: false },
      { transactions: 2, assets: 2, isParallel: false, reads: 1, keepsTables: false },
      { transactions: 4, assets: 3, isParallel: true, reads: 1, keepsTables: false },
      { transactions: 1, assets: 1, isParallel: true, reads: 2, keepsTables: false },
      { transactions: 2, assets: 2, isParallel: true, reads: 3, keepsTables: false },
      { transactions: 1, assets: 1, isParallel: true, reads: 8, keepsTables: false },
      loaderPartsFor('pglite'),
      loaderPartsFor('postgres'),
    ]) {
      expect(await load(parts)).toEqual(whole);
    }
  });

  it("reads only the transactions changed since a worker's copy, or all of them when more changed than a part holds", async () => {
    const repository = { id: repositoryId, currency: 'USD', settings: {} };
    const whole = await load(loaderPartsFor('postgres'));
    const { transactions_version: now } = await t.database.db
      .selectFrom('repositories')
      .select('transactions_version')
      .where('id', '=', repositoryId)
      .executeTakeFirstOrThrow();
    const since = async (version: number, partSize: number) =>
      (
        await loadAnalyticsInput(
          t.database.db,
          repository,
          REQUEST,
          '2024-03-31',
          { ...loaderPartsFor('postgres'), transactions: partSize },
          {
            pricesVersion: 0,
            transactionsVersion: 0,
            withPrices: false,
            withTransactions: false,
            transactionChangesSince: { version, base: 'copy' },
          },
        )
      ).source;
    // Nothing changed since the current version: nothing read.
    expect(await since(Number(now), 10)).toMatchObject({
      transactionsText: null,
      transactionChanges: { base: 'copy', seqs: [], text: '', count: 0 },
    });
    // Since before the seven were written: the seven, the lines exactly as the whole read has them.
    const all = await since(0, 10);
    expect(all.transactionsText).toBeNull();
    expect(all.transactionChanges?.seqs).toHaveLength(7);
    expect(all.transactionChanges).toMatchObject({ count: 7, text: whole.source.transactionsText });
    // More than a part's worth changed: every transaction read instead.
    const many = await since(0, 3);
    expect(many.transactionChanges).toBeUndefined();
    expect(many.transactionsText).toBe(whole.source.transactionsText);
  });

  it('reads an empty repository as nothing', async () => {
    const empty = await createRepositoryAs(owner, 'Empty loader');
    const repository = { id: empty, currency: 'USD', settings: {} };
    const loaded = await loadAnalyticsInput(
      t.database.db,
      repository,
      REQUEST,
      '2024-03-31',
      { transactions: 1, assets: 1, isParallel: false, reads: 1, keepsTables: true },
      { pricesVersion: 0, transactionsVersion: 0 },
    );
    expect(loaded.transactionCount).toBe(0);
    expect(loaded.source.transactionsText).toBe('');
    expect(loaded.priceCount).toBe(0);
  });

  it('patches an older kept price table with the assets whose prices changed since, and keeps it', async () => {
    const patched = await createRepositoryAs(owner, 'Loader patch');
    const [xray, yoke, zeta] = [
      await createStockAs(owner, patched, 'XRAY'),
      await createStockAs(owner, patched, 'YOKE'),
      await createStockAs(owner, patched, 'ZETA'),
    ];
    const price = async (asset_id: string, date: string, close: string) => {
      const response = await owner.call('POST', '/api/asset_prices', { asset_id, date, close });
      expect(response.statusCode).toBe(201);
      return response.json() as { id: string; version: number };
    };
    const first = await price(xray as string, '2024-03-04', '10');
    await price(xray as string, '2024-03-05', '11');
    await price(yoke as string, '2024-03-04', '20');
    const lonely = await price(zeta as string, '2024-03-04', '30');
    const versionNow = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('repositories')
            .select('prices_version')
            .where('id', '=', patched)
            .executeTakeFirstOrThrow()
        ).prices_version,
      );
    const parts = { transactions: 2, assets: 1, isParallel: true, reads: 2, keepsTables: true };
    const read = (pricesVersion: number) =>
      loadAnalyticsInput(
        t.database.db,
        { id: patched, currency: 'USD', settings: {} },
        REQUEST,
        '2024-03-31',
        parts,
        { pricesVersion, transactionsVersion: 0 },
      );
    const seriesOf = (loaded: Awaited<ReturnType<typeof read>>, assetId: string) =>
      tableOf(loaded)
        .filter((row) => row.asset_id === assetId)
        .map(({ days, closes }) => ({ days: [...days], closes: [...closes] }));

    await keep(await read(await versionNow()));
    // XRAY: one close changed, one day added; ZETA: its only price deleted; YOKE untouched.
    expect(
      (await owner.call('PUT', `/api/asset_prices/${first.id}`, { close: '9.5', version: first.version }))
        .statusCode,
    ).toBe(200);
    await price(xray as string, '2024-03-06', '12');
    expect((await owner.call('DELETE', `/api/asset_prices/${lonely.id}`)).statusCode).toBe(200);

    const after = await read(await versionNow());
    // The kept table, packed, with only the changed assets read as text: XRAY's three prices, ZETA's none.
    expect(after.source.prices).toBeNull();
    expect(after.source.priceChanges?.series.map((row) => row.asset_id)).toEqual([xray]);
    // 2024-03-04 is epoch day 19786.
    expect(seriesOf(after, xray as string)).toEqual([{ days: [19786, 19787, 19788], closes: [9.5, 11, 12] }]);
    expect(seriesOf(after, yoke as string)).toEqual([{ days: [19786], closes: [20] }]);
    expect(seriesOf(after, zeta as string)).toEqual([]);
    // Read: the kept table's 4 prices and XRAY's 3.
    expect(after.priceCount).toBe(7);
    // Patched, it is kept at the new version: read again, it is that table, nothing more to keep.
    expect(after.keepPrices).not.toBeNull();
    await keep(after);
    const again = await read(await versionNow());
    expect(again.keepPrices).toBeNull();
    expect(again.source.priceChanges).toBeUndefined();
    expect(tableOf(again)).toEqual(tableOf(after));
    expect(again.priceCount).toBe(4);
  });

  it('reads a kept price table back exactly as it was aggregated, and only at its prices version', async () => {
    const parts = { transactions: 3, assets: 2, isParallel: true, reads: 2, keepsTables: true };
    const aggregated = await loadKept(parts, 7);
    expect(aggregated.loaded.priceCount).toBe(9);
    expect(aggregated.keepPrices).not.toBeNull();
    await keep({ ...aggregated.loaded, keepPrices: aggregated.keepPrices, keepTransactions: null });
    const kept = await loadKept(parts, 7);
    // Read from the kept table, packed (nothing to keep again): the same series, the rest as read before.
    expect(kept.keepPrices).toBeNull();
    expect(kept.loaded.source.prices).toEqual([]);
    expect(kept.loaded.source.packedPrices).toBeInstanceOf(Uint8Array);
    const { packedPrices: _packed, ...keptSource } = kept.loaded.source;
    expect({ ...kept.loaded, source: { ...keptSource, prices: aggregated.loaded.source.prices } }).toEqual(
      aggregated.loaded,
    );
    expect(tableOf({ ...kept.loaded, source: { ...kept.loaded.source, prices: null } })).toEqual(
      tableOf(aggregated.loaded),
    );
    // Another prices version aggregates again; an older one never replaces the newer kept table.
    const newer = await loadKept(parts, 8);
    expect(newer.keepPrices).not.toBeNull();
    const older = await loadKept(parts, 6);
    await keep({ ...older.loaded, keepPrices: older.keepPrices, keepTransactions: null });
    expect((await loadKept(parts, 7)).keepPrices).toBeNull();
  });
});
