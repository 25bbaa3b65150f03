// The linked transactions budgets of issue 21, through the real server over HTTP:
//
//   node bench/linked-data/transactions.ts [--transactions 100000] [--seconds 15] [--connections 20]
//                                          [--databases postgresql,pglite] [--skip-baselines] [--keep-database]
//
// For each database (PostgreSQL when TEST_DATABASE_URL is set — a fresh database is made on that server and
// dropped after —, and the embedded PGlite): start the app as `npm start` does, sign a user up, load N
// generated rows as a CSV statement through the manual loader (POST file_upload, the multipart upload,
// POST linked_data/connectors/manual, then the task to its end), then drive `connections` clients for
// `seconds` at GET linked_data/transactions with a filter, a sort and a search (budget: p99 < 50 ms at 20
// clients on PostgreSQL), and one client at GET linked_data/transactions_pivot by year and month × category
// (budget: < 300 ms). Baselines on the same server in the same run, as bench/transactions/list.ts measures
// them: GET /api/health (no session), GET /api/repositories (the signed-in floor) and the smart-transactions
// list GET /api/transactions with its bench query over N imported transactions. Prints markdown tables.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { type RunningApp, startApp } from '../../e2e/support/app-server.ts';
import { apiAs, createUser, type TE2eUser } from '../../e2e/support/users.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '20' },
    databases: { type: 'string', default: 'postgresql,pglite' },
    // Only the linked list and pivot are measured (no smart transactions import, no floor routes).
    'skip-baselines': { type: 'boolean', default: false },
    // Leaves the PostgreSQL database behind (its name is printed) to look at query plans.
    'keep-database': { type: 'boolean', default: false },
  },
});
const COUNT = Number(values.transactions);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const DATABASES = new Set(values.databases.split(',').map((name) => name.trim().toLowerCase()));

const CATEGORIES = ['Groceries', 'Dining', 'Rent', 'Utilities', 'Travel', 'Salary', 'Shopping', 'Health'];
const PAYEES = [
  'Corner Market',
  'Farmers Market',
  'City Power',
  'Landlord LLC',
  'Air Lines',
  'Employer Inc',
  'Book Shop',
  'Pharmacy',
  'Bistro',
  'Coffee House',
];

/** A seeded CSV statement: ten years of rows over ten payees and eight categories, each with its own id. */
function statementCsv(count: number): string {
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const lines = ['date,amount,payee,memo,id,category'];
  const start = Date.UTC(2016, 0, 1);
  for (let index = 0; index < count; index += 1) {
    const date = new Date(start + Math.floor((index / count) * 3650) * 86_400_000).toISOString().slice(0, 10);
    const payee = PAYEES[Math.floor(random() * PAYEES.length)] as string;
    const category = CATEGORIES[Math.floor(random() * CATEGORIES.length)] as string;
    const amount = ((payee === 'Employer Inc' ? 1 : -1) * (1 + Math.floor(random() * 50_000))) / 100;
    lines.push(`${date},${amount.toFixed(2)},${payee},Row ${index},R${index},${category}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Smart transactions for the baseline list: deposits into one account, searched and filtered like the linked list. */
function smartTransactionsCsv(count: number): string {
  const lines = ['type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description'];
  const start = Date.UTC(2016, 0, 1);
  for (let index = 0; index < count; index += 1) {
    const date = new Date(start + Math.floor((index / count) * 3650) * 86_400_000).toISOString().slice(0, 10);
    lines.push(
      `deposit,${date},Broker A,${(10 + (index % 997)).toFixed(2)},US Dollar,,,,,,Saving lot ${index}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const cookieOf = (user: TE2eUser) => user.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** The manual loader over HTTP, as the web app drives it; answers when its task has ended. */
async function loadStatement(app: RunningApp, user: TE2eUser, repositoryId: string, csv: string) {
  const target = await apiAs<{ url: string; fields: Record<string, string> }>(
    app,
    user,
    'POST',
    '/file_upload',
    {
      type: 'manual_sync',
    },
  );
  const form = new FormData();
  for (const [field, value] of Object.entries(target.fields)) form.append(field, value);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'statement.csv');
  const stored = await fetch(new URL(new URL(target.url).pathname, app.baseUrl), {
    method: 'POST',
    body: form,
  });
  if (stored.status !== 204) throw new Error(`upload answered ${stored.status}: ${await stored.text()}`);
  const { task_id } = await apiAs<{ task_id: string }>(app, user, 'POST', '/linked_data/connectors/manual', {
    repository_id: repositoryId,
    file_key: target.fields.key,
    loader: 'csv',
    name: 'Bench bank',
    csv_profile: {
      headerRows: 1,
      dateFormat: 'YYYY-MM-DD',
      columns: {
        date: 'date',
        amount: 'amount',
        payee: 'payee',
        memo: 'memo',
        fitId: 'id',
        category: 'category',
      },
      account: { number: '0001', name: 'Bench checking', type: 'CHECKING' },
    },
  });
  for (;;) {
    const tasks = await apiAs<{ id: string; status: string; error?: string; result?: unknown }[]>(
      app,
      user,
      'GET',
      '/tasks',
    );
    const task = tasks.find((candidate) => candidate.id === task_id);
    if (task && !['waiting', 'running'].includes(task.status)) {
      if (task.status !== 'succeeded') throw new Error(`the load ${task.status}: ${task.error}`);
      return task.result;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface TRun {
  database: string;
  loadMs: number;
  list: autocannon.Result;
  pivot: autocannon.Result;
  pivotCells: number;
  smartList: autocannon.Result | null;
  signedIn: autocannon.Result | null;
  health: autocannon.Result | null;
}

const load = (url: string, cookie: string, connections = CONNECTIONS) =>
  autocannon({ url, connections, duration: SECONDS, headers: { cookie } });

async function runOn(database: string, env: Record<string, string>): Promise<TRun> {
  const app = await startApp({ ...env, LOG_LEVEL: 'warn' });
  try {
    const user = await createUser(app, { email: `bench-${Date.now()}@example.com`, name: 'Bench' });
    const cookie = cookieOf(user);
    const repository = await apiAs<{ id: string }>(app, user, 'POST', '/repositories', {
      name: 'Bench',
      currency: 'USD',
    });
    await apiAs(app, user, 'POST', `/repositories/${repository.id}/initialize`);

    const started = performance.now();
    const loaded = await loadStatement(app, user, repository.id, statementCsv(COUNT));
    const loadMs = performance.now() - started;
    console.log(
      `(${database}: loaded ${JSON.stringify(loaded).slice(0, 200)} in ${(loadMs / 1000).toFixed(1)} s)`,
    );

    const filter = JSON.stringify({
      logic: 'AND',
      groups: [
        {
          logic: 'OR',
          params: [
            { field: 'category', comparison: 'EQ', value: 'Groceries' },
            { field: 'category', comparison: 'EQ', value: 'Dining' },
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
      search: 'market',
    });
    // One request first: a new query's total is counted once, then kept per linked-data version (see docs).
    const first = await apiAs<{ meta: { total: number } }>(
      app,
      user,
      'GET',
      `/linked_data/transactions?${query}`,
    );
    console.log(`(${database}: the list query matches ${first.meta.total} rows)`);
    const list = await load(`${app.baseUrl}/api/linked_data/transactions?${query}`, cookie);

    const pivotQuery = new URLSearchParams({
      repository_id: repository.id,
      rows: 'year,month',
      columns: 'category',
      values: 'sum,count',
    });
    const pivotAnswer = await apiAs<{ data: unknown[] }>(
      app,
      user,
      'GET',
      `/linked_data/transactions_pivot?${pivotQuery}`,
    );
    const pivot = await load(`${app.baseUrl}/api/linked_data/transactions_pivot?${pivotQuery}`, cookie, 1);

    let smartList: autocannon.Result | null = null;
    let signedIn: autocannon.Result | null = null;
    let health: autocannon.Result | null = null;
    if (!values['skip-baselines']) {
      const tags = await apiAs<Array<{ id: string; tag_name: string; tag_value: string }>>(
        app,
        user,
        'GET',
        `/tags?repository_id=${repository.id}`,
      );
      const tag = (name: string, value: string) =>
        tags.find((t) => t.tag_name === name && t.tag_value === value)?.id;
      await apiAs(app, user, 'POST', `/assets?repository_id=${repository.id}`, [
        {
          type: 'investment account',
          name: 'Broker A',
          currency: 'USD',
          tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
        },
      ]);
      await apiAs(app, user, 'POST', '/transactions/import', {
        repository_id: repository.id,
        csv: smartTransactionsCsv(COUNT),
      });
      const smartQuery = new URLSearchParams({
        repository_id: repository.id,
        page_size: '50',
        page_no: '3',
        filter: JSON.stringify({
          logic: 'AND',
          groups: [
            { logic: 'OR', params: [{ field: 'type', comparison: 'EQ', value: 'deposit' }] },
            { logic: 'AND', params: [{ field: 'date', comparison: 'AFTER', value: '2018-01-01' }] },
          ],
        }),
        sort,
        search: 'lot',
      });
      await apiAs(app, user, 'GET', `/transactions?${smartQuery}`);
      smartList = await load(`${app.baseUrl}/api/transactions?${smartQuery}`, cookie);
      signedIn = await load(`${app.baseUrl}/api/repositories`, cookie);
      health = await load(`${app.baseUrl}/api/health`, cookie);
    }
    return {
      database,
      loadMs,
      list,
      pivot,
      pivotCells: pivotAnswer.data.length,
      smartList,
      signedIn,
      health,
    };
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
const rate = (result: autocannon.Result | null) =>
  result ? String(Math.round(result.requests.average)) : '—';
const failures = (result: autocannon.Result | null) => (result ? String(result.errors + result.non2xx) : '—');
console.log(
  `\n${COUNT.toLocaleString('en')} linked transactions, ${CONNECTIONS} clients (pivot: 1), ${SECONDS} s per route\n`,
);
console.log(
  '| database | load | list p50 | list p99 | list req/s | errors | pivot p50 | pivot p99 | pivot cells |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const run of runs) {
  const { list, pivot } = run;
  console.log(
    `| ${run.database} | ${(run.loadMs / 1000).toFixed(1)} s | ${ms(list.latency.p50)} | ${ms(list.latency.p99)} | ${rate(list)} | ${failures(list)} + ${failures(pivot)} | ${ms(pivot.latency.p50)} | ${ms(pivot.latency.p99)} | ${run.pivotCells} |`,
  );
}
console.log('\nBaselines, same server, same run:\n');
console.log(
  '| database | smart list p50 | smart list p99 | smart list req/s | signed-in p50 | signed-in p99 | signed-in req/s | health p50 | health p99 | health req/s |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const { database, smartList, signedIn, health } of runs) {
  console.log(
    `| ${database} | ${ms(smartList?.latency.p50)} | ${ms(smartList?.latency.p99)} | ${rate(smartList)} | ${ms(signedIn?.latency.p50)} | ${ms(signedIn?.latency.p99)} | ${rate(signedIn)} | ${ms(health?.latency.p50)} | ${ms(health?.latency.p99)} | ${rate(health)} |`,
  );
}
