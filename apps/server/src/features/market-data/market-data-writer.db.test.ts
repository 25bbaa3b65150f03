import { randomUUID } from 'node:crypto';
import type { TDatabaseHandle } from '@strata/db/database';
import { createTestDatabase } from '@strata/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeriesWriter, type TSeriesToWrite } from './market-data-writer.ts';

// The sync's writer: whole series gathered into batches, several batches written at once, each in one
// transaction that bumps the repository's data version once.

let database: TDatabaseHandle;
let repositoryId: string;
const assetIds: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const userId = randomUUID();
  await db
    .insertInto('user')
    .values({
      id: userId,
      name: 'Writer',
      email: `${userId}@example.com`,
      emailVerified: true,
      image: null,
      twoFactorEnabled: false,
    })
    .execute();
  repositoryId = (
    await db
      .insertInto('repositories')
      .values({ name: 'Writer', owner_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (let index = 0; index < 7; index += 1) {
    const asset = await db
      .insertInto('assets')
      .values({
        repository_id: repositoryId,
        name: `S${index}`,
        ticker: `S${index}`,
        type: 'stock',
        currency: 'USD',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    assetIds.push(asset.id);
  }
}, 120_000);
afterAll(async () => {
  await database?.close();
});

/** Two days of one asset: closes 10 and 11 (adjusted 9 and 10), four rows under both sources. */
const twoDays = (assetId: string, date = '2024-01-03'): TSeriesToWrite => ({
  assetId,
  series: {
    currency: 'USD',
    prices: [
      { date: '2024-01-02', close: '10', adjusted_close: '9' },
      { date, close: '11', adjusted_close: '10' },
    ],
  },
});

async function dataVersion(): Promise<number> {
  const row = await database.db
    .selectFrom('repositories')
    .select('data_version')
    .where('id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return Number(row.data_version);
}

async function rowsOf(assetId: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom('asset_prices')
    .select(['date', 'close', 'adjusted_close', 'source'])
    .where('asset_id', '=', assetId)
    .orderBy('date')
    .orderBy('source')
    .execute();
  return rows.map((row) => `${row.date} ${row.source} ${row.close} ${row.adjusted_close}`);
}

describe('series writer', () => {
  it('writes five series from five concurrent callers in batches of whole series, one data version each', async () => {
    const before = await dataVersion();
    const batches: number[][] = [];
    // 8 rows a batch: two series.
    const writer = createSeriesWriter(
      database.db,
      repositoryId,
      (batch, written) => {
        batches.push([batch.length, written]);
      },
      8,
    );
    await Promise.all(assetIds.slice(0, 5).map((assetId) => writer.add(twoDays(assetId))));
    await writer.flush();
    expect(batches.sort()).toEqual([
      [1, 4],
      [2, 8],
      [2, 8],
    ]);
    expect(await dataVersion()).toBe(before + 3);
    for (const assetId of assetIds.slice(0, 5))
      expect(await rowsOf(assetId)).toEqual([
        '2024-01-02 security master 10 9',
        '2024-01-02 security master adjusted 9 9',
        '2024-01-03 security master 11 10',
        '2024-01-03 security master adjusted 10 10',
      ]);

    // Nothing changed: nothing written, the data version left alone.
    const again = createSeriesWriter(database.db, repositoryId, () => {}, 8);
    await Promise.all(assetIds.slice(0, 5).map((assetId) => again.add(twoDays(assetId))));
    await again.flush();
    expect(await dataVersion()).toBe(before + 3);
  });

  it('writes nothing of a batch the database refuses, and says so to its caller', async () => {
    const writer = createSeriesWriter(database.db, repositoryId, () => {}, 8);
    const [good, bad] = assetIds.slice(5);
    await writer.add(twoDays(good as string));
    await expect(writer.add(twoDays(bad as string, '2024-02-30'))).rejects.toThrow(/date/);
    expect(await rowsOf(good as string)).toEqual([]);
    expect(await rowsOf(bad as string)).toEqual([]);
  });
});
