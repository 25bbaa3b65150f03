import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '@strata/db/schema';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../build-app.ts';
import { loadConfig } from '../plugins/config.ts';

// Issue #17.2: an operator command against the DATA_DIR of a running server printed success, and its writes
// were lost. Now the embedded database admits one process: the command fails, naming the server.
const adminScript = fileURLToPath(new URL('../admin.ts', import.meta.url));
const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'strata-admin-lock-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function startServerApp(): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' });
  return buildApp({ config, logger: false });
}

function admin(...args: string[]) {
  return run(adminScript, ...args);
}

function run(script: string, ...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

const createUser = ['create-user', '--email', 'ops@example.com', '--password', 'operator-pass-1'];

it('refuses an admin command while the server holds the embedded database, and runs it once the server stops', async () => {
  const server = await startServerApp();
  const refused = admin(...createUser);
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain(
    `Error: The embedded database is in use by another process: pid ${process.pid} (`,
  );
  expect(refused.stdout).toBe('');
  // A second server on the same DATA_DIR: one line saying why, no stack, exit 1.
  const secondServer = run(mainScript);
  expect(secondServer.status).toBe(1);
  const lines = secondServer.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`The embedded database is in use by another process: pid ${process.pid} (`);
  await server.close();

  const done = admin(...createUser);
  expect(done.stderr).toBe('');
  expect(done.status).toBe(0);
  expect(done.stdout).toContain('Created user ops@example.com');

  const restarted = await startServerApp();
  try {
    const db = (restarted as unknown as { db: Kysely<Database & { user: { email: string } }> }).db;
    const users = await db.selectFrom('user').select('email').execute();
    expect(users).toEqual([{ email: 'ops@example.com' }]);
  } finally {
    await restarted.close();
  }
}, 180_000); // three openings of an on-disk database, each migrating: slow on a busy machine, not a timing check
