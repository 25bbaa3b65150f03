// Writes a generated repository (packages/core/src/testing/generate-repository.ts) to files for the
// benchmark and the peers:
//
//   npx node bench/analytics/generate.ts [--transactions 10000] [--assets 200] [--years 10] [--out DIR]
//
// writes DIR/repository-<n>.json (the engine's TAnalyticsInput, prices as columns: toColumnarJson),
// DIR/repository-<n>.journal and DIR/repository-<n>.ledger (the same data as hledger and ledger-cli
// journals).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { TAnalyticsInput } from '../../packages/core/src/analytics/analytics-types.ts';
import { priceSeriesFromRows } from '../../packages/core/src/analytics/price-input.ts';
import { generateRepository } from '../../packages/core/src/testing/generate-repository.ts';

/**
 * The input as the benchmark stores it: prices as columns (`price_series`, arrays in JSON), the way the
 * server hands them to the engine; `fromColumnarJson` makes the typed arrays back.
 */
export function toColumnarJson(input: TAnalyticsInput): unknown {
  const { prices, ...rest } = input;
  const series = priceSeriesFromRows(prices ?? []).map((s) => ({
    asset_id: s.asset_id,
    source: s.source,
    days: [...s.days],
    closes: [...s.closes],
  }));
  return { ...rest, price_series: series };
}

export function fromColumnarJson(json: {
  price_series?: { asset_id: string; source?: string; days: number[]; closes: number[] }[];
}): TAnalyticsInput {
  const input = json as unknown as TAnalyticsInput & { price_series?: unknown };
  return {
    ...input,
    price_series: (json.price_series ?? []).map((s) => ({
      asset_id: s.asset_id,
      source: s.source,
      days: Int32Array.from(s.days),
      closes: Float64Array.from(s.closes),
    })),
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      transactions: { type: 'string', default: '1000' },
      assets: { type: 'string', default: '20' },
      years: { type: 'string', default: '10' },
      seed: { type: 'string', default: '20261122' },
      out: { type: 'string', default: 'bench/out/analytics' },
    },
  });
  const generated = generateRepository({
    transactions: Number(values.transactions),
    assets: Number(values.assets),
    years: Number(values.years),
    seed: Number(values.seed),
  });
  mkdirSync(values.out, { recursive: true });
  const base = join(values.out, `repository-${values.transactions}`);
  writeFileSync(`${base}.json`, JSON.stringify(toColumnarJson(generated.input)));
  writeFileSync(`${base}.journal`, generated.journal);
  writeFileSync(`${base}.ledger`, generated.ledgerJournal);
  console.log(`wrote ${base}.json, ${base}.journal and ${base}.ledger`);
}
