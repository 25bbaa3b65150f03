import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from './database.ts';
import { down, up } from './migrations/2026-11-27-0041-bulk-write-checks.ts';
import { createTestDatabase } from './testing/test-database.ts';

// Migration 2026-11-27-0041: the checks on asset_prices and transactions that foreign keys made row by row are
// made once per statement. What a foreign key refused is still refused with its code (23503), nothing of the
// statement written; a price naming another repository's asset is now refused too; deletes clear and cascade
// as ON DELETE SET NULL / CASCADE did.

let handle: TDatabaseHandle;
// biome-ignore lint/suspicious/noExplicitAny: plain SQL on the tables the migration changed
let db: Kysely<any>;
let repositoryA: string;
let repositoryB: string;
let assetA: string;
let assetB: string;

async function addUser(id: string): Promise<void> {
  await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
    VALUES (${id}, ${id}, ${`${id}@example.com`}, true, now(), now())`.execute(db);
}

async function addRepository(name: string, owner: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO repositories (name, owner_id) VALUES (${name}, ${owner}) RETURNING id`.execute(db);
  return rows[0]?.id as string;
}

async function addAsset(repositoryId: string, name: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO assets (repository_id, name, type) VALUES (${repositoryId}, ${name}, 'stock') RETURNING id`.execute(
    db,
  );
  return rows[0]?.id as string;
}

async function pricesOf(
  assetId: string,
): Promise<{ date: string; close: string; created_by: string | null }[]> {
  const { rows } = await sql<{ date: string; close: string; created_by: string | null }>`
    SELECT to_char(date, 'YYYY-MM-DD') AS date, close::text AS close, created_by
    FROM asset_prices WHERE asset_id = ${assetId} ORDER BY date`.execute(db);
  return rows;
}

async function sqlState(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await addUser('owner');
  await addUser('editor');
  repositoryA = await addRepository('A', 'owner');
  repositoryB = await addRepository('B', 'owner');
  assetA = await addAsset(repositoryA, 'ACME');
  assetB = await addAsset(repositoryB, 'BETA');
});
afterAll(async () => {
  await handle.close();
});

describe('asset_prices: the asset and the repository, checked once per statement', () => {
  it('refuses a price naming an asset of another repository, and writes nothing of its statement', async () => {
    const state = await sqlState(
      sql`INSERT INTO asset_prices (repository_id, asset_id, date, close, source) VALUES
        (${repositoryA}, ${assetA}, '2026-01-02', 10.5, 'manual'),
        (${repositoryA}, ${assetB}, '2026-01-02', 20.25, 'manual')`.execute(db),
    );
    expect(state).toBe('23503');
    expect(await pricesOf(assetA)).toEqual([]);
    expect(await pricesOf(assetB)).toEqual([]);
  });

  it('refuses a price of an asset that does not exist', async () => {
    const state = await sqlState(
      sql`INSERT INTO asset_prices (repository_id, asset_id, date, close, source)
        VALUES (${repositoryA}, '00000000-0000-4000-8000-000000000001', '2026-01-02', 1, 'manual')`.execute(
        db,
      ),
    );
    expect(state).toBe('23503');
  });

  it('refuses an update that moves a price to another repository', async () => {
    await sql`INSERT INTO asset_prices (repository_id, asset_id, date, close, source, created_by, updated_by)
      VALUES (${repositoryB}, ${assetB}, '2026-01-05', 20.25, 'manual', 'owner', 'owner')`.execute(db);
    const state = await sqlState(
      sql`UPDATE asset_prices SET repository_id = ${repositoryA} WHERE asset_id = ${assetB}`.execute(db),
    );
    expect(state).toBe('23503');
    expect(await pricesOf(assetB)).toEqual([{ date: '2026-01-05', close: '20.25', created_by: 'owner' }]);
  });

  it('deletes the prices of a deleted asset, and of a deleted repository', async () => {
    const gone = await addAsset(repositoryA, 'GONE');
    await sql`INSERT INTO asset_prices (repository_id, asset_id, date, close, source) VALUES
      (${repositoryA}, ${gone}, '2026-01-02', 3, 'manual'), (${repositoryA}, ${gone}, '2026-01-05', 4, 'manual'),
      (${repositoryA}, ${assetA}, '2026-01-05', 11, 'manual')`.execute(db);
    await sql`DELETE FROM assets WHERE id = ${gone}`.execute(db);
    expect(await pricesOf(gone)).toEqual([]);
    expect(await pricesOf(assetA)).toEqual([{ date: '2026-01-05', close: '11', created_by: null }]);

    const repositoryC = await addRepository('C', 'owner');
    const assetC = await addAsset(repositoryC, 'CORE');
    await sql`INSERT INTO asset_prices (repository_id, asset_id, date, close, source)
      VALUES (${repositoryC}, ${assetC}, '2026-01-02', 7, 'manual')`.execute(db);
    await sql`DELETE FROM repositories WHERE id = ${repositoryC}`.execute(db);
    const { rows } = await sql<{ count: string }>`
      SELECT count(*)::text AS count FROM asset_prices WHERE repository_id = ${repositoryC}`.execute(db);
    expect(rows[0]?.count).toBe('0');
  });
});

describe('created_by and updated_by, checked once per statement', () => {
  it('refuses a price or a transaction naming a user that does not exist', async () => {
    expect(
      await sqlState(
        sql`INSERT INTO asset_prices (repository_id, asset_id, date, close, source, created_by, updated_by)
          VALUES (${repositoryA}, ${assetA}, '2026-02-02', 12, 'manual', 'owner', 'nobody')`.execute(db),
      ),
    ).toBe('23503');
    expect(
      await sqlState(
        sql`INSERT INTO transactions (repository_id, type, date, created_by, updated_by)
          VALUES (${repositoryA}, 'income', '2026-02-02', 'nobody', 'owner')`.execute(db),
      ),
    ).toBe('23503');
    expect(
      await sqlState(
        sql`UPDATE transactions SET updated_by = 'nobody' WHERE repository_id = ${repositoryA}`.execute(db),
      ),
    ).toBe(undefined); // no transaction yet: nothing named
    await sql`INSERT INTO transactions (repository_id, type, date, created_by, updated_by)
      VALUES (${repositoryA}, 'income', '2026-02-03', 'owner', 'owner')`.execute(db);
    expect(
      await sqlState(
        sql`UPDATE transactions SET updated_by = 'nobody' WHERE repository_id = ${repositoryA}`.execute(db),
      ),
    ).toBe('23503');
    expect(await pricesOf(assetA)).toEqual([{ date: '2026-01-05', close: '11', created_by: null }]);
  });

  it('clears a deleted user from the prices and transactions they wrote, and keeps the rows', async () => {
    await sql`INSERT INTO asset_prices (repository_id, asset_id, date, close, source, created_by, updated_by)
      VALUES (${repositoryA}, ${assetA}, '2026-03-02', 13, 'manual', 'editor', 'owner'),
        (${repositoryA}, ${assetA}, '2026-03-03', 14, 'manual', 'owner', 'editor')`.execute(db);
    await sql`INSERT INTO transactions (repository_id, type, date, created_by, updated_by)
      VALUES (${repositoryA}, 'income', '2026-03-02', 'editor', 'editor')`.execute(db);
    await sql`DELETE FROM "user" WHERE id = 'editor'`.execute(db);
    const prices = await sql<{ date: string; created_by: string | null; updated_by: string | null }>`
      SELECT to_char(date, 'YYYY-MM-DD') AS date, created_by, updated_by FROM asset_prices
      WHERE asset_id = ${assetA} AND date >= '2026-03-01' ORDER BY date`.execute(db);
    expect(prices.rows).toEqual([
      { date: '2026-03-02', created_by: null, updated_by: 'owner' },
      { date: '2026-03-03', created_by: 'owner', updated_by: null },
    ]);
    const transactions = await sql<{ created_by: string | null; updated_by: string | null }>`
      SELECT created_by, updated_by FROM transactions WHERE date = '2026-03-02'`.execute(db);
    expect(transactions.rows).toEqual([{ created_by: null, updated_by: null }]);
  });
});

describe('migration 0041 down and up', () => {
  it('gives the foreign keys back, then takes them away again', async () => {
    const keys = async () => {
      const { rows } = await sql<{ name: string }>`
        SELECT conname AS name FROM pg_constraint
        WHERE contype = 'f' AND conrelid IN ('asset_prices'::regclass, 'transactions'::regclass)
        ORDER BY conname`.execute(db);
      return rows.map((row) => row.name);
    };
    await down(db);
    expect(await keys()).toEqual([
      'asset_prices_asset_id_fkey',
      'asset_prices_created_by_fkey',
      'asset_prices_repository_id_fkey',
      'asset_prices_updated_by_fkey',
      'transactions_created_by_fkey',
      'transactions_repository_id_fkey',
      'transactions_updated_by_fkey',
    ]);
    await up(db);
    expect(await keys()).toEqual(['transactions_repository_id_fkey']);
    expect(
      await sqlState(
        sql`INSERT INTO asset_prices (repository_id, asset_id, date, close, source)
          VALUES (${repositoryA}, ${assetB}, '2026-04-01', 1, 'manual')`.execute(db),
      ),
    ).toBe('23503');
  });
});
