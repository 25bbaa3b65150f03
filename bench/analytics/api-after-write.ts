// Analytics through the API after a write (issue 27: "through the API cold under 1.5 s on PostgreSQL"): the
// dashboard request (every dataset, 120 months, repository/account/tag scopes) on a repository that
// bench/analytics/api.ts wrote and kept (`--keep-database`), timed as the first compute of a fresh process, then
// after each of `--rounds` transaction writes (a deposit through the API: the data version moves, the prices do
// not), then after a price write (through the API); then the first compute of a second process after a
// transaction write (the price table and transactions kept by the first), and of a third after a price write to
// a repository whose tables were never kept (deleted first; the process builds them in the background).
//
//   TEST_DATABASE_URL=postgres://… node bench/analytics/api-after-write.ts --database strata_bench_… [--rounds 3]
//
// The app runs in this process as `npm start` builds it (buildApp; the engine in its worker thread). The kept
// database is copied first (`CREATE DATABASE … TEMPLATE`), so runs of different code start from the same data
// and the kept one is not changed; the copy is dropped after. Each line: what was timed, the wall time of the
// HTTP request, the worker's part (`total_compute_time`), and the 1-minute load average when it started.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/build-app.ts';
import { loadConfig } from '../../apps/server/src/plugins/config.ts';
import { freePort } from '../../apps/server/src/testing/server-process.ts';
import { apiAs, signInUser } from '../../e2e/support/users.ts';
import { createDatabase, migrateToLatest } from '../../packages/db/src/index.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    label: { type: 'string', default: '' },
  },
});
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl || !values.database) {
  throw new Error('TEST_DATABASE_URL and --database (a database kept by bench/analytics/api.ts) are needed');
}

const copy = `${values.database}_copy_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${copy} TEMPLATE ${values.database}`);
const url = new URL(adminUrl);
url.pathname = `/${copy}`;
const dataDir = await mkdtemp(join(tmpdir(), 'strata-bench-after-write-'));
const handle = await createDatabase({
  databaseUrl: url.toString(),
  dataDir,
  logger: { info: () => {}, error: (details, message) => console.error(message, details) },
});
try {
  await migrateToLatest(handle.db);
  const db = handle.db;
  const repository = await db
    .selectFrom('repositories')
    .select('id')
    .where('name', '=', 'Bench')
    .executeTakeFirstOrThrow();
  const user = await db.selectFrom('user').select('email').executeTakeFirstOrThrow();
  // A deposit of 1.25 into a bank account in the repository's currency, on the first transaction's day.
  const account = await db
    .selectFrom('assets')
    .select('id')
    .where('repository_id', '=', repository.id)
    .where('type', '=', 'bank account')
    .executeTakeFirstOrThrow();
  const cash = await db
    .selectFrom('assets as a')
    .innerJoin('repositories as r', 'r.id', 'a.repository_id')
    .select('a.id')
    .where('a.repository_id', '=', repository.id)
    .where('a.type', '=', 'currency')
    .whereRef('a.ticker', '=', 'r.currency')
    .executeTakeFirstOrThrow();
  const first = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.min('date').as('date'))
    .where('repository_id', '=', repository.id)
    .executeTakeFirstOrThrow();
  const stock = await db
    .selectFrom('asset_prices')
    .select(['asset_id'])
    .where('repository_id', '=', repository.id)
    .executeTakeFirst();
  const end = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.max('date').as('end'))
    .where('repository_id', '=', repository.id)
    .executeTakeFirstOrThrow();
  const endDay = String(end.end).slice(0, 10);

  type TCall = (method: string, path: string, body?: unknown) => Promise<unknown>;
  const deposit = (call: TCall) =>
    call('POST', '/transactions', [
      {
        repository_id: repository.id,
        type: 'deposit',
        date: String(first.date).slice(0, 10),
        entries: [{ account_id: account.id, asset_id: cash.id, amount: '1.25' }],
      },
    ]);
  /** One server process's life: `steps` run with its API client and the measure. */
  const serve = async (steps: (call: TCall, measure: (what: string) => Promise<void>) => Promise<void>) => {
    const port = await freePort();
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    const app = await buildApp({ config, db: handle, logger: { level: 'warn' } });
    const address = await app.listen({ port, host: '127.0.0.1' });
    try {
      const running = { baseUrl: address, dataDir, stop: async () => {} };
      const signedIn = await signInUser(running, user.email, 'correct horse battery');
      const call: TCall = (method, path, body) => apiAs(running, signedIn, method, path, body);
      const query = `periods=120&freq=month&end=${endDay}&scopes=repository,account,tag`;
      const measure = async (what: string) => {
        const load = loadavg()[0] as number;
        const started = performance.now();
        const body = (await call('GET', `/repositories/${repository.id}/analytics?${query}`)) as {
          status: string;
          cached: boolean;
          total_compute_time: number;
        };
        const ms = performance.now() - started;
        if (body.status !== 'done' || body.cached)
          throw new Error(`${what}: ${body.status}, cached ${body.cached}`);
        console.log(
          `| ${values.label} | ${what} | ${Math.round(ms).toLocaleString('en')} ms | ${Math.round(body.total_compute_time * 1000).toLocaleString('en')} ms | ${load.toFixed(1)} |`,
        );
      };
      await steps(call, measure);
    } finally {
      await app.close();
    }
  };

  await serve(async (call, measure) => {
    await measure('first compute of the process');
    for (let round = 1; round <= Number(values.rounds); round += 1) {
      await deposit(call);
      await measure(`after a transaction write (${round})`);
    }
    if (stock) {
      await call('POST', '/asset_prices', {
        asset_id: stock.asset_id,
        date: endDay,
        close: '123.45',
        source: 'override',
      });
      await measure('after a price write');
    }
  });
  // A restart (a new process, or another instance's worker): its first compute after a transaction write.
  // Where the price table is kept in the database, it is stored after the answer above: give it time.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await serve(async (call, measure) => {
    await deposit(call);
    await measure('first compute of a second process, after a transaction write');
  });
  // A repository whose tables were never kept (its prices and transactions just imported): the process builds
  // them in the background once the writes settle (analytics-price-build.ts, analytics-transaction-build.ts), so
  // the first compute should read neither.
  if (stock) {
    await db.deleteFrom('analytics_price_tables').execute();
    await db.deleteFrom('analytics_transaction_tables').execute();
    await serve(async (call, measure) => {
      const started = performance.now();
      await call('POST', '/asset_prices', {
        asset_id: stock.asset_id,
        date: String(first.date).slice(0, 10),
        close: '124.5',
        source: 'override',
      });
      let kept = false;
      while (!kept && performance.now() - started < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        kept =
          (await db.selectFrom('analytics_price_tables').select('repository_id').executeTakeFirst()) !==
            undefined &&
          (await db.selectFrom('analytics_transaction_tables').select('repository_id').executeTakeFirst()) !==
            undefined;
      }
      console.log(
        `| ${values.label} | (the price table and transactions ${kept ? 'built and kept' : 'not kept'} ${Math.round(performance.now() - started).toLocaleString('en')} ms after the price write) | | | |`,
      );
      await measure(
        'first compute of a third process, after a price write to a repository with no kept tables',
      );
    });
  }
} finally {
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
  await admin.end();
}
