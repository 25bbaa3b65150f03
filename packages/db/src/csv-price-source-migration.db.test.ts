import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from './database.ts';
import { down, up } from './migrations/2026-11-27-0030-csv-prices-security-events.ts';
import { createTestDatabase } from './testing/test-database.ts';

// Migration 2026-11-27-0030 on repositories that existed before it: 'csv' joins each stored precedence just
// after 'manual' (last when 'manual' is not listed), once.

let handle: TDatabaseHandle;
// biome-ignore lint/suspicious/noExplicitAny: the migration sees the schema of its own time
let db: Kysely<any>;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
});

describe("migration 0030: the 'csv' price source", () => {
  it('ranks csv after manual in every stored precedence', async () => {
    await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      VALUES ('u-csv', 'CSV', 'csv-migration@example.com', true, now(), now())`.execute(db);
    const repository = async (precedence: string[]) => {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO repositories (name, owner_id, settings)
        VALUES (${precedence.join('>') || 'none'}, 'u-csv', ${JSON.stringify({ readonly: false, price_source_precedence: precedence })}::jsonb)
        RETURNING id`.execute(db);
      return rows[0]?.id as string;
    };
    // The database is already at the latest migration: step back over 0030 first.
    await down(db);
    const ids = [
      await repository(['override', 'manual', 'connector', 'security master adjusted', 'security master']),
      await repository(['security master', 'manual']),
      await repository(['connector']),
      await repository([]),
    ];
    await up(db);
    const { rows } = await sql<{ id: string; precedence: string[] }>`
      SELECT id, settings->'price_source_precedence' AS precedence FROM repositories WHERE owner_id = 'u-csv'`.execute(
      db,
    );
    const byId = new Map(rows.map((row) => [row.id, row.precedence]));
    expect(ids.map((id) => byId.get(id))).toEqual([
      ['override', 'manual', 'csv', 'connector', 'security master adjusted', 'security master'],
      ['security master', 'manual', 'csv'],
      ['connector', 'csv'],
      ['csv'],
    ]);
  });
});
