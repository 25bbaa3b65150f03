import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from './database.ts';
import { down, up } from './migrations/2026-11-27-0031-kraken.ts';
import { createTestDatabase } from './testing/test-database.ts';

// Migration 2026-11-27-0031: the connector kinds end as the list agreed with the cap-table connector's
// migration, whichever of the two runs last.

let handle: TDatabaseHandle;
// biome-ignore lint/suspicious/noExplicitAny: the migration sees the schema of its own time
let db: Kysely<any>;

async function kinds(): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'connectors_kind_check'`.execute(
    db,
  );
  return [...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((match) => match[1] as string).sort();
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
});

describe("migration 0031: the 'kraken' connector kind", () => {
  it('leaves exactly the agreed kinds; down takes kraken out only', async () => {
    const agreed = ['arch', 'cap_table', 'file', 'gocardless', 'kraken', 'manual', 'plaid', 'simplefin'];
    expect(await kinds()).toEqual(agreed);
    await down(db);
    expect(await kinds()).toEqual(agreed.filter((kind) => kind !== 'kraken'));
    await up(db);
    expect(await kinds()).toEqual(agreed);
  });
});
