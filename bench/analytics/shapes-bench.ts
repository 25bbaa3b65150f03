// The engine on every shape of shapes.ts (and generate.ts's own repository), to report the worst shape, and
// optionally two checkouts alternated on the same files (before/after a change):
//
//   npx node bench/analytics/shapes-bench.ts [--size 100000] [--rounds 3] [--checkouts .,/tmp/base]
//     [--files repository-100000,shape-multi-root-100000] [--warm 3] [--repeat 3]
//
// Per file, per round, per checkout (in that order, so the checkouts alternate): fresh processes run
//   run.ts --child: the whole engine, every dataset, monthly over 10 years: cold (first compute in the
//     process: wall and CPU) and warm (fastest of 3 more, wall);
//   irr-scopes.ts --only 'board,by asset': CPU of the IRR and MOIC widget by account (repository, account,
//     tag IRRs) and grouped by asset (asset IRRs too), median of 3 after one dropped.
// Prints one markdown row per file and checkout with the medians over the rounds. Generate the files
// first (generate.ts, shapes.ts --shape all); a checkout is any directory holding this repository's
// bench/ and packages/ (a `git worktree` or `git archive` of another commit).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SHAPES } from './shapes.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    checkouts: { type: 'string', default: '.' },
    out: { type: 'string', default: 'bench/out/analytics' },
    /** Comma-separated file names (without .json) instead of every generated one. */
    files: { type: 'string' },
    warm: { type: 'string', default: '3' },
    repeat: { type: 'string', default: '3' },
  },
});
const names = values.files?.split(',') ?? [
  `repository-${values.size}`,
  ...SHAPES.map((shape) => `shape-${shape}-${values.size}`),
];
const files = names.map((name) => resolve(values.out, `${name}.json`)).filter((file) => existsSync(file));
const checkouts = values.checkouts.split(',').map((dir) => resolve(dir));

function node(cwd: string, args: string[]): string {
  const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${args.join(' ')} in ${cwd}: ${run.stderr}`);
  return run.stdout.trim().split('\n').pop()!;
}

type Sample = { cold: number; coldCpu: number; warm: number; board: number; byAsset: number; solved: string };
const samples = new Map<string, Sample[]>();
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)]!;

for (let round = 0; round < Number(values.rounds); round++) {
  for (const file of files) {
    for (const checkout of checkouts) {
      const engine = JSON.parse(
        node(checkout, [
          '--expose-gc',
          '--max-old-space-size=4096',
          'bench/analytics/run.ts',
          '--child',
          file,
          '--warm',
          values.warm,
        ]),
      ) as { computeMs: number; cpuMs: number; warmMs: number };
      const widget = JSON.parse(
        node(checkout, [
          '--max-old-space-size=4096',
          'bench/analytics/irr-scopes.ts',
          '--file',
          file,
          '--repeat',
          values.repeat,
          '--only',
          'board,by asset',
          '--json',
        ]),
      ) as Record<string, { solved: number; cpu: number[] }>;
      const key = `${file}\n${checkout}`;
      samples.set(key, [
        ...(samples.get(key) ?? []),
        {
          cold: engine.computeMs,
          coldCpu: engine.cpuMs,
          warm: engine.warmMs,
          board: median(widget.board!.cpu),
          byAsset: median(widget['by asset']!.cpu),
          solved: `${widget.board!.solved} / ${widget['by asset']!.solved}`,
        },
      ]);
      console.error(`round ${round + 1}: ${file} in ${checkout} done`);
    }
  }
}

console.log(
  '| file | checkout | IRRs solved (board / by asset) | engine cold wall | engine cold CPU | engine warm wall | widget board CPU | widget by asset CPU |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const [key, list] of samples) {
  const [file, checkout] = key.split('\n') as [string, string];
  const ms = (pick: (s: Sample) => number) => `${median(list.map(pick)).toFixed(0)} ms`;
  console.log(
    `| ${file.split('/').pop()} | ${checkout} | ${list[0]!.solved} | ${ms((s) => s.cold)} | ${ms((s) => s.coldCpu)} | ${ms((s) => s.warm)} | ${ms((s) => s.board)} | ${ms((s) => s.byAsset)} |`,
  );
}
console.log(
  `\nLoad average at the end: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}.`,
);
