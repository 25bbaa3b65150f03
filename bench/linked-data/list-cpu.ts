// CPU per request of the linked transactions list against the smart-transactions list, for one or more
// checkouts of the server run alternately on one kept bench database (a machine shared with other work swings
// latencies several-fold; the CPU a request costs the server and its PostgreSQL backends swings far less):
//
//   node bench/linked-data/list-cpu.ts --database-url postgres://…/strata_bench_… --repository <id>
//     --email bench-…@example.com [--checkouts before=/tmp/old,after=.] [--rounds 2] [--amount 500]
//
// The database is one `bench/linked-data/transactions.ts --keep-database` left (100k linked rows and 100k smart
// transactions, the user's password 'correct horse battery'). Each checkout's server is started in turn (same
// DATA_DIR, so one sign-in serves all), warmed with 200 requests, then sent `amount` requests at 4 clients;
// the CPU ticks of the server process and of the database's backends (`/proc/<pid>/stat`) are read around it.
// The queries are transactions.ts's. Prints a markdown table.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    repository: { type: 'string' },
    email: { type: 'string' },
    checkouts: { type: 'string', default: 'current=.' },
    rounds: { type: 'string', default: '2' },
    amount: { type: 'string', default: '500' },
  },
});
const DATABASE_URL = values['database-url'] as string;
const REPOSITORY = values.repository as string;
const EMAIL = values.email as string;
if (!DATABASE_URL || !REPOSITORY || !EMAIL)
  throw new Error('--database-url, --repository and --email are needed');
const AMOUNT = Number(values.amount);
const CHECKOUTS = values.checkouts.split(',').map((pair) => pair.split('=') as [string, string]);
const CLOCK_TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux
const DATA_DIR = mkdtempSync(join(tmpdir(), 'strata-list-cpu-'));

/** User + system CPU of a process so far, in ms (0 once it has exited). */
function cpuMs(pid: number): number {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] as string).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_MS;
  } catch {
    return 0;
  }
}

let port = 4900;
let cookie = '';
async function startServer(dir: string): Promise<{ base: string; child: ChildProcess }> {
  port += 1;
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR,
      PUBLIC_URL: base,
      DATABASE_URL,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server in ${dir} exited`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (cookie === '') {
    const signedIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: EMAIL, password: 'correct horse battery' }),
    });
    if (!signedIn.ok) throw new Error(`sign-in answered ${signedIn.status}`);
    cookie = signedIn.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');
  }
  return { base, child };
}

const sort = JSON.stringify([{ field: 'date', sortDirection: 'descending' }]);
const page = { repository_id: REPOSITORY, page_size: '50', page_no: '3', sort };
const linkedQuery = new URLSearchParams({
  ...page,
  search: 'market',
  filter: JSON.stringify({
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
  }),
});
const smartQuery = new URLSearchParams({
  ...page,
  search: 'lot',
  filter: JSON.stringify({
    logic: 'AND',
    groups: [
      { logic: 'OR', params: [{ field: 'type', comparison: 'EQ', value: 'deposit' }] },
      { logic: 'AND', params: [{ field: 'date', comparison: 'AFTER', value: '2018-01-01' }] },
    ],
  }),
});

const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
const adminPid = (await admin.query('select pg_backend_pid() as pid')).rows[0].pid as number;
const databaseName = new URL(DATABASE_URL).pathname.slice(1);
async function backendPids(): Promise<number[]> {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1 and pid <> $2', [
    databaseName,
    adminPid,
  ]);
  return rows.map((row) => row.pid as number);
}

/** Server and database CPU per request, and the failures, for `amount` requests at 4 clients. */
async function measure(serverPid: number, url: string) {
  await autocannon({ url, connections: 4, amount: 200, headers: { cookie } });
  const atStart = new Map((await backendPids()).map((pid) => [pid, cpuMs(pid)]));
  const serverAtStart = cpuMs(serverPid);
  const result = await autocannon({ url, connections: 4, amount: AMOUNT, headers: { cookie } });
  // Backends present at both ends count their difference; one opened during the run counts all of its CPU.
  let database = 0;
  for (const pid of await backendPids()) database += cpuMs(pid) - (atStart.get(pid) ?? 0);
  return {
    server: (cpuMs(serverPid) - serverAtStart) / AMOUNT,
    database: database / AMOUNT,
    failures: result.errors + result.non2xx,
  };
}

const lines: string[] = [];
for (let round = 1; round <= Number(values.rounds); round += 1) {
  for (const [name, dir] of CHECKOUTS) {
    const { base, child } = await startServer(dir);
    try {
      const linked = await measure(
        child.pid as number,
        `${base}/api/linked_data/transactions?${linkedQuery}`,
      );
      const smart = await measure(child.pid as number, `${base}/api/transactions?${smartQuery}`);
      const cell = (m: typeof linked) =>
        `${m.server.toFixed(2)} + ${m.database.toFixed(2)} = ${(m.server + m.database).toFixed(2)} ms`;
      const ratio = (linked.server + linked.database) / (smart.server + smart.database);
      lines.push(
        `| ${round} | ${name} | ${cell(linked)} | ${cell(smart)} | ${ratio.toFixed(2)}× | ${linked.failures + smart.failures} |`,
      );
      console.log(lines.at(-1));
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}
await admin.end();
console.log(`\nCPU per request, ${AMOUNT} requests at 4 clients (server + PostgreSQL)\n`);
console.log('| round | code | linked list | smart list | linked / smart | failures |');
console.log('|---|---|---:|---:|---:|---:|');
console.log(lines.join('\n'));
