// Issue 27's growth: the engine on every dataset (monthly over 10 years, repository/account/tag IRRs) at 1k, 10k,
// 100k and 1M transactions (20, 200, 1,000 and 10,000 stocks; prices every weekday: 55k → 26M closes).
//
//   node bench/analytics/growth.ts [--sizes 1000,10000,100000,1000000] [--warm 1]
//
// Each size runs in a fresh child process, as a worker would: the repository is generated in the child with
// prices as columns and no journals (bench/analytics/run.ts writes JSON and the peers' journals, which at 1M
// would be 26M `P` lines), garbage is collected, the peak-RSS mark is reset (/proc/self/clear_refs), then
// computeAnalytics runs once cold and `--warm` more times. Reported: cold wall and CPU time, the fastest warm
// run, the heap the input holds, and the peak RSS from the reset to the end — the worker's footprint with its
// input (budget at 1M: 10 s and 4 GiB). The child's heap limit is 12 GiB because the generator needs it at 1M
// (a heap limit is per process); the 4 GiB budget is checked on the peak RSS measured after the reset.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { TAnalyticsResult } from '../../packages/core/src/analytics/analytics-types.ts';
import { computeAnalytics } from '../../packages/core/src/analytics/compute-analytics.ts';
import { generateRepository } from '../../packages/core/src/testing/generate-repository.ts';

const STOCKS: Record<number, number> = { 1000: 20, 10000: 200, 100000: 1000, 1000000: 10000 };
const MiB = 1024 * 1024;

interface TChildResult {
  transactions: number;
  stocks: number;
  closes: number;
  generateMs: number;
  inputHeapMiB: number;
  coldMs: number;
  coldCpuMs: number;
  warmMs: number | null;
  rows: number;
  peakRssMiB: number;
}

/** VmHWM, the peak resident set since the process started or since the last reset. */
function peakRssMiB(): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN) / 1024;
}

function child(size: number, warmRuns: number): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  const started = performance.now();
  const input = generateRepository({
    transactions: size,
    assets: STOCKS[size] ?? 20,
    years: 10,
    text: false,
  }).input;
  const generateMs = performance.now() - started;
  gc?.();
  const inputHeapMiB = process.memoryUsage().heapUsed / MiB;
  // Forget the generator's peak: from here the process holds what a worker holds (its input), then computes.
  writeFileSync('/proc/self/clear_refs', '5');
  const cpuBefore = process.cpuUsage();
  let t = performance.now();
  let result: TAnalyticsResult | null = computeAnalytics(input);
  const coldMs = performance.now() - t;
  const cpu = process.cpuUsage(cpuBefore);
  const rows = Object.values(result).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
  let warmMs: number | null = null;
  for (let i = 0; i < warmRuns; i++) {
    result = null;
    gc?.();
    t = performance.now();
    result = computeAnalytics(input);
    const ms = performance.now() - t;
    warmMs = warmMs === null ? ms : Math.min(warmMs, ms);
  }
  const out: TChildResult = {
    transactions: input.transactions.length,
    stocks: STOCKS[size] ?? 20,
    closes: (input.price_series ?? []).reduce((n, s) => n + s.days.length, 0),
    generateMs,
    inputHeapMiB,
    coldMs,
    coldCpuMs: (cpu.user + cpu.system) / 1000,
    warmMs,
    rows,
    peakRssMiB: peakRssMiB(),
  };
  console.log(JSON.stringify(out));
}

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000,1000000' },
    warm: { type: 'string', default: '1' },
    child: { type: 'string' },
  },
});

if (values.child !== undefined) {
  child(Number(values.child), Number(values.warm));
} else {
  const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  const lines = [
    `Engine growth — node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} at start; every dataset, monthly over 10 years.`,
    '',
    '| transactions | stocks | closes | input heap | engine cold | CPU (cold) | warm | rows out | peak RSS (input + compute) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const size of values.sizes.split(',').map(Number)) {
    const run = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        '--max-old-space-size=12288',
        'bench/analytics/growth.ts',
        '--child',
        String(size),
        '--warm',
        values.warm,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    if (run.status !== 0) {
      lines.push(
        `| ${fmt(size)} | ${STOCKS[size] ?? 20} | — | — | failed: ${(run.stderr || String(run.signal)).slice(-200).replaceAll('\n', ' ')} | | | | |`,
      );
      continue;
    }
    const r = JSON.parse(run.stdout.trim().split('\n').pop() as string) as TChildResult;
    lines.push(
      `| ${fmt(r.transactions)} | ${fmt(r.stocks)} | ${fmt(r.closes)} | ${fmt(r.inputHeapMiB)} MiB | ${fmt(r.coldMs)} ms | ${fmt(r.coldCpuMs)} ms | ${r.warmMs === null ? '—' : `${fmt(r.warmMs)} ms`} | ${fmt(r.rows)} | ${fmt(r.peakRssMiB)} MiB |`,
    );
    console.error(lines.at(-1));
  }
  lines.push(
    '',
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  console.log(lines.join('\n'));
}
