// Analytics through the API (issue 7, server budget): the generated repository (bench/analytics/generate.ts)
// written into the database, then GET /api/repositories/:id/analytics over HTTP, cold and cached.
//
//   node bench/analytics/api.ts [--transactions 100000] [--assets 1000] [--years 10]
//                               [--databases postgresql,pglite] [--repeats 20] [--keep-database] [--no-vacuum]
//
// The app runs in this process as `npm start` builds it (buildApp; the engine in its worker thread).
// PostgreSQL is measured when TEST_DATABASE_URL is set (a fresh database on that server, dropped after).
// Rows are written straight into the tables with array-parameter inserts (`INSERT … SELECT FROM unnest`),
// the fastest path both databases share; the API's own import is measured by bench/transactions.
// Cold = the repository's cached results cleared; cached = the same request again (this process's copy),
// and "cached (table)" = the copy in this process dropped, so the shared analytics_results row is read.
// While the cold compute runs, GET /api/health is called every 20 ms: its worst latency, counted from when each
// call was due, shows whether the API stays responsive. Prints markdown tables.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/build-app.ts';
import { loadConfig } from '../../apps/server/src/plugins/config.ts';
import { freePort } from '../../apps/server/src/testing/server-process.ts';
import { apiAs, createUser } from '../../e2e/support/users.ts';
import { generateRepository } from '../../packages/core/src/testing/generate-repository.ts';
import { createDatabase, migrateToLatest } from '../../packages/db/src/index.ts';
import { percentile } from '../percentile.ts';
import { writeGeneratedRepository } from './write-generated.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    assets: { type: 'string', default: '1000' },
    years: { type: 'string', default: '10' },
    databases: { type: 'string', default: 'postgresql,pglite' },
    repeats: { type: 'string', default: '20' },
    'keep-database': { type: 'boolean', default: false },
    'no-vacuum': { type: 'boolean', default: false },
  },
});
const DATABASES = new Set(values.databases.split(',').map((name) => name.trim().toLowerCase()));
const REPEATS = Number(values.repeats);

const started = performance.now();
const generated = generateRepository({
  transactions: Number(values.transactions),
  assets: Number(values.assets),
  years: Number(values.years),
});
const { input } = generated;
console.log(
  `(generated ${input.transactions.length.toLocaleString('en')} transactions, ${input.assets.length} assets, ` +
    `${(input.prices?.length ?? 0).toLocaleString('en')} prices in ${Math.round(performance.now() - started)} ms)`,
);

interface TTiming {
  label: string;
  coldMs: number;
  computeS: number;
  bytes: number;
  healthWorstMs: number;
  cachedP50: number;
  cachedP95: number;
  tableMs: number;
}

interface TRun {
  database: string;
  writeMs: number;
  timings: TTiming[];
}

async function runOn(database: string, databaseUrl: string | undefined): Promise<TRun> {
  const dataDir = await mkdtemp(join(tmpdir(), 'strata-bench-analytics-'));
  const handle = await createDatabase({
    databaseUrl,
    dataDir,
    logger: { info: () => {}, error: (details, message) => console.error(message, details) },
  });
  await migrateToLatest(handle.db);
  const port = await freePort();
  // better-auth checks the origin of sign-up calls against PUBLIC_URL, so the port is known up front.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const app = await buildApp({ config, db: handle, logger: { level: 'warn' } });
  const address = await app.listen({ port, host: '127.0.0.1' });
  const running = { baseUrl: address, dataDir, stop: async () => {} };
  try {
    const user = await createUser(running, { email: `bench-${Date.now()}@example.com`, name: 'Bench' });
    const cookie = user.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const repository = await apiAs<{ id: string }>(running, user, 'POST', '/repositories', {
      name: 'Bench',
      currency: 'USD',
    });
    await apiAs(running, user, 'POST', `/repositories/${repository.id}/initialize`);
    const writeMs = await writeGeneratedRepository(handle.db, repository.id, input, {
      vacuum: !values['no-vacuum'],
    });
    // Writing 100k transactions takes longer than the server's keep-alive (72 s): the client's pooled
    // connection is gone by now, and the first request on it would be reset. One cheap request drops it.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (
        await fetch(`${address}/api/health`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
    }

    const get = async (url: string) => {
      const t0 = performance.now();
      const response = await fetch(`${address}${url}`, { headers: { cookie } });
      const text = await response.text();
      if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 300)}`);
      return { ms: performance.now() - t0, text };
    };
    const base = `/api/repositories/${repository.id}/analytics`;
    const requests = [
      {
        label: 'every dataset, 120 months, repository/account/tag scopes',
        query: `periods=120&freq=month&end=${generated.end}&scopes=repository,account,tag`,
      },
      // Every scope as well: per-asset and per-position rows for each month. At 100k transactions over 1,000
      // assets that answer is hundreds of MiB of JSON — no client wants it whole — so it runs only up to 20k.
      ...(input.transactions.length <= 20_000
        ? [
            {
              label: 'every dataset, 120 months, every scope',
              query: `periods=120&freq=month&end=${generated.end}`,
            },
          ]
        : []),
      {
        label: 'value + performance, 12 months',
        query: `periods=12&freq=month&end=${generated.end}&datasets=value_view,performance_view`,
      },
      { label: 'positions on a day', query: `data=position&date=${generated.end}` },
    ];
    const timings: TTiming[] = [];
    for (const { label, query } of requests) {
      await apiAs(running, user, 'DELETE', `/cache/analytics/${repository.id}`);
      let healthWorstMs = 0;
      let isRunning = true;
      // Timed from when each ping was due, not from when its timer got to run: the app shares this process's
      // event loop, so a stall that starts between two pings delays the next one's start, not its flight.
      const pings = (async () => {
        let due = performance.now();
        while (isRunning) {
          await fetch(`${address}/api/health`);
          const answered = performance.now();
          healthWorstMs = Math.max(healthWorstMs, answered - due);
          due = answered + 20;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const cold = await get(`${base}?${query}`);
      isRunning = false;
      await pings;
      const body = JSON.parse(cold.text) as { status: string; total_compute_time: number; message?: string };
      if (body.status !== 'done') throw new Error(`${label}: ${body.status} ${body.message}`);
      const cached: number[] = [];
      for (let index = 0; index < REPEATS; index += 1) cached.push((await get(`${base}?${query}`)).ms);
      app.caches.analyticsResults.clearRepository(repository.id);
      const table = await get(`${base}?${query}`);
      timings.push({
        label,
        coldMs: cold.ms,
        computeS: body.total_compute_time,
        bytes: cold.text.length,
        healthWorstMs,
        cachedP50: percentile(cached, 50),
        cachedP95: percentile(cached, 95),
        tableMs: table.ms,
      });
    }
    return { database, writeMs, timings };
  } finally {
    await app.close();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const runs: TRun[] = [];
const adminUrl = process.env.TEST_DATABASE_URL;
if (DATABASES.has('postgresql')) {
  if (adminUrl) {
    const name = `strata_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      runs.push(await runOn('PostgreSQL', url.toString()));
    } finally {
      if (values['keep-database']) console.log(`(kept the PostgreSQL database ${name})`);
      else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log('(TEST_DATABASE_URL is not set: PostgreSQL is not measured)');
  }
}
if (DATABASES.has('pglite')) runs.push(await runOn('PGlite', undefined));

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en')} ms`;
console.log(
  `\n${input.transactions.length.toLocaleString('en')} transactions, ${input.assets.length} assets, ` +
    `${(input.prices?.length ?? 0).toLocaleString('en')} prices; cached = median (p95) of ${REPEATS}\n`,
);
console.log(
  '| database | request | cold | of which engine | answer size | worst /api/health during cold | cached | cached (table) |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const run of runs) {
  for (const timing of run.timings) {
    console.log(
      `| ${run.database} | ${timing.label} | ${ms(timing.coldMs)} | ${ms(timing.computeS * 1000)} | ${(timing.bytes / 1_048_576).toFixed(1)} MiB | ${ms(timing.healthWorstMs)} | ${ms(timing.cachedP50)} (${ms(timing.cachedP95)}) | ${ms(timing.tableMs)} |`,
    );
  }
}
console.log(
  `\n| database | writing the rows (unnest inserts + ${values['no-vacuum'] ? 'ANALYZE' : 'VACUUM (ANALYZE)'}) |\n|---|---:|`,
);
for (const run of runs) console.log(`| ${run.database} | ${(run.writeMs / 1000).toFixed(1)} s |`);
