import type { TPriceCsvPlan } from '@strata/core/market-data/price-csv';
import { CSV_PRICE_SOURCE } from '@strata/core/market-data/price-csv';
import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

type TPlannedPrices = TPriceCsvPlan['prices'];

/** The repository's live assets a CSV price file may name (by ticker or name), by name: the preview's order. */
export function listPricedAssets(db: Kysely<Database>, repositoryId: string) {
  return db
    .selectFrom('assets')
    .select(['id', 'name', 'ticker', 'currency'])
    .where('repository_id', '=', repositoryId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Days of the plan that already hold a CSV price. */
export async function countCsvPricesReplaced(
  db: Kysely<Database>,
  repositoryId: string,
  prices: TPlannedPrices,
): Promise<number> {
  if (prices.length === 0) return 0;
  const row = await sql<{ count: string }>`
    SELECT count(*) AS count FROM asset_prices p
    JOIN unnest(${prices.map((price) => price.asset_id)}::uuid[], ${prices.map((price) => price.date)}::date[])
      AS f(asset_id, date) ON p.asset_id = f.asset_id AND p.date = f.date
    WHERE p.repository_id = ${repositoryId}::uuid AND p.source = ${CSV_PRICE_SOURCE}`.execute(db);
  return Number(row.rows[0]?.count ?? 0);
}

/** Writes the plan's prices as the source 'csv', replacing that source's price of the same asset and day. */
export async function upsertCsvPrices(
  db: Kysely<Database>,
  repositoryId: string,
  userId: string,
  prices: TPlannedPrices,
): Promise<void> {
  await sql`
    INSERT INTO asset_prices (repository_id, asset_id, date, close, source, created_by, updated_by)
    SELECT ${repositoryId}::uuid, f.asset_id, f.date, f.close, ${CSV_PRICE_SOURCE}, ${userId}, ${userId}
    FROM unnest(${prices.map((price) => price.asset_id)}::uuid[], ${prices.map((price) => price.date)}::date[],
                ${prices.map((price) => price.close)}::numeric[]) AS f(asset_id, date, close)
    ON CONFLICT (asset_id, date, source) DO UPDATE
      SET close = excluded.close, adjusted_close = NULL, updated_at = now(), updated_by = excluded.updated_by,
          version = asset_prices.version + 1`.execute(db);
}
