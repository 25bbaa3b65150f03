// What asking for asset and position IRRs costs (issue 18 item 9), on a generated repository:
//
//   npx node bench/analytics/irr-scopes.ts [--file bench/out/analytics/repository-100000.json] [--repeat 5]
//     [--only 'board,by asset']
//
// Four requests a dashboard or the asset drawer makes, monthly over the generated repository's 10 years,
// alternated `--repeat` times in one process (the first round dropped: compiling), CPU time of each compute
// (process.cpuUsage; a shared 2-core machine makes wall time noisy), median:
//   board     — irr_moic_view for repository, account, tag (the IRR and MOIC widget by account)
//   by asset  — the same plus asset rows with their IRRs solved (the widget grouped by asset)
//   drawer    — value_view + irr_moic_view for asset and position rows, IRR solved for one asset only
//   all assets — the drawer's request without irr_asset_ids (every asset's and position's IRR): what the
//               narrowing saves
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { TAnalyticsRequest } from '../../packages/core/src/analytics/analytics-types.ts';
import { computeAnalytics } from '../../packages/core/src/analytics/compute-analytics.ts';
import { fromColumnarJson } from './generate.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: 'bench/out/analytics/repository-100000.json' },
    repeat: { type: 'string', default: '5' },
    /** Comma-separated request names to run (default all four). */
    only: { type: 'string' },
    /** Print { name: { solved, cpu: [ms…] } } as JSON instead of the table (for shapes-bench.ts). */
    json: { type: 'boolean', default: false },
  },
});
const input = fromColumnarJson(JSON.parse(readFileSync(values.file, 'utf8')));
const instrument = input.assets.find((asset) => asset.type === 'stock') ?? input.assets[0];
if (!instrument) throw new Error('no asset');
const base = { ...input.request, datasets: ['irr_moic_view'] } as TAnalyticsRequest;
const requests: Record<string, TAnalyticsRequest> = {
  board: { ...base, scope_kinds: ['repository', 'account', 'tag'] },
  'by asset': {
    ...base,
    scope_kinds: ['repository', 'account', 'asset', 'tag'],
    irr_scope_kinds: ['repository', 'account', 'asset', 'tag'],
  },
  drawer: {
    ...base,
    datasets: ['irr_moic_view', 'value_view'],
    scope_kinds: ['asset', 'position'],
    irr_scope_kinds: ['asset', 'position'],
    irr_asset_ids: [instrument.id],
  },
  'all assets': {
    ...base,
    datasets: ['irr_moic_view', 'value_view'],
    scope_kinds: ['asset', 'position'],
    irr_scope_kinds: ['asset', 'position'],
  },
};
if (values.only) {
  const wanted = values.only.split(',');
  for (const name of Object.keys(requests)) if (!wanted.includes(name)) delete requests[name];
}
const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(requests).map((name) => [name, []]));
const solved: Record<string, number> = {};
const rounds = Number(values.repeat) + 1;
for (let round = 0; round < rounds; round++) {
  for (const [name, request] of Object.entries(requests)) {
    const start = process.cpuUsage();
    const result = computeAnalytics({ ...input, request });
    const used = process.cpuUsage(start);
    if (round > 0) cpu[name]?.push((used.user + used.system) / 1000);
    solved[name] = (result.irr_moic_view ?? []).filter(
      (row) => row.period === -1 && row.irr_reason !== 'NOT_REQUESTED',
    ).length;
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;
if (values.json) {
  console.log(
    JSON.stringify(
      Object.fromEntries(
        Object.keys(requests).map((name) => [name, { solved: solved[name], cpu: cpu[name] }]),
      ),
    ),
  );
  process.exit(0);
}
console.log(`${values.file}: ${input.transactions.length} transactions, ${input.assets.length} assets`);
console.log('| request | IRRs solved | CPU ms (median) | runs |');
console.log('|---|---:|---:|---|');
for (const name of Object.keys(requests)) {
  const runs = cpu[name] ?? [];
  console.log(
    `| ${name} | ${solved[name]} | ${median(runs).toFixed(0)} | ${runs.map((ms) => ms.toFixed(0)).join(', ')} |`,
  );
}
