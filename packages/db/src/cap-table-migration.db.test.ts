import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from './database.ts';
import { down, up } from './migrations/2026-11-27-0032-cap-table.ts';
import { createTestDatabase } from './testing/test-database.ts';

// Migration 2026-11-27-0032: the connector kinds end as the whole list ('kraken' comes from the crypto
// exchange's migration, which writes the same list), and stepping back removes only cap_table.

let handle: TDatabaseHandle;
// biome-ignore lint/suspicious/noExplicitAny: the migration sees the schema of its own time
let db: Kysely<any>;

const kinds = async () => {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'connectors_kind_check'`.execute(
    db,
  );
  return [...(rows[0]?.definition ?? '').matchAll(/'([a-z_]+)'/g)].map((match) => match[1]);
};

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
});

describe("migration 0032: the 'cap_table' connector kind", () => {
  it('allows exactly the eight kinds, and down takes cap_table back out', async () => {
    expect(await kinds()).toEqual([
      'manual',
      'file',
      'plaid',
      'simplefin',
      'gocardless',
      'arch',
      'kraken',
      'cap_table',
    ]);
    await down(db);
    expect(await kinds()).toEqual(['manual', 'file', 'plaid', 'simplefin', 'gocardless', 'arch', 'kraken']);
    await up(db);
    expect(await kinds()).toEqual([
      'manual',
      'file',
      'plaid',
      'simplefin',
      'gocardless',
      'arch',
      'kraken',
      'cap_table',
    ]);
  });
});
