import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../build-app.ts';
import {
  createIdentityTestApp,
  TEST_PUBLIC_URL,
  type TIdentityTestApp,
} from '../features/auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../features/repositories/testing/repository-test-kit.ts';
import { loadConfig } from './config.ts';

// Two server instances on one database (as behind a load balancer): what one drops from its caches, the
// other drops too, well within the session cache's 10 s (plugins/caches.ts, LISTEN/NOTIFY).

let a: TIdentityTestApp;
let b: FastifyInstance;
let owner: TTestUser;

beforeAll(async () => {
  a = await createIdentityTestApp();
  const config = loadConfig({
    DATA_DIR: a.dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  });
  b = await buildApp({ config, db: a.database, logger: false });
  await b.ready();
  owner = await createTestUser(a, 'two-instances@example.com');
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The same browser's request, sent to instance B. */
function onB(method: 'GET' | 'DELETE', url: string) {
  return b.inject({
    method,
    url,
    headers: { origin: TEST_PUBLIC_URL, cookie: owner.browser.cookieHeader() },
  });
}

/** Polls `check` until it holds; fails after `withinMs` (far below the 10 s the caches would keep a copy). */
async function eventually(check: () => Promise<boolean> | boolean, withinMs = 2000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two app instances on one database', () => {
  it("drop a repository's analytics on every instance when one clears it", async () => {
    const repositoryId = await createRepositoryAs(owner, 'Two instances');
    a.app.caches.analyticsResults.set(repositoryId, 'hash', 1, '{"currency":"USD"}');
    b.caches.analyticsResults.set(repositoryId, 'hash', 1, '{"currency":"USD"}');
    b.caches.analyticsResults.set('another-repository', 'hash', 1, '{"currency":"EUR"}');

    const cleared = await owner.call('DELETE', `/api/cache/analytics/${repositoryId}`);
    expect(cleared.statusCode).toBe(200);
    expect(a.app.caches.analyticsResults.get(repositoryId, 'hash', 1)).toBeUndefined();
    await eventually(() => b.caches.analyticsResults.get(repositoryId, 'hash', 1) === undefined);
    expect(b.caches.analyticsResults.get('another-repository', 'hash', 1)).toBe('{"currency":"EUR"}');
  });

  it('refuse a session signed out on the other instance at once, not after the 10 s cache', async () => {
    // B resolves the session and keeps it.
    expect((await onB('GET', '/api/repositories')).statusCode).toBe(200);
    expect(b.caches.sessions.size).toBeGreaterThan(0);
    const cookie = owner.browser.cookieHeader();

    const signedOut = await owner.browser.post('/api/auth/sign-out');
    expect(signedOut.statusCode).toBe(200);
    const onBWithOldCookie = () =>
      b.inject({ method: 'GET', url: '/api/repositories', headers: { origin: TEST_PUBLIC_URL, cookie } });
    await eventually(async () => (await onBWithOldCookie()).statusCode === 401);
  });
});
