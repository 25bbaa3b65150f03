import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@strata/db';
import { acquireDataDirLock } from '@strata/db/data-dir-lock';
import { createPostgresTestDatabaseUrl } from '@strata/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  freePort,
  runAdmin,
  startServerProcess,
  type TServerProcess,
  type TServerSetup,
} from './testing/server-process.ts';

// Issue #27, "Several servers, one database": two API instances (JOBS_WORKER=false,
// ANALYTICS_COMPUTE=workers) and one worker
// (`npm run worker`), each a real child process of the server's entry, on one fresh PostgreSQL database.
// PGlite is one process by design: there the test is that a worker beside it is refused.

const isPostgres = process.env.STRATA_TEST_DB === 'postgres';
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const EMAIL = 'several@example.com';
const PASSWORD = 'several-servers-pass-1';
const METRICS_TOKEN = 'metrics-token-for-the-journey-0123';
const SHARED_ENV = {
  // One secret for every instance: a session cookie signed by one is read by all (docs/deploy.md).
  AUTH_SECRET: 'several-servers-share-this-secret-0123456789',
  METRICS_TOKEN,
  NODE_ENV: 'test',
};

type TMessage = Record<string, unknown> & { type: string };

interface TSocket {
  messages: TMessage[];
  send(message: unknown): void;
  next(match: (message: TMessage) => boolean, timeoutMs?: number): Promise<TMessage>;
  close(): void;
}

function connectSocket(baseUrl: string, cookie: string): Promise<TSocket> {
  // Node's WebSocket (undici) takes headers as a non-standard option.
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws/analytics`, {
    headers: { cookie },
  } as never);
  const messages: TMessage[] = [];
  const waiters: Array<{ match: (message: TMessage) => boolean; resolve: (message: TMessage) => void }> = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as TMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const client: TSocket = {
    messages,
    send: (message) => socket.send(JSON.stringify(message)),
    next(match, timeoutMs = 60_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching message in ${timeoutMs} ms: ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () => resolve(client), { once: true });
    socket.addEventListener('error', () => reject(new Error('refused')), { once: true });
  });
}

/** A request to one instance, as a browser on that instance's origin sends it. */
async function call(
  server: TServerProcess,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: () => unknown; text: string }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      cookie,
      origin: server.baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

async function ok<T>(server: TServerProcess, cookie: string, method: string, path: string, body?: unknown) {
  const response = await call(server, cookie, method, path, body);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
  return response.json() as T;
}

/** Signs the test's user in on `server`; the session cookie. */
async function signInOn(server: TServerProcess): Promise<string> {
  const signIn = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

/** A USD repository made on `server`, initialized, with a checking account; their ids and the dollar's. */
async function repositoryWithChecking(server: TServerProcess, cookie: string, name: string) {
  const repositoryId = (
    await ok<{ id: string }>(server, cookie, 'POST', '/api/repositories', { name, currency: 'USD' })
  ).id;
  await ok(server, cookie, 'POST', `/api/repositories/${repositoryId}/initialize`);
  const tags = await ok<Array<{ id: string; tag_name: string; tag_value: string }>>(
    server,
    cookie,
    'GET',
    `/api/tags?repository_id=${repositoryId}`,
  );
  const tag = (tagName: string, value: string) =>
    tags.find((candidate) => candidate.tag_name === tagName && candidate.tag_value === value)?.id;
  const assets = await ok<{ data: Array<{ id: string; type: string }> }>(
    server,
    cookie,
    'GET',
    `/api/assets?repository_id=${repositoryId}&limit=500`,
  );
  const usd = assets.data.find((asset) => asset.type === 'currency')?.id;
  const checking = (
    await ok<{ id: string }>(server, cookie, 'POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'bank account',
      name: 'Checking',
      currency: 'USD',
      tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
    })
  ).id;
  return { repositoryId, usd, checking };
}

async function metricsOf(server: TServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one series of a Prometheus text exposition (0 when absent). */
function seriesValue(text: string, name: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(name));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const onPostgres = isPostgres ? describe : () => {};
const onPglite = isPostgres ? () => {} : it;

onPglite(
  'a worker beside the embedded database is refused: PGlite is one process',
  async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'strata-worker-pglite-'));
    const lock = await acquireDataDirLock(dataDir, 'node apps/server/src/main.ts');
    try {
      const worker = spawnSync(process.execPath, ['apps/server/src/worker.ts'], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', WORKER_PORT: '0', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(worker.status).toBe(1);
      expect(worker.stderr).toContain(
        `The embedded database is in use by another process: pid ${process.pid}`,
      );
    } finally {
      await lock.release();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
  180_000,
);

onPostgres('two API instances and a worker on one PostgreSQL', () => {
  let dataDir = '';
  let dropDatabase = async () => {};
  let databaseUrl = '';
  let apiA: TServerProcess;
  let apiB: TServerProcess;
  let worker: TServerProcess;
  const servers: TServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'strata-several-'));
    const database = await createPostgresTestDatabaseUrl();
    dropDatabase = database.drop;
    databaseUrl = database.url;
    const setupOn = async (): Promise<TServerSetup> => ({
      dataDir,
      databaseUrl: database.url,
      port: await freePort(),
    });
    const setupA = await setupOn();
    // Migrates the database, then makes the user, as an operator would before the instances start.
    runAdmin(setupA, ['create-user', '--email', EMAIL, '--password', PASSWORD]);
    const api = { ...SHARED_ENV, JOBS_WORKER: 'false', ANALYTICS_COMPUTE: 'workers' };
    [apiA, apiB, worker] = await Promise.all([
      startServerProcess(setupA, { env: api }),
      setupOn().then((setup) => startServerProcess(setup, { env: api })),
      setupOn().then((setup) => startServerProcess(setup, { role: 'worker', env: SHARED_ENV })),
    ]);
    servers.push(apiA, apiB, worker);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await dropDatabase();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('answers the orchestrator on each process; the worker serves nothing else; metrics need the token', async () => {
    for (const server of [apiA, apiB, worker]) {
      expect((await call(server, '', 'GET', '/api/health/live')).json()).toEqual({ status: 'ok' });
      const ready = await call(server, '', 'GET', '/api/health/ready');
      expect({ status: ready.status, body: ready.json() }).toEqual({
        status: 200,
        body: { status: 'ok', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } },
      });
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
      const wrong = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
    }
    const refused = await call(worker, '', 'GET', '/api/repositories');
    expect(refused.status).toBe(404);
    expect(refused.json()).toMatchObject({
      message: 'This is a job worker: it serves health and metrics only',
    });
    const metrics = await metricsOf(apiA);
    expect(metrics).toContain('# TYPE strata_http_request_duration_seconds histogram');
    const poolMax = metrics
      .split('\n')
      .find((line) => /^strata_db_pool_connections\{.*state="max"/.test(line));
    expect(poolMax).toMatch(/ 10$/);
    expect(poolMax).toContain('role="api"');
  });

  it('sign in on A, write on B, computed by the worker, pushed to a socket on A; sign out on B refused on A at once', async () => {
    onTestFailed(() => {
      for (const [name, server] of [
        ['A', apiA],
        ['B', apiB],
        ['worker', worker],
      ] as const)
        console.error(`--- ${name} said:\n${server.output()}`);
    });
    // Sign in on A.
    const cookie = await signInOn(apiA);

    // Write on B with A's session: a repository, a bank account and a deposit of 1,000 USD.
    const { repositoryId, usd, checking } = await repositoryWithChecking(apiB, cookie, 'Several');

    // A socket on A follows the repository.
    const socket = await connectSocket(apiA.baseUrl, cookie);
    socket.send({ action: 'subscribe', repository_id: repositoryId });
    await socket.next((message) => message.type === 'subscribed');

    // A write on B deprecates A's subscriber's results (NOTIFY from B, LISTEN on A).
    await ok(apiB, cookie, 'POST', '/api/transactions', [
      {
        repository_id: repositoryId,
        type: 'deposit',
        date: '2026-01-02',
        entries: [{ account_id: checking, asset_id: usd, amount: '1000' }],
      },
    ]);
    expect(await socket.next((message) => message.type === 'deprecated')).toMatchObject({
      repository_id: repositoryId,
    });

    // Asked on B, computed by the worker (neither API instance computes: ANALYTICS_COMPUTE=workers), and the
    // result pushed to the socket on A.
    const answer = await ok<{
      status: string;
      cached: boolean;
      result: { value_view: Array<Record<string, unknown>> };
    }>(
      apiB,
      cookie,
      'GET',
      `/api/repositories/${repositoryId}/analytics?periods=2&freq=month&end=2026-01-31&datasets=value_view`,
    );
    expect(answer).toMatchObject({ status: 'done', cached: false });
    const january = answer.result.value_view.find(
      (row) => row.scope_kind === 'repository' && row.end === '2026-01-31',
    );
    expect(january).toMatchObject({ value_end: 1000, net_flows: 1000 });
    const pushed = await socket.next((message) => message.type === 'result');
    expect(pushed).toMatchObject({ repository_id: repositoryId, response: answer });
    expect(seriesValue(await metricsOf(worker), 'strata_analytics_compute_seconds_count')).toBe(1);
    expect(seriesValue(await metricsOf(apiA), 'strata_analytics_compute_seconds_count')).toBe(0);
    expect(seriesValue(await metricsOf(apiB), 'strata_analytics_compute_seconds_count')).toBe(0);
    socket.close();

    // A has the session in its 10 s cache (it just served it); a sign-out on B must reach it at once.
    expect((await call(apiA, cookie, 'GET', '/api/repositories')).status).toBe(200);
    const signOut = await call(apiB, cookie, 'POST', '/api/auth/sign-out', {});
    expect(signOut.status).toBe(200);
    // Not a speed check: the bound is the session cache's 10 s, the line between a copy cleared by B's
    // NOTIFY and one that merely expired.
    const signedOutAt = Date.now();
    let status = 0;
    while (Date.now() - signedOutAt < 10_000) {
      status = (await call(apiA, cookie, 'GET', '/api/repositories')).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    expect((await call(apiB, cookie, 'GET', '/api/repositories')).status).toBe(401);
  }, 180_000);

  it('a write of many transactions on B: the worker builds and keeps the tables before any compute asks', async () => {
    const cookie = await signInOn(apiA);
    const { repositoryId, usd, checking } = await repositoryWithChecking(apiB, cookie, 'Imported');
    // 5,001 deposits of 1 USD, one a day from 2010-01-01: more than one of the loader's parts (5,000) on
    // PostgreSQL, so a first compute would read every one of them.
    const start = Date.UTC(2010, 0, 1);
    const deposits = Array.from({ length: 5_001 }, (_, day) => ({
      repository_id: repositoryId,
      type: 'deposit',
      date: new Date(start + day * 86_400_000).toISOString().slice(0, 10),
      entries: [{ account_id: checking, asset_id: usd, amount: '1' }],
    }));
    // In three requests (a body's size limit), as an import commits in parts.
    for (let from = 0; from < deposits.length; from += 1_667) {
      await ok(apiB, cookie, 'POST', '/api/transactions', deposits.slice(from, from + 1_667));
    }
    // B computes nothing: it queued the build, which the worker ran (a second after the write).
    const handle = await createDatabase({
      databaseUrl,
      dataDir,
      logger: { info: () => {}, error: () => {} },
    });
    try {
      const keptOf = () =>
        handle.db
          .selectFrom('analytics_transaction_tables')
          .select('transaction_count')
          .where('repository_id', '=', repositoryId)
          .executeTakeFirst();
      let kept = await keptOf();
      for (let attempt = 0; attempt < 300 && kept?.transaction_count !== 5_001; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        kept = await keptOf();
      }
      expect(kept).toEqual({ transaction_count: 5_001 });
    } finally {
      await handle.close();
    }
    // The first compute, on the worker that built them: no transaction read.
    const socket = await connectSocket(apiA.baseUrl, cookie);
    socket.send({ action: 'subscribe', repository_id: repositoryId });
    await socket.next((message) => message.type === 'subscribed');
    const answer = await ok<{ status: string; result: { value_view: Array<Record<string, unknown>> } }>(
      apiA,
      cookie,
      'GET',
      `/api/repositories/${repositoryId}/analytics?periods=1&freq=month&end=2023-12-31&datasets=value_view`,
    );
    expect(answer.status).toBe('done');
    expect(
      answer.result.value_view.find((row) => row.scope_kind === 'repository' && row.end === '2023-12-31'),
    ).toMatchObject({ value_end: 5_001 });
    const computing = socket.messages.find(
      (message) => message.type === 'progress' && message.stage === 'computing',
    );
    expect(computing).toMatchObject({ transactions: 0 });
    socket.close();
  }, 180_000);
});
