import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPgliteDatabase, createPostgresDatabase, type TDatabaseHandle } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';

const silentLogger = { info: () => {}, error: () => {} };

/**
 * A fresh, migrated database for one test file (call in beforeAll, close in afterAll).
 * STRATA_TEST_DB=postgres: a new `strata_test_<random>` database on TEST_DATABASE_URL's server, dropped
 * on close. Otherwise: an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<TDatabaseHandle> {
  const handle =
    process.env.STRATA_TEST_DB === 'postgres'
      ? await createPostgresTestDatabase()
      : await createPgliteDatabase();
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function createPostgresTestDatabase(): Promise<TDatabaseHandle> {
  const database = await createPostgresTestDatabaseUrl();
  const handle = createPostgresDatabase({ databaseUrl: database.url, logger: silentLogger });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * A new, empty `strata_test_<random>` database on TEST_DATABASE_URL's server, by URL: for a test that
 * starts the server as a child process (which connects and migrates by itself). `drop()` removes it.
 */
export async function createPostgresTestDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('STRATA_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `strata_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
