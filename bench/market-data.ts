// The market-data sync budget of issue 25:
//
//   node bench/market-data.ts [--securities 1000] [--years 5] [--databases postgresql,pglite]
//
// For each database (PostgreSQL when TEST_DATABASE_URL is set — a fresh database on that server, dropped
// after —, and the embedded PGlite): one repository with N assets linked to Yahoo securities, and a loopback
// server speaking Yahoo's v8 chart JSON that answers each with Y years of weekday closes and adjusted closes
// (≈1.3M price-days for 1,000 × 5 years, each written under both sources). Measured, in the same run:
//   - baseline: fetching and reading every series from the loopback server, writing nothing;
//   - the sync (syncMarketData, what the 'market data sync' task runs): fetch, read and write everything;
//     budget under 60 s, memory bounded (peak RSS and heap sampled at every security);
//   - a second sync with nothing new (each security re-reads its last week);
//   - CPU seconds: this process's for the baseline, and for the sync this process's plus PostgreSQL's backends
//     of the bench database (from /proc: the server must run on this machine) — on a shared machine the
//     wall times follow the load, the CPU spent much less.
// Prints a markdown table.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { syncMarketData } from '../apps/server/src/features/market-data/index.ts';
import { createMarketDataProviders } from '../apps/server/src/features/market-data/providers/provider-registry.ts';
import { startLoopbackProvider } from '../apps/server/src/features/market-data/testing/loopback-provider.ts';
import { chartAnswer } from '../apps/server/src/features/market-data/testing/yahoo-answers.ts';
import { createDatabase, migrateToLatest } from '../packages/db/src/index.ts';
import type { Database } from '../packages/db/src/schema.ts';
import { createPostgresTestDatabaseUrl } from '../packages/db/src/testing/test-database.ts';

const { values } = parseArgs({
  options: {
    securities: { type: 'string', default: '1000' },
    years: { type: 'string', default: '5' },
    databases: { type: 'string', default: 'postgresql,pglite' },
  },
});
const SECURITIES = Number(values.securities);
const YEARS = Number(values.years);
const DATABASES = new Set(values.databases.split(',').map((name) => name.trim().toLowerCase()));
const START = '2020-01-01';

/** Weekdays from START for YEARS years, as Yahoo stamps them (14:30 UTC, the New York open). */
function sessionTimestamps(): number[] {
  const stamps: number[] = [];
  const end = Date.parse(`${2020 + YEARS}-01-01T00:00:00Z`);
  for (let at = Date.parse(`${START}T14:30:00Z`); at < end; at += 86_400_000) {
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) stamps.push(at / 1000);
  }
  return stamps;
}

const TIMESTAMPS = sessionTimestamps();

/** The symbol's bars from `period1` (seconds), as Yahoo answers a chart request. */
function seriesOf(symbol: string, period1: number): string {
  const seed = Number(symbol.slice(1));
  const first = TIMESTAMPS.findIndex((stamp) => stamp >= period1);
  const days = first < 0 ? [] : TIMESTAMPS.slice(first);
  const closes = days.map((_, day) => Math.round((50 + (seed % 200) + (first + day) * 0.05) * 100) / 100);
  return chartAnswer({
    symbol,
    currency: 'USD',
    timeZone: 'America/New_York',
    timestamps: days,
    closes,
    adjcloses: closes.map((close) => Math.round(close * 98) / 100),
  });
}

const symbolOf = (index: number) => `S${String(index).padStart(5, '0')}`;

interface TMemory {
  peakRssMb: number;
  peakHeapMb: number;
}

function memorySampler(): { sample(): void; read(): TMemory } {
  let peakRss = 0;
  let peakHeap = 0;
  return {
    sample() {
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
    },
    read: () => ({ peakRssMb: Math.round(peakRss / 2 ** 20), peakHeapMb: Math.round(peakHeap / 2 ** 20) }),
  };
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used, from /proc (this machine's PostgreSQL backends). */
async function processCpuSeconds(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU the database spent: on PostgreSQL (on this machine) the backends of the bench's database, sampled as
 * the work goes (a backend's last reading counts if its connection closes); PGlite runs inside this process,
 * so its CPU is the process's own.
 */
function databaseCpu(db: Kysely<Database>, isPostgres: boolean) {
  const latest = new Map<number, number>();
  const start = new Map<number, number>();
  let sampling: Promise<void> | null = null;
  let sampledAt = 0;
  const read = async (into: Map<number, number>) => {
    if (!isPostgres) return;
    const rows = await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
    for (const { pid } of rows.rows) {
      const seconds = await processCpuSeconds(pid);
      if (seconds !== null) into.set(pid, seconds);
    }
  };
  return {
    begin: async () => {
      start.clear();
      latest.clear();
      await read(start);
    },
    /** At most every two seconds: the sampling query must not weigh on what it measures. */
    sample() {
      if (sampling || performance.now() - sampledAt < 2000) return;
      sampledAt = performance.now();
      sampling = read(latest).finally(() => {
        sampling = null;
      });
    },
    async end(): Promise<number> {
      await sampling;
      await read(latest);
      let total = 0;
      for (const [pid, seconds] of latest) total += seconds - (start.get(pid) ?? 0);
      return total;
    },
  };
}

const processCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

async function runOn(database: string, databaseUrl: string | undefined) {
  const dataDir = await mkdtemp(join(tmpdir(), 'strata-bench-market-data-'));
  const handle = await createDatabase({
    databaseUrl,
    dataDir,
    logger: { info: () => {}, error: (details, message) => console.error(message, details) },
  });
  const server = await startLoopbackProvider((url) => ({
    body: seriesOf(
      decodeURIComponent(url.pathname.replace('/v8/finance/chart/', '')),
      Number(url.searchParams.get('period1') ?? 0),
    ),
  }));
  try {
    await migrateToLatest(handle.db);
    const { db } = handle;
    const userId = randomUUID();
    await db
      .insertInto('user')
      .values({
        id: userId,
        name: 'Bench',
        email: `${userId}@example.com`,
        emailVerified: true,
        image: null,
        twoFactorEnabled: false,
      })
      .execute();
    const repository = await db
      .insertInto('repositories')
      .values({ name: 'Market data', owner_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let from = 0; from < SECURITIES; from += 500) {
      const rows = [];
      for (let index = from; index < Math.min(SECURITIES, from + 500); index += 1) {
        rows.push({
          repository_id: repository.id,
          name: symbolOf(index),
          ticker: symbolOf(index),
          type: 'stock',
          currency: 'USD',
          linked_security_id: `yahoo:${symbolOf(index)}`,
          security_info_ticker: symbolOf(index),
        });
      }
      await db.insertInto('assets').values(rows).execute();
    }
    const providers = createMarketDataProviders({
      MARKET_DATA_PROVIDER: 'yahoo',
      YAHOO_BASE_URL: server.baseUrl,
      MARKET_DATA_START: START,
    });

    // Baseline: the provider side alone, at the sync's concurrency (8).
    global.gc?.();
    const baselineMemory = memorySampler();
    let baselineDays = 0;
    const baselineCpu = processCpu();
    const baselineStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < SECURITIES) {
          const symbol = symbolOf(next);
          next += 1;
          const days = (await providers.securities?.dailyPrices(symbol, START))?.prices.length ?? 0;
          baselineDays += days;
          baselineMemory.sample();
        }
      }),
    );
    const baselineMs = performance.now() - baselineStart;
    const baselineCpuSeconds = processCpu() - baselineCpu;

    global.gc?.();
    const syncMemory = memorySampler();
    const dbCpu = databaseCpu(db, databaseUrl !== undefined);
    await dbCpu.begin();
    const syncCpu = processCpu();
    const syncStart = performance.now();
    const result = await syncMarketData({
      db,
      providers,
      repositoryId: repository.id,
      onProgress: () => {
        syncMemory.sample();
        dbCpu.sample();
      },
    });
    const syncMs = performance.now() - syncStart;
    const syncCpuSeconds = processCpu() - syncCpu;
    const syncDbCpuSeconds = await dbCpu.end();
    if (result.failed.length > 0)
      throw new Error(`sync failed: ${JSON.stringify(result.failed.slice(0, 3))}`);

    const againStart = performance.now();
    const again = await syncMarketData({ db, providers, repositoryId: repository.id });
    const againMs = performance.now() - againStart;
    return {
      database,
      priceDays: baselineDays,
      rows: result.prices_written,
      baselineMs,
      baselineCpuSeconds,
      syncMs,
      syncCpuSeconds,
      syncDbCpuSeconds,
      againMs,
      againRows: again.prices_written,
      baselineMemory: baselineMemory.read(),
      syncMemory: syncMemory.read(),
    };
  } finally {
    await server.close();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const runs = [];
if (DATABASES.has('postgresql')) {
  if (!process.env.TEST_DATABASE_URL) console.log('(postgresql: TEST_DATABASE_URL is not set; skipped)');
  else {
    const fresh = await createPostgresTestDatabaseUrl();
    try {
      runs.push(await runOn('PostgreSQL', fresh.url));
    } finally {
      await fresh.drop();
    }
  }
}
if (DATABASES.has('pglite')) runs.push(await runOn('PGlite', undefined));

const seconds = (ms: number) => (ms / 1000).toFixed(1);
console.log(`${SECURITIES} securities × ${YEARS} years of weekday closes from ${START}\n`);
console.log(
  '| database | price-days | rows written | baseline: fetch + read (s) | sync (s) | sync ÷ baseline | rows/s | CPU baseline: process (s) | CPU sync: process + database backends (s) | second sync (s, rows) | peak RSS baseline → sync (MB) | peak heap baseline → sync (MB) | budget < 60 s |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const run of runs) {
  console.log(
    `| ${run.database} | ${run.priceDays.toLocaleString('en')} | ${run.rows.toLocaleString('en')} | ${seconds(run.baselineMs)} | ${seconds(run.syncMs)} | ${(run.syncMs / run.baselineMs).toFixed(1)}× | ${Math.round(run.rows / (run.syncMs / 1000)).toLocaleString('en')} | ${run.baselineCpuSeconds.toFixed(1)} | ${run.syncCpuSeconds.toFixed(1)} + ${run.syncDbCpuSeconds.toFixed(1)} | ${seconds(run.againMs)}, ${run.againRows} | ${run.baselineMemory.peakRssMb} → ${run.syncMemory.peakRssMb} | ${run.baselineMemory.peakHeapMb} → ${run.syncMemory.peakHeapMb} | ${run.syncMs < 60_000 ? 'met' : 'not met'} |`,
  );
}
// The pg-boss-free database handles and the loopback server are closed above; undici's keep-alive pool to
// the loopback server can still hold the loop open for its idle timeout.
process.exit(0);
