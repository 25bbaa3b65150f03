// The transactions budget of issue 6, through the real server over HTTP:
//
//   node bench/transactions/list.ts [--transactions 100000] [--seconds 15] [--connections 20]
//                                   [--databases postgresql,pglite] [--skip-health] [--keep-database]
//
// For each database (PostgreSQL when TEST_DATABASE_URL is set — a fresh database is created on that
// server and dropped after —, and the embedded PGlite): start the app as `npm start` does, sign a user up,
// import N template rows through POST /api/transactions/import (timed: budget < 20 s for 100k), then drive
// `connections` concurrent clients for `seconds` at the list endpoint with a filter, a sort and a search
// (budget p99 < 50 ms on PostgreSQL), and right after at GET /api/repositories — the cheapest signed-in
// read (session, subscription, one query), the floor any repository-scoped route stands on — and at
// GET /api/health, the trivial route of the same server. Prints a markdown table.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startApp } from '../../e2e/support/app-server.ts';
import { apiAs, createUser } from '../../e2e/support/users.ts';
import { createListRepository } from './list-repository.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '20' },
    databases: { type: 'string', default: 'postgresql,pglite' },
    // Only the list is loaded (e.g. to profile the server with NODE_OPTIONS=--cpu-prof).
    'skip-health': { type: 'boolean', default: false },
    // Leaves the PostgreSQL database behind (its name is printed) to look at query plans.
    'keep-database': { type: 'boolean', default: false },
  },
});
const COUNT = Number(values.transactions);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const DATABASES = new Set(values.databases.split(',').map((name) => name.trim().toLowerCase()));

interface TRun {
  database: string;
  importMs: number;
  list: autocannon.Result;
  signedIn: autocannon.Result | null;
  health: autocannon.Result | null;
}

async function load(url: string, cookie: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } });
}

async function runOn(database: string, env: Record<string, string>): Promise<TRun> {
  const app = await startApp({ ...env, LOG_LEVEL: 'warn' });
  try {
    const user = await createUser(app, { email: `bench-${Date.now()}@example.com`, name: 'Bench' });
    const cookie = user.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const { importMs, listPath } = await createListRepository(app, user, COUNT);
    // One request first: a new query's total is counted once, then served per data version (see docs).
    await apiAs(app, user, 'GET', listPath);
    const list = await load(`${app.baseUrl}/api${listPath}`, cookie);
    const signedIn = values['skip-health'] ? null : await load(`${app.baseUrl}/api/repositories`, cookie);
    const health = values['skip-health'] ? null : await load(`${app.baseUrl}/api/health`, cookie);
    return { database, importMs, list, signedIn, health };
  } finally {
    await app.stop();
  }
}

const runs: TRun[] = [];
const adminUrl = process.env.TEST_DATABASE_URL;
if (!DATABASES.has('postgresql')) {
  // not asked for
} else if (adminUrl) {
  const name = `strata_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    runs.push(await runOn('PostgreSQL', { DATABASE_URL: url.toString() }));
  } finally {
    if (values['keep-database']) console.log(`(kept database ${name})`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('(TEST_DATABASE_URL is not set: PostgreSQL is not measured)');
}
if (DATABASES.has('pglite')) runs.push(await runOn('PGlite', {}));

const ms = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(1)} ms`);
console.log(`\n${COUNT.toLocaleString('en')} transactions, ${CONNECTIONS} clients, ${SECONDS} s per route\n`);
const rate = (result: autocannon.Result | null) =>
  result ? String(Math.round(result.requests.average)) : '—';
console.log(
  '| database | import | list p50 | list p99 | list req/s | errors | signed-in p50 | signed-in p99 | signed-in req/s | health p50 | health p99 | health req/s |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const run of runs) {
  const { list, signedIn, health } = run;
  console.log(
    `| ${run.database} | ${(run.importMs / 1000).toFixed(1)} s | ${ms(list.latency.p50)} | ${ms(list.latency.p99)} | ${rate(list)} | ${list.errors + list.non2xx} | ${ms(signedIn?.latency.p50)} | ${ms(signedIn?.latency.p99)} | ${rate(signedIn)} | ${ms(health?.latency.p50)} | ${ms(health?.latency.p99)} | ${rate(health)} |`,
  );
}
