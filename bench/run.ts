// `npm run bench [-- name …]`: runs the benchmarks (all, or the named ones); each prints a markdown table.
// Figures and how they compare with their peers go in docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const benchmarks: Record<string, string> = {
  analytics: 'bench/analytics/run.ts',
  'analytics-growth': 'bench/analytics/growth.ts',
  transactions: 'bench/transactions/list.ts',
  'linked-data': 'bench/linked-data/transactions.ts',
  statements: 'bench/statements-parse.ts',
  rules: 'bench/rules.ts',
  'linked-import': 'bench/linked-import.ts',
  'market-data': 'bench/market-data.ts',
  'journal-import': 'bench/journal-import.ts',
  'multi-instance': 'bench/multi-instance.ts',
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${Object.keys(benchmarks).join(', ')}`);
  process.exit(2);
}

let failed = false;
for (const [name, script] of Object.entries(benchmarks)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  if (!existsSync(script)) {
    console.log(`(${name}: ${script} is not here)`);
    continue;
  }
  console.log(`\n## ${name}\n`);
  const run = spawnSync(process.execPath, ['--expose-gc', script], { stdio: 'inherit' });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
