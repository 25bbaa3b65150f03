// A fingerprint of the engine's answers, for refactors that must not change a byte of them: the SHA-256
// of each result as JSON (with −0, NaN, ±Infinity and typed arrays spelled out, which JSON.stringify
// would blur), for several requests on each generated repository. Run it before and after a change
// and compare the lines.
//
//   npx node --max-old-space-size=6000 bench/analytics/result-digest.ts bench/out/analytics/repository-10000.json …
//
// (bench/analytics/generate.ts writes the repositories.) Requests: the benchmark's own (every dataset,
// monthly over 10 years), FIFO cost, EUR as the reporting currency, the two brokerages as the scope,
// and 60 weeks with per-period IRR for every scope kind; at 100k and more only the first two.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { TAnalyticsRequest } from '../../packages/core/src/analytics/analytics-types.ts';
import { computeAnalytics } from '../../packages/core/src/analytics/compute-analytics.ts';
import { fromColumnarJson } from './generate.ts';

/** Also result-compare.ts's requests. */
export const DIGEST_REQUESTS: Record<string, (request: TAnalyticsRequest) => TAnalyticsRequest> = {
  default: (request) => request,
  fifo: (request) => ({ ...request, cost_method: 'fifo' }),
  eur: (request) => ({ ...request, currency: 'EUR' }),
  brokerages: (request) => ({ ...request, scope: ['us-brokerage', 'eu-brokerage'] }),
  weekly: (request) => ({
    ...request,
    freq: 'week',
    periods: 60,
    irr_per_period: true,
    irr_scope_kinds: ['repository', 'account', 'tag', 'asset', 'position'],
  }),
};
export const LARGE = 100_000;

export function exact(_key: string, value: unknown): unknown {
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return '#-0';
    if (!Number.isFinite(value)) return `#${value}`;
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView))
    return { [value.constructor.name]: Array.from(value as Float64Array, (x) => exact('', x)) };
  return value;
}

if (import.meta.main) {
  for (const file of process.argv.slice(2)) {
    const input = fromColumnarJson(JSON.parse(readFileSync(file, 'utf8')));
    for (const [name, change] of Object.entries(DIGEST_REQUESTS)) {
      if (input.transactions.length >= LARGE && name !== 'default' && name !== 'fifo') continue;
      const text = JSON.stringify(computeAnalytics({ ...input, request: change(input.request) }), exact);
      const hash = createHash('sha256').update(text).digest('hex');
      console.log(
        `${hash} ${basename(file, '.json')} ${name} (${text.length.toLocaleString('en')} characters)`,
      );
    }
  }
}
