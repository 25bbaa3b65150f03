// The analytics benchmark: our full engine (every dataset, monthly over 10 years) on generated
// repositories of 1k, 10k and 100k transactions, against ledger-cli's monthly valued register and
// hledger's monthly valued balance report of the same data, in the same run. Prints a markdown table.
//
//   npx node --expose-gc bench/analytics/run.ts [--sizes 1000,10000,100000] [--ledger-timeout 300]
//     [--hledger-timeout 300]
//
// Each size runs in a child process (so peak memory is that size's alone): load the JSON input, then
// time computeAnalytics once, cold (a fresh process, as the server's worker sees a request). "peak RSS"
// is the child's maximum resident set size (process.resourceUsage); "heap after" the heap in use right
// after the compute, with the input still loaded. Ratios are peer time / engine wall time.
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
  computeMs: number;
  /** CPU time of the compute (all threads: includes the GC's helper threads). */
  cpuMs: number;
  rows: number;
  maxRssMiB: number;
  rssBeforeMiB: number;
  heapAfterMiB: number;
}

const MiB = 1024 * 1024;

function child(file: string): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  let t = performance.now();
  // Prices arrive as columns (typed arrays), as the server builds them from its SQL rows.
  const input = fromColumnarJson(JSON.parse(readFileSync(file, 'utf8')));
  const loadMs = performance.now() - t;
  gc?.();
  const rssBefore = process.memoryUsage().rss;
  t = performance.now();
  const cpu = process.cpuUsage();
  const result = computeAnalytics(input);
  const computeMs = performance.now() - t;
  const cpuUsed = process.cpuUsage(cpu);
  const heapAfter = process.memoryUsage().heapUsed;
  const rows = Object.values(result).reduce((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
  const out: TChildResult = {
    end: input.request.end!,
    transactions: input.transactions.length,
    prices: input.price_series!.reduce((n, s) => n + s.days.length, 0),
    loadMs,
    computeMs,
    cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
    rows,
    maxRssMiB: (process.resourceUsage().maxRSS * 1024) / MiB,
    rssBeforeMiB: rssBefore / MiB,
    heapAfterMiB: heapAfter / MiB,
  };
  console.log(JSON.stringify(out));
}

/** A peer's report, timed; null when it failed or ran out of time. */
function peer(command: string, args: string[], timeoutSeconds: number): { ms: number | null; note: string } {
  const t = performance.now();
  const run = spawnSync(command, args, {
    timeout: timeoutSeconds * 1000,
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  const ms = performance.now() - t;
  if (run.error || run.status !== 0) {
    const why = run.error?.message.includes('ETIMEDOUT')
      ? `skipped: over ${timeoutSeconds} s`
      : `failed: ${run.stderr?.slice(0, 200) ?? run.error?.message}`;
    return { ms: null, note: why };
  }
  return { ms, note: '' };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,10000,100000' },
      'hledger-timeout': { type: 'string', default: '300' },
      'ledger-timeout': { type: 'string', default: '300' },
      child: { type: 'string' },
    },
  });
  if (values.child) return child(values.child);
  const sizes = values.sizes.split(',').map(Number);
  const hledgerVersion = execFileSync('hledger', ['--version'], { encoding: 'utf8' }).trim();
  const ledgerVersion = execFileSync('ledger', ['--version'], { encoding: 'utf8' }).split('\n')[0]!.trim();
  const lines = [
    `Analytics benchmark — node ${process.version}, ${ledgerVersion}, ${hledgerVersion}; every dataset, monthly over 10 years.`,
    '',
    '| transactions | assets | prices | engine compute | engine CPU | peak RSS | heap after | rows out | ledger reg -M -X USD | ratio | hledger bal -M -H --value=end,USD | ratio |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const size of sizes) {
    const base = join(OUT, `repository-${size}`);
    if (!existsSync(`${base}.json`)) {
      execFileSync(
        process.execPath,
        [
          'bench/analytics/generate.ts',
          '--transactions',
          String(size),
          '--assets',
          String(ASSETS[size] ?? 20),
        ],
        {
          stdio: 'inherit',
        },
      );
    }
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=4096', 'bench/analytics/run.ts', '--child', `${base}.json`],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      },
    );
    if (run.status !== 0) throw new Error(run.stderr);
    const r = JSON.parse(run.stdout.trim().split('\n').pop()!) as TChildResult;
    const end = r.end;
    const nextDay = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // ledger's nearest report: the monthly register of assets valued in USD (running total = market value).
    const l = peer(
      'ledger',
      ['-f', `${base}.ledger`, 'reg', '^assets', '-M', '-X', 'USD', '--collapse', '-e', nextDay],
      Number(values['ledger-timeout']),
    );
    const h = peer(
      'hledger',
      ['-f', `${base}.journal`, 'bal', 'assets', '-M', '-H', '--value=end,USD', '-O', 'csv', '-e', nextDay],
      Number(values['hledger-timeout']),
    );
    const cell = (p: { ms: number | null; note: string }) =>
      p.ms === null ? `${p.note} | —` : `${(p.ms / 1000).toFixed(2)} s | ${(p.ms / r.computeMs).toFixed(0)}×`;
    lines.push(
      `| ${r.transactions} | ${ASSETS[size] ?? '?'} | ${r.prices} | ${r.computeMs.toFixed(0)} ms | ${r.cpuMs.toFixed(0)} ms | ${r.maxRssMiB.toFixed(0)} MiB | ${r.heapAfterMiB.toFixed(0)} MiB | ${r.rows} | ${cell(l)} | ${cell(h)} |`,
    );
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
