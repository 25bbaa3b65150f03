// What keeping the ledger pass for the next request saves (issue 27: booking is most of a compute), on one
// generated repository, the way a worker meets a user's requests on one data version and timeline:
//
//   npx node bench/analytics/pass-reuse.ts [--file bench/out/analytics/shape-leaf-alternating-100000.json]
//     [--rounds 3]
//
// Each round runs two fresh processes (alternating which goes first): `fresh`, a ledger pass per request
// (the worker before pass-memo.ts), and `kept`, the worker's pass memo. Each process answers, in order,
//   board      — the dashboard: every dataset for repository, account and tag scopes (the IRR and MOIC
//                widget by account among them), the first request of a cold process
//   by asset   — the IRR and MOIC widget grouped by asset (asset IRRs solved)
//   drawer     — the asset drawer's values and IRRs for one asset and its positions
//   board again after a write — a new data key: the memo must book again
// CPU (process.cpuUsage) and wall of each compute; medians over the rounds, and the load average.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type {
  TAnalyticsInput,
  TAnalyticsRequest,
} from '../../packages/core/src/analytics/analytics-types.ts';
import { computeAnalytics } from '../../packages/core/src/analytics/compute-analytics.ts';
import { createPassMemo } from '../../packages/core/src/analytics/pass-memo.ts';
import { fromColumnarJson } from './generate.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: 'bench/out/analytics/shape-leaf-alternating-100000.json' },
    rounds: { type: 'string', default: '3' },
    /** Internal: run one process's sequence in this mode and print JSON. */
    child: { type: 'string' },
  },
});

const STEPS = ['board', 'by asset', 'drawer', 'board after a write'] as const;

function requestsOf(input: TAnalyticsInput): TAnalyticsRequest[] {
  const base = input.request;
  const boardScopes = ['repository', 'account', 'tag'] as const;
  const instrument = input.assets.find((asset) => asset.type === 'stock') ?? input.assets[0]!;
  return [
    { ...base, scope_kinds: [...boardScopes] },
    {
      ...base,
      datasets: ['irr_moic_view'],
      scope_kinds: ['repository', 'account', 'asset', 'tag'],
      irr_scope_kinds: ['repository', 'account', 'asset', 'tag'],
    },
    {
      ...base,
      datasets: ['irr_moic_view', 'value_view'],
      scope_kinds: ['asset', 'position'],
      irr_scope_kinds: ['asset', 'position'],
      irr_asset_ids: [instrument.id],
    },
    { ...base, scope_kinds: [...boardScopes] },
  ];
}

function child(mode: string): void {
  const input = fromColumnarJson(JSON.parse(readFileSync(values.file!, 'utf8'))) as TAnalyticsInput;
  const memo = createPassMemo();
  const out: { cpu: number; wall: number }[] = [];
  requestsOf(input).forEach((request, step) => {
    // The last step follows a write: a new data version, so a new data key.
    const dataKey = step === STEPS.length - 1 ? 'v2' : 'v1';
    const cpu = process.cpuUsage();
    const started = performance.now();
    if (mode === 'kept')
      memo.compute({ dataKey, request, today: input.today, currency: input.currency, input: () => input });
    else computeAnalytics({ ...input, request });
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    out.push({ cpu: (used.user + used.system) / 1000, wall });
  });
  console.log(JSON.stringify(out));
}

if (values.child) child(values.child);
else {
  const runs: Record<string, { cpu: number; wall: number }[][]> = { fresh: [], kept: [] };
  const loads: number[] = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = round % 2 === 0 ? ['fresh', 'kept'] : ['kept', 'fresh'];
    for (const mode of order) {
      loads.push(loadavg()[0]!);
      const run = spawnSync(
        process.execPath,
        [
          '--max-old-space-size=4096',
          'bench/analytics/pass-reuse.ts',
          '--file',
          values.file!,
          '--child',
          mode,
        ],
        { encoding: 'utf8', maxBuffer: 1 << 24 },
      );
      if (run.status !== 0) throw new Error(run.stderr);
      runs[mode]!.push(JSON.parse(run.stdout.trim().split('\n').pop()!));
      console.error(`round ${round + 1} ${mode} done`);
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)]!;
  console.log(`${values.file}, ${values.rounds} rounds, medians (CPU / wall, ms)\n`);
  console.log('| request | fresh pass: CPU | wall | kept pass: CPU | wall | kept / fresh (CPU) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  STEPS.forEach((step, s) => {
    const pick = (mode: string, field: 'cpu' | 'wall') => median(runs[mode]!.map((run) => run[s]![field]));
    console.log(
      `| ${step} | ${pick('fresh', 'cpu').toFixed(0)} | ${pick('fresh', 'wall').toFixed(0)} | ${pick('kept', 'cpu').toFixed(0)} | ${pick('kept', 'wall').toFixed(0)} | ${(pick('kept', 'cpu') / pick('fresh', 'cpu')).toFixed(2)} |`,
    );
  });
  console.log(
    `\nLoad average (1 min) at each process's start: ${loads.map((x) => x.toFixed(1)).join(', ')}; at the end ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}.`,
  );
}
