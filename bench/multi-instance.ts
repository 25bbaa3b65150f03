// Issue 27's scaled-deployment budgets on one PostgreSQL: the transactions list (p99 < 50 ms) and analytics
// through the API (cold < 1.5 s, cached < 50 ms) held under 40 concurrent clients, with two API instances and a
// worker — compared in the same run with the single instance `npm start` runs, on the same database and data.
//
//   TEST_DATABASE_URL=postgres://… node bench/multi-instance.ts [--transactions 100000] [--assets 1000]
//                                   [--years 10] [--connections 40] [--seconds 20] [--repeats 10]
//
// Each server is a real child process of the server's entry (apps/server/src/main.ts, worker.ts), as in
// apps/server/src/multi-instance.db.test.ts. Two repositories: the list bench's (template rows imported through
// the API) and the analytics bench's generated one (written straight into the tables). For each topology:
//   - idle: analytics cold (after a write), with only the results cleared, and cached, no other load;
//   - loaded: `connections` clients on the list for `seconds` (split evenly over the API instances), and
//     after 3 s of it the analytics cold request (on the last API instance) and `repeats` cached ones (on the
//     first: in the scaled topology its answer comes from the shared results table, computed by the worker).
// The machine's load average is printed with the figures: a ratio means something only within one run.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  freePort,
  runAdmin,
  startServerProcess,
  type TServerProcess,
  type TServerSetup,
} from '../apps/server/src/testing/server-process.ts';
import type { RunningApp } from '../e2e/support/app-server.ts';
import { apiAs, signInUser, type TE2eUser } from '../e2e/support/users.ts';
import { generateRepository } from '../packages/core/src/testing/generate-repository.ts';
import { createDatabase } from '../packages/db/src/index.ts';
import { writeGeneratedRepository } from './analytics/write-generated.ts';
import { percentile } from './percentile.ts';
import { createListRepository } from './transactions/list-repository.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    assets: { type: 'string', default: '1000' },
    years: { type: 'string', default: '10' },
    connections: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '20' },
    repeats: { type: 'string', default: '10' },
  },
});
const COUNT = Number(values.transactions);
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const REPEATS = Number(values.repeats);
const EMAIL = 'bench-several@example.com';
const PASSWORD = 'bench-several-servers-1';
// One secret for every instance and both topologies: a session made on one is read by all.
const SHARED_ENV = { AUTH_SECRET: 'bench-several-servers-share-this-secret-0123', NODE_ENV: 'production' };
const SCALED_API_ENV = { ...SHARED_ENV, JOBS_WORKER: 'false', ANALYTICS_COMPUTE: 'workers' };

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.log(
    '(TEST_DATABASE_URL is not set: this benchmark needs PostgreSQL — several processes, one database)',
  );
  process.exit(0);
}

interface TAnalyticsTiming {
  /** After a write (a new data version): nothing computed before can answer. */
  coldMs: number;
  /** The results cleared on the same data: the worker may still hold the booked pass (docs/benchmarks.md). */
  clearedMs: number;
  cachedP50: number;
  cachedMax: number;
}

interface TPhase {
  topology: string;
  condition: 'idle' | 'loaded';
  analytics: TAnalyticsTiming;
  lists: autocannon.Result[];
  load: string;
}

const cookieOf = (user: TE2eUser) => user.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function timedGet(server: TServerProcess, user: TE2eUser, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { cookie: cookieOf(user) } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { status?: string; message?: string };
  if (body.status !== undefined && body.status !== 'done')
    throw new Error(`${path}: ${body.status} ${body.message}`);
  return performance.now() - started;
}

/**
 * On `computeOn`: cold after a write, then with the results cleared on the same data; then cached on `cachedOn`.
 * The write is the repository's data version moved on, as every write does, without changing its figures.
 */
async function analytics(
  computeOn: TServerProcess,
  cachedOn: TServerProcess,
  user: TE2eUser,
  repositoryId: string,
  path: string,
): Promise<TAnalyticsTiming> {
  const app: RunningApp = { baseUrl: computeOn.baseUrl, dataDir: '', stop: async () => {} };
  await benchDatabase.query('UPDATE repositories SET data_version = data_version + 1 WHERE id = $1', [
    repositoryId,
  ]);
  await apiAs(app, user, 'DELETE', `/cache/analytics/${repositoryId}`);
  const coldMs = await timedGet(computeOn, user, path);
  await apiAs(app, user, 'DELETE', `/cache/analytics/${repositoryId}`);
  const clearedMs = await timedGet(computeOn, user, path);
  const cached: number[] = [];
  for (let index = 0; index < REPEATS; index += 1) cached.push(await timedGet(cachedOn, user, path));
  return { coldMs, clearedMs, cachedP50: percentile(cached, 50), cachedMax: Math.max(...cached) };
}

async function measure(
  topology: string,
  apis: TServerProcess[],
  user: TE2eUser,
  listPath: string,
  analyticsRepositoryId: string,
  analyticsPath: string,
): Promise<TPhase[]> {
  const first = apis[0] as TServerProcess;
  const last = apis.at(-1) as TServerProcess;
  const idle = await analytics(last, first, user, analyticsRepositoryId, analyticsPath);
  const idleLoad = loadavg()[0]?.toFixed(1) ?? '?';
  // Every instance has planned the list once before the clients come (a new query's total is counted once).
  for (const api of apis) await timedGet(api, user, listPath);
  const per = Math.floor(CONNECTIONS / apis.length);
  const lists = Promise.all(
    apis.map((api) =>
      autocannon({
        url: `${api.baseUrl}/api${listPath}`,
        connections: per,
        duration: SECONDS,
        headers: { cookie: cookieOf(user) },
      }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const loaded = await analytics(last, first, user, analyticsRepositoryId, analyticsPath);
  const loadedLoad = loadavg()[0]?.toFixed(1) ?? '?';
  return [
    { topology, condition: 'idle', analytics: idle, lists: [], load: idleLoad },
    { topology, condition: 'loaded', analytics: loaded, lists: await lists, load: loadedLoad },
  ];
}

const name = `strata_bench_several_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
})();
const benchDatabase = new pg.Client({ connectionString: databaseUrl });
await benchDatabase.connect();
const dataDir = await mkdtemp(join(tmpdir(), 'strata-bench-several-'));
const setup = async (): Promise<TServerSetup> => ({ dataDir, databaseUrl, port: await freePort() });
const servers: TServerProcess[] = [];
const phases: TPhase[] = [];
let importMs = 0;
let writeMs = 0;
try {
  // Migrates the database and makes the user, as an operator would before the instances start.
  runAdmin(await setup(), ['create-user', '--email', EMAIL, '--password', PASSWORD]);

  // One instance, as `npm start` runs it: jobs and analytics in its own process.
  const single = await startServerProcess(await setup(), { env: SHARED_ENV });
  servers.push(single);
  const singleApp: RunningApp = { baseUrl: single.baseUrl, dataDir, stop: async () => {} };
  const user = await signInUser(singleApp, EMAIL, PASSWORD);
  const listed = await createListRepository(singleApp, user, COUNT);
  importMs = listed.importMs;
  const generated = generateRepository({
    transactions: COUNT,
    assets: Number(values.assets),
    years: Number(values.years),
  });
  const repository = await apiAs<{ id: string }>(singleApp, user, 'POST', '/repositories', {
    name: 'Analytics',
    currency: 'USD',
  });
  await apiAs(singleApp, user, 'POST', `/repositories/${repository.id}/initialize`);
  const handle = await createDatabase({ databaseUrl, dataDir, logger: { info: () => {}, error: () => {} } });
  writeMs = await writeGeneratedRepository(handle.db, repository.id, generated.input);
  await handle.db.destroy();
  const analyticsPath =
    `/repositories/${repository.id}/analytics?periods=120&freq=month&end=${generated.end}` +
    '&scopes=repository,account,tag';

  phases.push(
    ...(await measure('one instance', [single], user, listed.listPath, repository.id, analyticsPath)),
  );
  await single.stop();
  servers.length = 0;

  // Two API instances that neither run jobs nor compute, and one worker that does both.
  const scaled = await Promise.all([
    setup().then((s) => startServerProcess(s, { env: SCALED_API_ENV })),
    setup().then((s) => startServerProcess(s, { env: SCALED_API_ENV })),
    setup().then((s) => startServerProcess(s, { role: 'worker', env: SHARED_ENV })),
  ]);
  servers.push(...scaled);
  phases.push(
    ...(await measure(
      'two API instances + a worker',
      scaled.slice(0, 2),
      user,
      listed.listPath,
      repository.id,
      analyticsPath,
    )),
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await benchDatabase.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}

const ms = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(0)} ms`);
console.log(
  `\n${COUNT.toLocaleString('en')} transactions (list import ${(importMs / 1000).toFixed(1)} s; analytics data ` +
    `written in ${(writeMs / 1000).toFixed(1)} s), ${CONNECTIONS} clients for ${SECONDS} s\n`,
);
console.log(
  '| topology | condition | load avg (1 min) | list p50 | list p99 (worst instance) | list req/s (sum) | errors | analytics cold (after a write) | analytics, results cleared | analytics cached p50 (max) |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const phase of phases) {
  const { lists } = phase;
  const isLoaded = lists.length > 0;
  const p50 = isLoaded ? Math.max(...lists.map((list) => list.latency.p50)) : undefined;
  const p99 = isLoaded ? Math.max(...lists.map((list) => list.latency.p99)) : undefined;
  const rate = lists.reduce((sum, list) => sum + list.requests.average, 0);
  const errors = lists.reduce((sum, list) => sum + list.errors + list.non2xx, 0);
  console.log(
    `| ${phase.topology} | ${phase.condition} | ${phase.load} | ${ms(p50)} | ${ms(p99)} | ${isLoaded ? Math.round(rate) : '—'} | ${isLoaded ? errors : '—'} | ${ms(phase.analytics.coldMs)} | ${ms(phase.analytics.clearedMs)} | ${ms(phase.analytics.cachedP50)} (${ms(phase.analytics.cachedMax)}) |`,
  );
}
