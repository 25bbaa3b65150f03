// The pass memo must answer byte for byte what a fresh compute answers: on a generated repository, a
// sequence of requests on one timeline (every dataset, each scope kind alone, the widget grouped by asset,
// the drawer's, positions twice), each answered by the memo after the others and by a fresh pass, compared
// by SHA-256 of the exact JSON (result-digest.ts's spelling of −0, NaN and typed arrays).
//
//   npx node --max-old-space-size=6000 bench/analytics/pass-reuse-digest.ts bench/out/analytics/<file>.json …
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { TAnalyticsRequest, TScopeKind } from '../../packages/core/src/analytics/analytics-types.ts';
import { computeAnalytics } from '../../packages/core/src/analytics/compute-analytics.ts';
import { createPassMemo } from '../../packages/core/src/analytics/pass-memo.ts';
import { fromColumnarJson } from './generate.ts';
import { exact } from './result-digest.ts';

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value, exact)).digest('hex');
let differing = 0;
for (const file of process.argv.slice(2)) {
  const input = fromColumnarJson(JSON.parse(readFileSync(file, 'utf8')));
  const base = input.request;
  const instrument = input.assets.find((asset) => asset.type === 'stock') ?? input.assets[0]!;
  const kinds: TScopeKind[] = ['repository', 'account', 'asset', 'tag', 'position'];
  const requests: [string, TAnalyticsRequest][] = [
    ['every dataset', base],
    ...kinds.map((kind): [string, TAnalyticsRequest] => [`${kind} scopes`, { ...base, scope_kinds: [kind] }]),
    [
      'by asset',
      { ...base, datasets: ['irr_moic_view'], irr_scope_kinds: ['repository', 'account', 'asset', 'tag'] },
    ],
    [
      'drawer',
      {
        ...base,
        datasets: ['irr_moic_view', 'value_view'],
        scope_kinds: ['asset', 'position'],
        irr_scope_kinds: ['asset', 'position'],
        irr_asset_ids: [instrument.id],
      },
    ],
    ['positions', { ...base, datasets: ['position_view'] }],
    ['positions again', { ...base, datasets: ['position_view', 'commitments_view'] }],
  ];
  const memo = createPassMemo();
  for (const [name, request] of requests) {
    const kept = digest(
      memo.compute({
        dataKey: file,
        request,
        today: input.today,
        currency: input.currency,
        input: () => input,
      }),
    );
    const fresh = digest(computeAnalytics({ ...input, request }));
    if (kept !== fresh) differing++;
    console.log(
      `${kept === fresh ? 'same' : 'DIFFERENT'} ${kept.slice(0, 16)} ${basename(file, '.json')} ${name}`,
    );
  }
  console.log(`${basename(file, '.json')}: ${memo.passes} pass(es) for ${requests.length} requests`);
}
process.exit(differing === 0 ? 0 : 1);
