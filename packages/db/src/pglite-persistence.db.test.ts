import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

// The embedded database is the default deployment: its data must outlive the process.
let dataDir: string;
const quietLogger = { info: () => {}, error: () => {} };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'strata-pglite-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('keeps PGlite data in DATA_DIR/pglite across a close and reopen', async () => {
  const first = await createDatabase({ dataDir, logger: quietLogger });
  expect(first.dialect).toBe('pglite');
  await migrateToLatest(first.db);
  await first.db
    .insertInto('app_meta')
    .values({ key: 'persistence_probe', value: JSON.stringify({ amount: '12345678901234.123456789' }) })
    .execute();
  await first.close();

  expect(await readdir(join(dataDir, 'pglite'))).toContain('PG_VERSION');

  const second = await createDatabase({ dataDir, logger: quietLogger });
  try {
    await migrateToLatest(second.db);
    const row = await second.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'persistence_probe')
      .executeTakeFirst();
    expect(row?.value).toEqual({ amount: '12345678901234.123456789' });
  } finally {
    await second.close();
  }
});
