// The linked-data import budgets of issue 21, through the real server over HTTP:
//
//   node bench/linked-import.ts [--transactions 100000] [--databases postgresql,pglite] [--kinds bank,investment]
//
// For each database (PostgreSQL when TEST_DATABASE_URL is set — a fresh database on that server, dropped
// after —, and the embedded PGlite) and each kind of file: start the app as `npm start` does, sign a user up,
// then time the import of a generated OFX 1.x file of N transactions the way the web does it — POST
// file_upload (manual_sync), the multipart upload of the file, POST linked_data/connectors/manual, and
// polling GET /api/tasks until the task ends — then the same file again into the same connector (it must add
// 0 rows). `bank` is a checking statement of N STMTTRN; `investment` a brokerage statement of N trades,
// dividends and reinvestments over 500 securities with 500 positions. Budgets: import under 10 s on
// PostgreSQL and 20 s on PGlite, re-import under 5 s, memory bounded: the server's peak RSS (VmHWM) is read
// from /proc after each step. Baseline in the same run: core's parse of the same bytes in this process
// (the floor an import stands on). Prints a markdown table.
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type RunningApp, startApp } from '../e2e/support/app-server.ts';
import { apiAs, createUser } from '../e2e/support/users.ts';
import { fromEpochDay } from '../packages/core/src/dates/epoch-day.ts';
import { parseStatement } from '../packages/core/src/statements/parse-statement.ts';
import { bankFile, importFile, seeded } from './linked-data/statement-files.ts';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '100000' },
    databases: { type: 'string', default: 'postgresql,pglite' },
    kinds: { type: 'string', default: 'bank,investment' },
  },
});
const COUNT = Number(values.transactions);
const DATABASES = new Set(values.databases.split(',').map((name) => name.trim().toLowerCase()));
const KINDS = values.kinds.split(',').map((name) => name.trim()) as ('bank' | 'investment')[];

/** A brokerage statement: N buys, sells, dividends and reinvestments over 500 stocks, 500 positions, SECLIST. */
function investmentFile(count: number): string {
  const random = seeded(11);
  const securities = Array.from({ length: 500 }, (_, index) => `US${String(index).padStart(9, '0')}0`);
  const lines: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const date = fromEpochDay(19_723 + Math.floor(random() * 366)).replaceAll('-', '');
    const security = securities[Math.floor(random() * securities.length)]!;
    const units = (1 + Math.floor(random() * 200)).toString();
    const price = (5 + random() * 500).toFixed(4);
    const total = (Number(units) * Number(price)).toFixed(2);
    const trade = `<INVTRAN><FITID>T${index}<DTTRADE>${date}<MEMO>Trade ${index}</INVTRAN><SECID><UNIQUEID>${security}<UNIQUEIDTYPE>ISIN</SECID>`;
    const pick = random();
    if (pick < 0.5)
      lines.push(
        `<BUYSTOCK><INVBUY>${trade}<UNITS>${units}<UNITPRICE>${price}<COMMISSION>1.00<TOTAL>-${total}<SUBACCTSEC>CASH<SUBACCTFUND>CASH</INVBUY><BUYTYPE>BUY</BUYSTOCK>`,
      );
    else if (pick < 0.75)
      lines.push(
        `<SELLSTOCK><INVSELL>${trade}<UNITS>-${units}<UNITPRICE>${price}<COMMISSION>1.00<TOTAL>${total}<SUBACCTSEC>CASH<SUBACCTFUND>CASH</INVSELL><SELLTYPE>SELL</SELLSTOCK>`,
      );
    else if (pick < 0.9)
      lines.push(
        `<INCOME>${trade}<INCOMETYPE>DIV<TOTAL>${(random() * 100).toFixed(2)}<SUBACCTSEC>CASH<SUBACCTFUND>CASH</INCOME>`,
      );
    else
      lines.push(
        `<REINVEST>${trade}<INCOMETYPE>DIV<TOTAL>-${total}<SUBACCTSEC>CASH<UNITS>${units}<UNITPRICE>${price}</REINVEST>`,
      );
  }
  const positions = securities.map(
    (security, index) =>
      `<POSSTOCK><INVPOS><SECID><UNIQUEID>${security}<UNIQUEIDTYPE>ISIN</SECID><HELDINACCT>CASH<POSTYPE>LONG<UNITS>${index + 1}<UNITPRICE>10.5<MKTVAL>${((index + 1) * 10.5).toFixed(2)}<DTPRICEASOF>20241231</INVPOS></POSSTOCK>`,
  );
  const seclist = securities.map(
    (security, index) =>
      `<STOCKINFO><SECINFO><SECID><UNIQUEID>${security}<UNIQUEIDTYPE>ISIN</SECID><SECNAME>Company ${index} Inc<TICKER>C${index}</SECINFO></STOCKINFO>`,
  );
  return [
    'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n',
    '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20250101<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>',
    '<INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><INVSTMTRS><DTASOF>20241231<CURDEF>USD',
    '<INVACCTFROM><BROKERID>broker.example<ACCTID>X-123456</INVACCTFROM><INVTRANLIST><DTSTART>20240101<DTEND>20241231',
    lines.join('\n'),
    '</INVTRANLIST><INVPOSLIST>',
    positions.join('\n'),
    '</INVPOSLIST><INVBAL><AVAILCASH>1000.00<MARGINBALANCE>0<SHORTBALANCE>0</INVBAL></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>',
    '<SECLISTMSGSRSV1><SECLIST>',
    seclist.join('\n'),
    '</SECLIST></SECLISTMSGSRSV1></OFX>\n',
  ].join('\n');
}

/** The server's peak resident set so far (VmHWM), or its resident set now (VmRSS), in MiB; null without /proc. */
function peakRssMiB(app: RunningApp, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${app.pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system, all threads) a process has used, from /proc/<pid>/stat; 0 when it is gone. */
function cpuSecondsOf(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds the server and every local PostgreSQL process have used so far (the machine is shared). */
function cpuNow(app: RunningApp): { server: number; postgres: number } {
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres += cpuSecondsOf(entry);
    } catch {
      // ended meanwhile
    }
  }
  return { server: app.pid ? cpuSecondsOf(app.pid) : 0, postgres };
}

/**
 * The largest VmRSS seen every 50 ms while `work` runs, in MiB: the import's own peak, which VmHWM hides on
 * PGlite (its boot peaks higher than any import).
 */
async function sampledPeakRss<T>(
  app: RunningApp,
  work: () => Promise<T>,
): Promise<{ value: T; peak: number | null }> {
  let peak: number | null = null;
  const sample = () => {
    const rss = peakRssMiB(app, 'VmRSS');
    if (rss !== null) peak = Math.max(peak ?? 0, rss);
  };
  const timer = setInterval(sample, 50);
  try {
    const value = await work();
    sample();
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

interface TRow {
  database: string;
  kind: string;
  megabytes: number;
  parseMs: number;
  importMs: number;
  importTaskMs: number;
  uploadMs: number;
  added: number;
  rssBoot: number | null;
  /** VmRSS just before the import starts. */
  rssBeforeImport: number | null;
  rssImport: number | null;
  /** The largest VmRSS sampled during the import (and the re-import). */
  rssImportSampled: number | null;
  rssReimportSampled: number | null;
  /** CPU seconds of the server process and of PostgreSQL during the import and the re-import. */
  cpuImport: { server: number; postgres: number };
  cpuReimport: { server: number; postgres: number };
  reimportMs: number;
  reimportTaskMs: number;
  reimportAdded: number;
  reimportSkipped: number;
  rssReimport: number | null;
  rssAfter: number | null;
}

async function runOn(
  database: string,
  env: Record<string, string>,
  files: Map<string, Uint8Array>,
): Promise<TRow[]> {
  const rows: TRow[] = [];
  for (const [kind, bytes] of files) {
    // A fresh server per file, so each peak RSS is that import's.
    const app = await startApp({ ...env, LOG_LEVEL: 'warn' });
    try {
      const user = await createUser(app, { email: `bench-${Date.now()}@example.com`, name: 'Bench' });
      const repository = await apiAs<{ id: string }>(app, user, 'POST', '/repositories', {
        name: 'Bench',
        currency: 'USD',
      });
      const rssBoot = peakRssMiB(app);
      globalThis.gc?.();
      const parseStarted = performance.now();
      const parsed = parseStatement(bytes);
      const parseMs = performance.now() - parseStarted;
      if (!parsed.ok) throw new Error(parsed.error.message);
      const cpu0 = cpuNow(app);
      const rssBefore = peakRssMiB(app, 'VmRSS');
      const { value: first, peak: rssImportSampled } = await sampledPeakRss(app, () =>
        importFile(app, user, repository.id, bytes, undefined),
      );
      const cpu1 = cpuNow(app);
      const rssImport = peakRssMiB(app);
      const { value: again, peak: rssReimportSampled } = await sampledPeakRss(app, () =>
        importFile(app, user, repository.id, bytes, first.result.connector_id as string),
      );
      const cpu2 = cpuNow(app);
      const spent = (from: typeof cpu0, to: typeof cpu0) => ({
        server: to.server - from.server,
        postgres: to.postgres - from.postgres,
      });
      rows.push({
        database,
        kind,
        megabytes: bytes.length / 1024 / 1024,
        parseMs,
        importMs: first.ms,
        importTaskMs: first.taskMs,
        uploadMs: first.uploadMs,
        added: first.result.added as number,
        rssBoot,
        rssImport,
        rssBeforeImport: rssBefore,
        rssImportSampled,
        rssReimportSampled,
        cpuImport: spent(cpu0, cpu1),
        cpuReimport: spent(cpu1, cpu2),
        reimportMs: again.ms,
        reimportTaskMs: again.taskMs,
        reimportAdded: again.result.added as number,
        reimportSkipped: again.result.skipped_duplicate as number,
        rssReimport: peakRssMiB(app),
        rssAfter: peakRssMiB(app, 'VmRSS'),
      });
      console.error(JSON.stringify(rows.at(-1)));
    } finally {
      await app.stop();
    }
  }
  return rows;
}

const files = new Map<string, Uint8Array>();
for (const kind of KINDS) {
  files.set(kind, new TextEncoder().encode(kind === 'bank' ? bankFile(COUNT) : investmentFile(COUNT)));
}

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
    rows.push(...(await runOn('PostgreSQL', { DATABASE_URL: url.toString() }, files)));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('(TEST_DATABASE_URL is not set: PostgreSQL is not measured)');
}
if (DATABASES.has('pglite')) rows.push(...(await runOn('PGlite', {}, files)));

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
// Every local PostgreSQL process counts (other users' too: an upper bound); PGlite runs inside the server.
const cpu = (value: { server: number; postgres: number }, database: string) =>
  database === 'PGlite'
    ? `${value.server.toFixed(1)} s`
    : `${value.server.toFixed(1)} + ${value.postgres.toFixed(1)} s`;
const mib = (value: number | null) => (value === null ? '—' : `${Math.round(value)} MiB`);
console.log(
  `\nLinked import, ${COUNT.toLocaleString('en')} transactions per file (Node ${process.version})\n`,
);
console.log(
  '| database | file | size | parse (baseline) | import | of which task | import / parse | CPU server + PostgreSQL | rows added | peak RSS boot → import | re-import | of which task | CPU server + PostgreSQL | added / skipped | peak RSS after re-import | RSS at the end | RSS before → sampled peak during import | during re-import |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.database} | ${row.kind} | ${row.megabytes.toFixed(0)} MB | ${s(row.parseMs)} | ${s(row.importMs)} | ${s(row.importTaskMs)} | ${(row.importMs / row.parseMs).toFixed(1)}× | ${cpu(row.cpuImport, row.database)} | ${row.added} | ${mib(row.rssBoot)} → ${mib(row.rssImport)} | ${s(row.reimportMs)} | ${s(row.reimportTaskMs)} | ${cpu(row.cpuReimport, row.database)} | ${row.reimportAdded} / ${row.reimportSkipped} | ${mib(row.rssReimport)} | ${mib(row.rssAfter)} | ${mib(row.rssBeforeImport)} → ${mib(row.rssImportSampled)} | ${mib(row.rssReimportSampled)} |`,
  );
}
