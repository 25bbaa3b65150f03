// When result-digest.ts says two engines' results differ, where and by how much: computes each of its
// requests with this checkout's engine and with another checkout's (`--before`, a path to that
// checkout's packages/core/src/analytics/compute-analytics.ts, e.g. from `git worktree add` or
// `git archive <commit> packages/core | tar -x -C /tmp/base`), walks both results side by side and prints
// every field that differs — the numbers with their relative difference — and the largest one.
//
//   npx node --max-old-space-size=6000 bench/analytics/result-compare.ts \
//     --before /tmp/base/packages/core/src/analytics/compute-analytics.ts bench/out/analytics/repository-10000.json …
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type {
  TAnalyticsInput,
  TAnalyticsRequest,
} from '../../packages/core/src/analytics/analytics-types.ts';
import { computeAnalytics } from '../../packages/core/src/analytics/compute-analytics.ts';
import { fromColumnarJson } from './generate.ts';
import { DIGEST_REQUESTS, LARGE } from './result-digest.ts';

const { values, positionals } = parseArgs({
  options: { before: { type: 'string' }, show: { type: 'string', default: '20' } },
  allowPositionals: true,
});
if (!values.before) throw new Error('--before <path to compute-analytics.ts> is required');
const base = (await import(resolve(values.before))) as {
  computeAnalytics: (input: TAnalyticsInput) => unknown;
};

type Difference = { path: string; before: unknown; after: unknown; relative: number };

/** Every leaf where the two values differ; numbers (typed arrays included) with |a − b| / max(1e-300, |a|, |b|). */
function compare(before: unknown, after: unknown, path: string, out: Difference[]): void {
  if (Object.is(before, after)) return;
  if (typeof before === 'number' && typeof after === 'number') {
    const relative = Math.abs(before - after) / Math.max(1e-300, Math.abs(before), Math.abs(after));
    out.push({ path, before, after, relative: Number.isNaN(relative) ? Number.POSITIVE_INFINITY : relative });
    return;
  }
  if (ArrayBuffer.isView(before) && ArrayBuffer.isView(after)) {
    const b = before as unknown as ArrayLike<number>;
    const a = after as unknown as ArrayLike<number>;
    if (b.length !== a.length)
      out.push({ path, before: b.length, after: a.length, relative: Number.POSITIVE_INFINITY });
    for (let i = 0; i < Math.min(b.length, a.length); i++) compare(b[i], a[i], `${path}[${i}]`, out);
    return;
  }
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    const rowName = (value: object) =>
      ['scope_kind', 'scope_id', 'period'].map((key) => (value as Record<string, unknown>)[key]).join('/');
    for (const key of keys) {
      const b = (before as Record<string, unknown>)[key];
      const a = (after as Record<string, unknown>)[key];
      const label = b && typeof b === 'object' && 'scope_id' in b ? `${key}(${rowName(b)})` : key;
      compare(b, a, `${path}.${label}`, out);
    }
    return;
  }
  out.push({ path, before, after, relative: Number.POSITIVE_INFINITY });
}

for (const file of positionals) {
  const input = fromColumnarJson(JSON.parse(readFileSync(file, 'utf8')));
  for (const [name, change] of Object.entries(DIGEST_REQUESTS)) {
    if (input.transactions.length >= LARGE && name !== 'default' && name !== 'fifo') continue;
    const request: TAnalyticsRequest = change(input.request);
    const differences: Difference[] = [];
    compare(
      base.computeAnalytics({ ...input, request }),
      computeAnalytics({ ...input, request }),
      '',
      differences,
    );
    const largest = differences.reduce((top, d) => Math.max(top, d.relative), 0);
    console.log(
      `${basename(file, '.json')} ${name}: ${differences.length} fields differ, largest relative difference ${largest.toExponential(2)}`,
    );
    for (const d of differences.sort((x, y) => y.relative - x.relative).slice(0, Number(values.show)))
      console.log(`  ${d.path}: ${String(d.before)} → ${String(d.after)} (${d.relative.toExponential(2)})`);
  }
}
