import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { TDatabaseHandle } from '@strata/db/database';
import { createTestDatabase } from '@strata/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../build-app.ts';
import { loadConfig } from '../plugins/config.ts';
import { loggerOptions } from '../plugins/logger.ts';

export interface TTestApp {
  app: FastifyInstance;
  database: TDatabaseHandle;
  /** Parsed pino lines written so far. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * An app on a fresh test database with logs captured in memory. `prepare` may register test-only routes
 * before the app is made ready.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; prepare?: (app: FastifyInstance) => Promise<void> | void } = {},
): Promise<TTestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'strata-server-test-'));
  const database = await createTestDatabase();
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      callback();
    },
  });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test', ...options.env });
  // The app's own logger options (its redactions), written here.
  const app = await buildApp({ config, db: database, logger: { ...loggerOptions(config), stream } });
  await options.prepare?.(app);
  await app.ready();
  return {
    app,
    database,
    logs,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
