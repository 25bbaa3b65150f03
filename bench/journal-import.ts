// The journal import budget of issue 28, through the real server over HTTP:
//
//   node bench/journal-import.ts [--transactions 100000] [--stocks 1000] [--days 2600] [--databases postgresql,pglite]
//                                [--upload json|file] [--server-heap-mib N]
//
// Generates (seeded) a ledger journal of N transactions — buys, sells that never exceed the holding,
// dividends, fees and transfers over `stocks` stocks in three accounts — with a close for every stock and
// the EUR rate on each of `days` weekdays (1,000 × 2,600 = the issue's 2.6M prices). For each database
// (PostgreSQL when TEST_DATABASE_URL is set — a fresh database on that server, dropped after —, and the
// embedded PGlite) it starts the app as `npm start` does, signs a user up, makes a repository, and times
// POST journal_imports (202) until its task ends (polling GET journal_imports/:id), then the same journal
// again (it must add 0). Budget: under 60 s on PostgreSQL with bounded memory: the server's peak RSS
// (VmHWM) is read from /proc. Baseline in the same run: core's parse and mapping of the same text in this
// process, the floor an import stands on. Prints a markdown table.
//
// `--upload json` (default) sends the journal as the JSON route's `journal` string; `--upload file` posts it
// to the file store as the move-in screen does (POST journal_imports/uploads, then the multipart POST to its
// target, the local store's upload route, which streams it to disk; the task starts when it is stored).
// The server's peak RSS is also read right after the upload is answered: the upload's own share, before
// the reader's mapping sets the import's peak.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type RunningApp, startApp } from '../e2e/support/app-server.ts';
import { apiAs, createUser, type TE2eUser } from '../e2e/support/users.ts';
import { mapJournal } from '../packages/core/src/journals/map-journal.ts';
import { journalLines, parseJournal } from '../packages/core/src/journals/parse-journal.ts';
import { PlannedPrices } from '../packages/core/src/journals/planned-prices.ts';
import { generateJournal } from './journal-generator.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    stocks: { type: 'string', default: '1000' },
    days: { type: 'string', default: '2600' },
    databases: { type: 'string', default: 'postgresql,pglite' },
    upload: { type: 'string', default: 'json' },
    'server-heap-mib': { type: 'string' },
  },
});
if (values.upload !== 'json' && values.upload !== 'file') throw new Error('--upload is json or file');
const UPLOAD = values.upload;
// The server's V8 heap capped (NODE_OPTIONS=--max-old-space-size; the reader's thread has its own limit):
// the import must still succeed, memory being bounded by what it keeps, not by the journal's objects.
const SERVER_HEAP_MIB = values['server-heap-mib'] ? Number(values['server-heap-mib']) : null;
const COUNT = Number(values.transactions);
const STOCKS = Number(values.stocks);
const DAYS = Number(values.days);
const DATABASES = new Set(values.databases.split(',').map((name) => name.trim().toLowerCase()));

/** The server's peak resident set so far (VmHWM), in MiB; null without /proc. */
function peakRssMiB(app: RunningApp): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${app.pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

interface TTaskAnswer {
  id: string;
  status: string;
  error: string | null;
  result: { created: { transactions: number; prices: number }; skipped: { transactions: number } } | null;
}

/** Sends the journal as the chosen route does; answers the import's task id. */
async function send(app: RunningApp, user: TE2eUser, repositoryId: string, journal: string): Promise<string> {
  if (UPLOAD === 'json') {
    const task = await apiAs<TTaskAnswer>(app, user, 'POST', '/journal_imports', {
      repository_id: repositoryId,
      format: 'ledger',
      journal,
    });
    return task.id;
  }
  const target = await apiAs<{ url: string; fields: Record<string, string>; task_id: string }>(
    app,
    user,
    'POST',
    '/journal_imports/uploads',
    { repository_id: repositoryId, format: 'ledger' },
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new Blob([journal], { type: 'text/plain' }), 'bench.ledger');
  const stored = await fetch(target.url, { method: 'POST', body: form });
  if (stored.status !== 204) throw new Error(`upload ${stored.status}: ${await stored.text()}`);
  return target.task_id;
}

async function importOnce(app: RunningApp, user: TE2eUser, repositoryId: string, journal: string) {
  const started = performance.now();
  const taskId = await send(app, user, repositoryId, journal);
  const rssUpload = peakRssMiB(app);
  for (;;) {
    const now = await apiAs<TTaskAnswer>(app, user, 'GET', `/journal_imports/${taskId}`);
    if (now.status === 'succeeded')
      return { ms: performance.now() - started, result: now.result!, rssUpload };
    if (now.status !== 'waiting' && now.status !== 'running')
      throw new Error(`import ${now.status}: ${now.error}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface TRow {
  database: string;
  importMs: number;
  reimportMs: number;
  added: number;
  prices: number;
  again: number;
  skipped: number;
  rssBoot: number | null;
  rssUpload: number | null;
  rssImport: number | null;
  rssReimport: number | null;
}

async function runOn(database: string, env: Record<string, string>, journal: string): Promise<TRow> {
  const app = await startApp({
    ...env,
    LOG_LEVEL: 'warn',
    ...(SERVER_HEAP_MIB === null ? {} : { NODE_OPTIONS: `--max-old-space-size=${SERVER_HEAP_MIB}` }),
  });
  try {
    const user = await createUser(app, { email: `bench-${Date.now()}@example.com`, name: 'Bench' });
    const repository = await apiAs<{ id: string }>(app, user, 'POST', '/repositories', {
      name: 'Bench',
      currency: 'USD',
    });
    await apiAs(app, user, 'POST', `/repositories/${repository.id}/initialize`);
    const rssBoot = peakRssMiB(app);
    const first = await importOnce(app, user, repository.id, journal);
    const rssImport = peakRssMiB(app);
    const second = await importOnce(app, user, repository.id, journal);
    const row = {
      database,
      importMs: first.ms,
      reimportMs: second.ms,
      added: first.result.created.transactions,
      prices: first.result.created.prices,
      again: second.result.created.transactions,
      skipped: second.result.skipped.transactions,
      rssBoot,
      rssUpload: first.rssUpload,
      rssImport,
      rssReimport: peakRssMiB(app),
    };
    console.error(JSON.stringify(row));
    return row;
  } finally {
    await app.stop();
  }
}

const generated = generateJournal({ transactions: COUNT, stocks: STOCKS, days: DAYS });
const journal = generated.text;
globalThis.gc?.();
const parseStarted = performance.now();
// As the reader's worker does: line by line, each price packed as it is parsed.
const pricesSink = new PlannedPrices('USD');
const plan = mapJournal(parseJournal(journalLines(journal), 'ledger', { prices: pricesSink }), {
  currency: 'USD',
  prices: pricesSink,
});
const parseMs = performance.now() - parseStarted;
if (plan.refused.length > 0)
  throw new Error(`the generated journal has refused lines: ${JSON.stringify(plan.refused.slice(0, 3))}`);
const planned = plan.transactions.length;

const rows: TRow[] = [];
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
    rows.push(await runOn('PostgreSQL', { DATABASE_URL: url.toString() }, journal));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('(TEST_DATABASE_URL is not set: PostgreSQL is not measured)');
}
if (DATABASES.has('pglite')) rows.push(await runOn('PGlite', {}, journal));

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mib = (value: number | null) => (value === null ? '—' : `${Math.round(value)} MiB`);
console.log(
  `\nJournal import (--upload ${UPLOAD}${SERVER_HEAP_MIB === null ? '' : `, server heap capped at ${SERVER_HEAP_MIB} MiB`}): ${COUNT.toLocaleString('en')} journal transactions (${planned.toLocaleString('en')} smart transactions), ${generated.prices.toLocaleString('en')} prices, ${(journal.length / 1024 / 1024).toFixed(0)} MB (Node ${process.version})\n`,
);
console.log(
  '| database | parse + map (baseline) | import | import / baseline | transactions / prices added | peak RSS boot → upload answered → import | re-import | added / skipped | peak RSS after re-import |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.database} | ${s(parseMs)} | ${s(row.importMs)} | ${(row.importMs / parseMs).toFixed(1)}× | ${row.added} / ${row.prices} | ${mib(row.rssBoot)} → ${mib(row.rssUpload)} → ${mib(row.rssImport)} | ${s(row.reimportMs)} | ${row.again} / ${row.skipped} | ${mib(row.rssReimport)} |`,
  );
}
