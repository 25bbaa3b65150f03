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

/** Seeded generator of template rows over a few accounts and stocks: deposits, buys, sells, dividends. */
function templateRows(count: number): string {
  let state = 42;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const stocks = ['AAPL', 'MSFT', 'VOO', 'NVDA', 'AMZN'];
  const accounts = ['Broker A', 'Broker B'];
  const lines = ['type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description'];
  const start = Date.UTC(2016, 0, 1);
  for (let index = 0; index < count; index += 1) {
    const date = new Date(start + Math.floor((index / count) * 3650) * 86_400_000).toISOString().slice(0, 10);
    const account = accounts[index % 2] as string;
    const stock = stocks[Math.floor(random() * stocks.length)] as string;
    const units = 1 + Math.floor(random() * 20);
    const cash = (units * (50 + random() * 400)).toFixed(2);
    const kind = index % 10;
    if (kind === 0)
      lines.push(
        `deposit,${date},${account},${(Number(cash) * 3).toFixed(2)},US Dollar,,,,,,Monthly saving ${index}`,
      );
    else if (kind === 9)
      lines.push(
        `sell,${date},${account},${units},${stock},${account},${cash},US Dollar,,,Trim ${stock} ${index}`,
      );
    else
      lines.push(
        `buy,${date},${account},${units},${stock},${account},${cash},US Dollar,,,Buy ${stock} lot ${index}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

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
    const repository = await apiAs<{ id: string }>(app, user, 'POST', '/repositories', {
      name: 'Bench',
      currency: 'USD',
    });
    await apiAs(app, user, 'POST', `/repositories/${repository.id}/initialize`);
    const tags = await apiAs<Array<{ id: string; tag_name: string; tag_value: string }>>(
      app,
      user,
      'GET',
      `/tags?repository_id=${repository.id}`,
    );
    const tag = (name: string, value: string) =>
      tags.find((t) => t.tag_name === name && t.tag_value === value)?.id;
    await apiAs(app, user, 'POST', `/assets?repository_id=${repository.id}`, [
      ...['Broker A', 'Broker B'].map((name) => ({
        type: 'investment account',
        name,
        currency: 'USD',
        tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
      })),
      ...['AAPL', 'MSFT', 'VOO', 'NVDA', 'AMZN'].map((ticker) => ({
        type: 'stock',
        name: ticker,
        ticker,
        currency: 'USD',
      })),
    ]);

    const csv = templateRows(COUNT);
    const started = performance.now();
    await apiAs(app, user, 'POST', '/transactions/import', { repository_id: repository.id, csv });
    const importMs = performance.now() - started;

    const filter = JSON.stringify({
      logic: 'AND',
      groups: [
        {
          logic: 'OR',
          params: [
            { field: 'type', comparison: 'EQ', value: 'buy' },
            { field: 'type', comparison: 'EQ', value: 'sell' },
          ],
        },
        { logic: 'AND', params: [{ field: 'date', comparison: 'AFTER', value: '2018-01-01' }] },
      ],
    });
    const sort = JSON.stringify([{ field: 'date', sortDirection: 'descending' }]);
    const query = new URLSearchParams({
      repository_id: repository.id,
      page_size: '50',
      page_no: '3',
      filter,
      sort,
      search: 'lot',
    });
    // One request first: a new query's total is counted once, then served per data version (see docs).
    await apiAs(app, user, 'GET', `/transactions?${query}`);
    const list = await load(`${app.baseUrl}/api/transactions?${query}`, cookie);
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
