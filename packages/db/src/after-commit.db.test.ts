import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from './after-commit.ts';
import type { TDatabaseHandle } from './database.ts';
import { createTestDatabase } from './testing/test-database.ts';

let handle: TDatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await sql`create table after_commit_probe (n int)`.execute(handle.db);
});
afterAll(async () => {
  await handle.close();
});

/** The probe's rows as another statement outside the transaction sees them. */
async function committedRows(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from after_commit_probe`.execute(
    handle.db,
  );
  return rows[0]?.n ?? -1;
}

describe('afterCommit', () => {
  it('runs once the transaction has committed, once per key (the last one), never on a rollback', async () => {
    const heard: string[] = [];
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into after_commit_probe values (1)`.execute(trx);
      await afterCommit(trx, 'a', () => heard.push('a first'));
      await afterCommit(trx, 'b', () => heard.push('b'));
      await afterCommit(trx, 'a', () => heard.push('a second'));
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['b', 'a second']);
    expect(await committedRows()).toBe(1);

    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into after_commit_probe values (2)`.execute(trx);
        await afterCommit(trx, 'c', () => heard.push('c'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(heard).toEqual(['b', 'a second']);
    expect(await committedRows()).toBe(1);

    // The next transaction on the same connection starts with nothing pending.
    await handle.db.transaction().execute(async (trx) => {
      await afterCommit(trx, 'd', () => heard.push('d'));
    });
    expect(heard).toEqual(['b', 'a second', 'd']);
  });

  it('runs at once outside a transaction', async () => {
    const heard: string[] = [];
    await afterCommit(handle.db, 'x', () => heard.push('x'));
    expect(heard).toEqual(['x']);
  });
});
