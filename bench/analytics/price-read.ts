// The parts of a cold analytics compute that the kept price tables change (issue 27), measured in turn on one
// repository so that a loaded machine's noise falls on every variant alike: the loader's read with the prices
// aggregated from asset_prices (what every cold compute did before), with the prices from the kept text
// (analytics_price_tables, packed), without prices (the worker kept its table) — and the prices' read alone, both
// ways; then the worker's job with the prices to parse, the kept table to unpack, and with its kept table. Medians and ranges over
// `--rounds`, with the load average.
//
//   TEST_DATABASE_URL=postgres://… node bench/analytics/price-read.ts --database strata_bench_… [--rounds 5]
//
// The database is one bench/analytics/api.ts kept (`--keep-database`), copied first and dropped after.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  loadAnalyticsInput,
  loaderPartsFor,
  readPriceTable,
} from '../../apps/server/src/features/analytics/analytics.loader.ts';
import { analyticsFacts } from '../../apps/server/src/features/analytics/analytics-loader.repository.ts';
import { createAnalyticsPool } from '../../apps/server/src/features/analytics/analytics-pool.ts';
import { planRequest } from '../../apps/server/src/features/analytics/analytics-request.ts';
import { seriesOf } from '../../apps/server/src/features/analytics/analytics-source.ts';
import { ZAnalyticsQuery } from '../../packages/contracts/src/analytics.ts';
import { packPriceTable, priceCountOf } from '../../packages/core/src/analytics/price-table-pack.ts';
import { createDatabase, migrateToLatest } from '../../packages/db/src/index.ts';
import { percentile } from '../percentile.ts';

const { values } = parseArgs({
  options: { database: { type: 'string' }, rounds: { type: 'string', default: '5' } },
});
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl || !values.database) {
  throw new Error('TEST_DATABASE_URL and --database (a database kept by bench/analytics/api.ts) are needed');
}
const copy = `${values.database}_prices_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${copy} TEMPLATE ${values.database}`);
const url = new URL(adminUrl);
url.pathname = `/${copy}`;
const dataDir = await mkdtemp(join(tmpdir(), 'strata-bench-price-read-'));
const handle = await createDatabase({
  databaseUrl: url.toString(),
  dataDir,
  logger: { info: () => {}, error: (details, message) => console.error(message, details) },
});
const pool = createAnalyticsPool(1);
try {
  await migrateToLatest(handle.db);
  const db = handle.db;
  const repository = await db
    .selectFrom('repositories')
    .select(['id', 'currency', 'settings'])
    .where('name', '=', 'Bench')
    .executeTakeFirstOrThrow();
  const end = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.max('date').as('end'))
    .where('repository_id', '=', repository.id)
    .executeTakeFirstOrThrow();
  const day = String(end.end).slice(0, 10);
  // The dashboard request of bench/analytics/api.ts, planned as the service plans it.
  const plan = planRequest(
    ZAnalyticsQuery.parse({ periods: '120', freq: 'month', end: day, scopes: 'repository,account,tag' }),
    day,
  );
  const pricesVersion = Number((await analyticsFacts(db, repository.id)).prices_version);
  const parts = loaderPartsFor('postgres');
  const aggregate = { ...parts, keepsTables: false };
  // No kept transactions are of version -1: every load reads the transactions' lines, as this bench measures.
  const options = { pricesVersion, transactionsVersion: -1 };
  const times = new Map<string, number[]>();
  const loads: number[] = [];
  const time = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    loads.push(loadavg()[0] as number);
    const started = performance.now();
    const result = await run();
    const list = times.get(label) ?? [];
    list.push(performance.now() - started);
    times.set(label, list);
    return result;
  };
  // The kept table, stored once as the service stores it after a compute (packed here, not in a worker).
  const first = await loadAnalyticsInput(db, repository, plan.request, day, parts, options);
  const table = (first.source.prices ?? []).map(seriesOf);
  await first.keepPrices?.(packPriceTable(table), priceCountOf(table));
  const job = {
    request: plan.request,
    today: day,
    currency: repository.currency,
    positionFilter: null,
    memoKey: 'unused',
    pricesKey: `${repository.id}|${pricesVersion}`,
    transactionsKey: `${repository.id}|transactions`,
  };
  for (let round = 0; round < Number(values.rounds); round += 1) {
    // The prices alone (the read that runs beside the transactions' on a second connection).
    await time('prices alone: aggregated from asset_prices (before)', () =>
      readPriceTable(db, repository.id, aggregate, pricesVersion),
    );
    await time('prices alone: the kept table (packed)', () =>
      readPriceTable(db, repository.id, parts, pricesVersion),
    );
    const whole = await time('read: prices aggregated from asset_prices (before)', () =>
      loadAnalyticsInput(db, repository, plan.request, day, aggregate, options),
    );
    const fromKept = await time('read: prices from the kept table (packed)', () =>
      loadAnalyticsInput(db, repository, plan.request, day, parts, options),
    );
    const withoutPrices = await time('read: no prices (the worker kept them)', () =>
      loadAnalyticsInput(db, repository, plan.request, day, parts, { ...options, withPrices: false }),
    );
    // A new data key each time: the worker books the pass again, as after a write.
    const parsed = await time('worker job: prices to parse (before)', () =>
      pool.compute({ ...job, source: whole.source, dataKey: `parse|${round}` }),
    );
    const kept = await time('worker job: its kept prices', () =>
      pool.compute({ ...job, source: withoutPrices.source, dataKey: `kept|${round}` }),
    );
    const unpacked = await time('worker job: the kept table to unpack', () =>
      pool.compute({ ...job, source: fromKept.source, dataKey: `unpack|${round}` }),
    );
    if (!parsed.ok || !kept.ok || !unpacked.ok || parsed.json !== kept.json || parsed.json !== unpacked.json)
      throw new Error('the two jobs answered differently');
  }
  const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
  console.log(
    `\n${values.rounds} rounds; load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}\n`,
  );
  console.log('| part | median | range |\n|---|---:|---:|');
  for (const [label, list] of times) {
    console.log(
      `| ${label} | ${ms(percentile(list, 50))} | ${ms(Math.min(...list))}–${ms(Math.max(...list))} |`,
    );
  }
} finally {
  await pool.close();
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
  await admin.end();
}
