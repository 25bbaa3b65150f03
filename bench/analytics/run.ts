// The analytics benchmark: our full engine (every dataset, monthly over 10 years) on generated
// repositories of 1k, 10k and 100k transactions, against ledger-cli's monthly valued register and
// hledger's monthly valued balance report of the same data, in the same run. Prints a markdown table.
//
//   node bench/analytics/run.ts [--sizes 1000,10000,100000] [--repeat 3] [--warm 4]
//     [--ledger-timeout 600] [--hledger-timeout 300] [--hledger-max 10000]
//
// Each size runs in `--repeat` fresh child processes (so peak memory is that size's alone): load the
// JSON input, time computeAnalytics once cold (nothing compiled yet: a worker's first request), then
// `--warm` more times (the server's pooled workers stay alive, so later requests run warm). The table
// gives the median cold run with its CPU time and peak RSS (process.resourceUsage), and the fastest
// warm run: a shared 2-core machine is noisy. The peers run once each; ledger-cli past its timeout is
// reported as "> N s" with a power-law extrapolation from the two smaller sizes. Ratios are peer time
// / engine time.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { computeAnalytics } from '../../packages/core/src/analytics/compute-analytics.ts';
import { fromColumnarJson } from './generate.ts';

const OUT = 'bench/out/analytics';
const ASSETS: Record<number, number> = { 1000: 20, 10000: 200, 100000: 1000 };

interface TChildResult {
  end: string;
  transactions: number;
  prices: number;
  loadMs: number;
  /** The first compute in the process (cold: nothing compiled yet). */
  computeMs: number;
  /** CPU time of that compute (all threads: includes the GC's and the compiler's helper threads). */
  cpuMs: number;
  /** The fastest of the next computes in the same process (warm, as a pooled worker after its first request). */
  warmMs: number;
  rows: number;
  /** Peak resident set size right after the cold compute. */
  maxRssMiB: number;
  rssBeforeMiB: number;
  heapAfterMiB: number;
}

const MiB = 1024 * 1024;

function child(file: string, warmRuns: number): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  let t = performance.now();
  // Prices arrive as columns (typed arrays), as the server builds them from its SQL rows.
  const input = fromColumnarJson(JSON.parse(readFileSync(file, 'utf8')));
  const loadMs = performance.now() - t;
  gc?.();
  const rssBefore = process.memoryUsage().rss;
  t = performance.now();
  const cpu = process.cpuUsage();
  let result: ReturnType<typeof computeAnalytics> | null = computeAnalytics(input);
  const computeMs = performance.now() - t;
  const cpuUsed = process.cpuUsage(cpu);
  const maxRssMiB = (process.resourceUsage().maxRSS * 1024) / MiB;
  const heapAfter = process.memoryUsage().heapUsed;
  const rows = Object.values(result).reduce((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
  let warmMs = Number.NaN;
  for (let i = 0; i < warmRuns; i++) {
    result = null;
    gc?.();
    t = performance.now();
    result = computeAnalytics(input);
    warmMs = Math.min(performance.now() - t, Number.isNaN(warmMs) ? Number.POSITIVE_INFINITY : warmMs);
  }
  const out: TChildResult = {
    end: input.request.end!,
    transactions: input.transactions.length,
    prices: input.price_series!.reduce((n, s) => n + s.days.length, 0),
    loadMs,
    computeMs,
    cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
    warmMs,
    rows,
    maxRssMiB,
    rssBeforeMiB: rssBefore / MiB,
    heapAfterMiB: heapAfter / MiB,
  };
  console.log(JSON.stringify(out));
}

interface TPeerRun {
  /** Wall time, or null when it failed or ran out of time. */
  ms: number | null;
  maxRssMiB: number | null;
  note: string;
}

/** A peer's report, timed (through /usr/bin/time for its peak memory when that exists). */
function peer(command: string, args: string[], timeoutSeconds: number): TPeerRun {
  const timed = existsSync('/usr/bin/time');
  const t = performance.now();
  const run = spawnSync(timed ? '/usr/bin/time' : command, timed ? ['-f', '%M', command, ...args] : args, {
    timeout: timeoutSeconds * 1000,
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  const ms = performance.now() - t;
  if (run.error || run.status !== 0) {
    const isTimeout = run.error?.message.includes('ETIMEDOUT') || run.signal === 'SIGTERM';
    const why = isTimeout
      ? `> ${timeoutSeconds} s`
      : `failed: ${run.stderr?.slice(0, 200) ?? run.error?.message}`;
    return { ms: null, maxRssMiB: null, note: why };
  }
  const kib = timed ? Number(run.stderr.trim().split('\n').pop()) : Number.NaN;
  return { ms, maxRssMiB: Number.isFinite(kib) ? kib / 1024 : null, note: '' };
}

/** Time at `size` from a power law through two measured sizes (for a peer that ran out of time). */
function extrapolate(known: { size: number; ms: number }[], size: number): number | null {
  if (known.length < 2) return null;
  const [a, b] = known.slice(-2) as [{ size: number; ms: number }, { size: number; ms: number }];
  const exponent = Math.log(b.ms / a.ms) / Math.log(b.size / a.size);
  return b.ms * (size / b.size) ** exponent;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,10000,100000' },
      repeat: { type: 'string', default: '3' },
      warm: { type: 'string', default: '4' },
      'ledger-timeout': { type: 'string', default: '600' },
      'hledger-timeout': { type: 'string', default: '300' },
      /** hledger needed over 240 s and 5.6 GB at 100k in an earlier run: by default it stops at 10k. */
      'hledger-max': { type: 'string', default: '10000' },
      child: { type: 'string' },
    },
  });
  if (values.child) return child(values.child, Number(values.warm));
  const sizes = values.sizes.split(',').map(Number);
  const repeat = Number(values.repeat);
  const hledgerVersion = execFileSync('hledger', ['--version'], { encoding: 'utf8' }).trim();
  const ledgerVersion = execFileSync('ledger', ['--version'], { encoding: 'utf8' }).split('\n')[0]!.trim();
  const lines = [
    `Analytics benchmark — node ${process.version}, ${ledgerVersion}, ${hledgerVersion}; every dataset, monthly over 10 years.`,
    `Engine: ${repeat} fresh processes per size. Cold = the first compute in a process (median of the ${repeat}; its CPU time and peak RSS); warm = the fastest of ${values.warm} more computes in the same processes (a pooled worker after its first request).`,
    '',
    '| transactions | assets | price rows | engine cold | engine CPU (cold) | engine warm | peak RSS | rows out | ledger reg -M -X USD | ledger peak RSS | ledger / engine cold | ledger / engine warm | hledger bal -M -H --value=end,USD | hledger / engine cold |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const ledgerTimes: { size: number; ms: number }[] = [];
  for (const size of sizes) {
    const base = join(OUT, `repository-${size}`);
    if (!existsSync(`${base}.json`) || !existsSync(`${base}.ledger`)) {
      execFileSync(
        process.execPath,
        [
          'bench/analytics/generate.ts',
          '--transactions',
          String(size),
          '--assets',
          String(ASSETS[size] ?? 20),
        ],
        { stdio: 'inherit' },
      );
    }
    const runs: TChildResult[] = [];
    for (let i = 0; i < repeat; i++) {
      const run = spawnSync(
        process.execPath,
        [
          '--expose-gc',
          '--max-old-space-size=4096',
          'bench/analytics/run.ts',
          '--child',
          `${base}.json`,
          '--warm',
          values.warm,
        ],
        { encoding: 'utf8', maxBuffer: 1 << 26 },
      );
      if (run.status !== 0) throw new Error(run.stderr);
      runs.push(JSON.parse(run.stdout.trim().split('\n').pop()!) as TChildResult);
    }
    const byTime = [...runs].sort((x, y) => x.computeMs - y.computeMs);
    const r = byTime[Math.floor((byTime.length - 1) / 2)]!;
    const warmMs = Math.min(...runs.map((run) => run.warmMs));
    const end = r.end;
    const nextDay = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // ledger's nearest report: the monthly register of assets at market value in USD (its running
    // total is the market value at each month's end).
    const l = peer(
      'ledger',
      ['-f', `${base}.ledger`, 'reg', '^assets', '-M', '--collapse', '-X', 'USD', '-e', nextDay],
      Number(values['ledger-timeout']),
    );
    if (l.ms !== null) ledgerTimes.push({ size, ms: l.ms });
    const h: TPeerRun =
      size <= Number(values['hledger-max'])
        ? peer(
            'hledger',
            [
              '-f',
              `${base}.journal`,
              'bal',
              'assets',
              '-M',
              '-H',
              '--value=end,USD',
              '-O',
              'csv',
              '-e',
              nextDay,
            ],
            Number(values['hledger-timeout']),
          )
        : { ms: null, maxRssMiB: null, note: 'not run' };
    const ledgerCell = () => {
      if (l.ms !== null) return `${(l.ms / 1000).toFixed(2)} s`;
      const guess = extrapolate(ledgerTimes, size);
      return guess === null ? l.note : `${l.note} (≈ ${(guess / 1000).toFixed(0)} s extrapolated)`;
    };
    const timeout = Number(values['ledger-timeout']) * 1000;
    const ratio = (p: TPeerRun, engineMs: number) => {
      if (p.ms !== null) return `${(p.ms / engineMs).toFixed(0)}×`;
      return p.note.startsWith('>') ? `> ${(timeout / engineMs).toFixed(0)}×` : '—';
    };
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    lines.push(
      `| ${r.transactions} | ${ASSETS[size] ?? '?'} | ${r.prices} | ${ms(r.computeMs)} | ${ms(r.cpuMs)} | ${ms(warmMs)} | ${r.maxRssMiB.toFixed(0)} MiB | ${r.rows} | ${ledgerCell()} | ${l.maxRssMiB === null ? '—' : `${l.maxRssMiB.toFixed(0)} MiB`} | ${ratio(l, r.computeMs)} | ${ratio(l, warmMs)} | ${h.ms === null ? h.note : `${(h.ms / 1000).toFixed(2)} s`} | ${h.ms === null ? '—' : ratio(h, r.computeMs)} |`,
    );
    console.error(lines.at(-1));
  }
  lines.push(
    '',
    `Load average at the end: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(
        ' ',
      )} (${availableParallelism()} cores). Peak RSS includes the parsed input (prices as typed arrays, as the server hands them over).`,
  );
  console.log(lines.join('\n'));
}

await main();
