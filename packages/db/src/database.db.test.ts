import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from './database.ts';
import { currentSchemaVersion, MigrationError, migrateToLatest, migrations } from './migrate.ts';
import { createTestDatabase } from './testing/test-database.ts';

let handle: TDatabaseHandle;
// biome-ignore lint/suspicious/noExplicitAny: probes tables outside the Database interface
let db: Kysely<any>;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});

afterAll(async () => {
  await handle.close();
});

describe('test database', () => {
  it('uses the dialect the tier asks for', () => {
    expect(handle.dialect).toBe(process.env.STRATA_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  });

  // PGlite has neither prepared statements from this client nor JIT, so the test exists on PostgreSQL only.
  const onPostgres = process.env.STRATA_TEST_DB === 'postgres' ? it : () => {};
  onPostgres('plans prepared reads once and never compiles them with JIT', async () => {
    const { rows } = await sql<{ mode: string; jit: string }>`
      select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit`.execute(db);
    expect(rows[0]).toEqual({ mode: 'force_generic_plan', jit: 'off' });
  });
});

describe('migrations', () => {
  it('applies every migration, newest last', async () => {
    expect(await currentSchemaVersion(db)).toBe(Object.keys(migrations).at(-1));
  });

  it('is a no-op when run again', async () => {
    await migrateToLatest(db);
    expect(await currentSchemaVersion(db)).toBe(Object.keys(migrations).at(-1));
  });

  it('seeds an instance id in app_meta', async () => {
    const row = await handle.db
      .selectFrom('app_meta')
      .select(['value', 'updated_at'])
      .where('key', '=', 'instance_id')
      .executeTakeFirstOrThrow();
    expect(row.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(row.updated_at).toBeInstanceOf(Date);
  });

  it('names the failing migration', async () => {
    const failing = {
      ...migrations,
      '2999-01-01-0001-broken': {
        // biome-ignore lint/suspicious/noExplicitAny: probes tables outside the Database interface
        up: async (inner: Kysely<any>) => {
          await sql`select * from table_that_does_not_exist`.execute(inner);
        },
      },
    };
    const attempt = migrateToLatest(db, failing);
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toThrow(
      /^Migration 2999-01-01-0001-broken failed: .*table_that_does_not_exist/,
    );
    // The failed migration ran in a transaction and left nothing behind.
    expect(await currentSchemaVersion(db)).toBe(Object.keys(migrations).at(-1));
  });
});

describe('column types', () => {
  beforeAll(async () => {
    await sql`create table type_probe (id int primary key, amount numeric, day date, at timestamptz, big int8, doc jsonb)`.execute(
      db,
    );
  });

  it('round-trips numeric exactly as a string', async () => {
    const values = ['12345678901234.123456789', '-0.000000000000000001', '0', '99999999999999999999999999.5'];
    for (const [index, amount] of values.entries()) {
      await db.insertInto('type_probe').values({ id: index, amount }).execute();
    }
    const rows = await db.selectFrom('type_probe').select(['id', 'amount']).orderBy('id').execute();
    expect(rows.map((row) => row.amount)).toEqual(values);
  });

  it('returns dates as YYYY-MM-DD strings, with no time-zone shift', async () => {
    await db.insertInto('type_probe').values({ id: 100, day: '2024-02-29' }).execute();
    await db.insertInto('type_probe').values({ id: 101, day: '1970-01-01' }).execute();
    const rows = await db
      .selectFrom('type_probe')
      .select('day')
      .where('id', 'in', [100, 101])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.day)).toEqual(['2024-02-29', '1970-01-01']);
    const { rows: computed } = await sql<{ day: unknown }>`select date '2024-12-31' + 1 as day`.execute(db);
    expect(computed[0]?.day).toBe('2025-01-01');
  });

  it('returns timestamptz as a Date at the stored instant', async () => {
    await db.insertInto('type_probe').values({ id: 200, at: '2026-03-29T01:30:00.123Z' }).execute();
    const row = await db
      .selectFrom('type_probe')
      .select('at')
      .where('id', '=', 200)
      .executeTakeFirstOrThrow();
    expect(row.at).toEqual(new Date('2026-03-29T01:30:00.123Z'));
  });

  it('returns int8 (counts) as a number on both databases, refusing unsafe ones', async () => {
    const { rows } = await sql<{ total: unknown }>`select count(*) as total from type_probe`.execute(db);
    expect(typeof rows[0]?.total).toBe('number');
    await db.insertInto('type_probe').values({ id: 300, big: '9007199254740993' }).execute();
    await expect(db.selectFrom('type_probe').select('big').where('id', '=', 300).execute()).rejects.toThrow(
      /does not fit a JavaScript number/,
    );
  });

  it('stores JSON strings into jsonb and reads them parsed, arrays included', async () => {
    await db
      .insertInto('type_probe')
      .values({ id: 400, doc: JSON.stringify([{ amount: '1.10' }, 'x']) })
      .execute();
    const row = await db
      .selectFrom('type_probe')
      .select('doc')
      .where('id', '=', 400)
      .executeTakeFirstOrThrow();
    expect(row.doc).toEqual([{ amount: '1.10' }, 'x']);
  });
});
