import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { readPriceTable, type TLoaderParts } from './analytics.loader.ts';
import {
  analyticsFacts,
  assetsWithPricesChangedAfter,
  keptPriceVersion,
  pricedAssetCount,
} from './analytics-loader.repository.ts';
import type { TAnalyticsPool } from './analytics-pool.ts';

/**
 * Names a repository's table at a version, as workers keep it: its prices at a prices version
 * (TWorkerJob.pricesKey), its transactions at a transactions version (TWorkerJob.transactionsKey).
 */
export const tableKeyOf = (repositoryId: string, version: number) => `${repositoryId}|${version}`;

/** What `buildPriceTable` did, and why. */
export type TPriceTableBuild = 'held' | 'kept' | 'cheap' | 'built' | 'no worker idle' | 'not kept here';

/**
 * Builds and keeps a repository's price table ahead of any compute (after its writes settle,
 * analytics.service.ts) when a first compute would otherwise aggregate much of it: no table kept in the
 * database, or one kept before the prices of more assets changed than one of the loader's groups holds (an
 * import, a sync). The prices are read as a compute reads them (aggregated, or the kept table patched), made
 * into the table by an idle worker, which keeps it (the next compute there reads no prices), and stored
 * packed for the other processes. At 2.6M prices the aggregation was 0.7 s of a first compute's 2 s. A
 * repository whose changed prices fit in one group is left to the compute: its read is one group's.
 */
export async function buildPriceTable(
  deps: { db: Kysely<Database>; pool: TAnalyticsPool; parts: TLoaderParts },
  repositoryId: string,
): Promise<TPriceTableBuild> {
  const { db, pool, parts } = deps;
  if (!parts.keepsTables) return 'not kept here';
  const pricesVersion = Number((await analyticsFacts(db, repositoryId)).prices_version);
  const pricesKey = tableKeyOf(repositoryId, pricesVersion);
  if (pool.holdsPrices(pricesKey)) return 'held';
  const kept = await keptPriceVersion(db, repositoryId);
  if (kept !== undefined && kept >= pricesVersion) return 'kept';
  // None kept: the compute would aggregate every priced asset's series (asset_price_changes starts at
  // migration 0040, so it does not hold the assets priced before).
  const toRead =
    kept === undefined
      ? await pricedAssetCount(db, repositoryId)
      : (await assetsWithPricesChangedAfter(db, repositoryId, kept)).length;
  if (toRead <= parts.assets) return 'cheap';
  const prices = await readPriceTable(db, repositoryId, parts, pricesVersion);
  const built = await pool.buildPrices({
    build: pricesKey,
    prices: {
      prices: prices.series,
      ...(prices.packed ? { packedPrices: prices.packed } : {}),
      ...(prices.changes ? { priceChanges: prices.changes } : {}),
    },
  });
  if (!built?.ok) return 'no worker idle';
  await prices.keep?.(built.packed, built.count);
  return 'built';
}
