import { unpackPriceTable } from '@strata/core/analytics/price-table-pack';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

/** The repository's prices_version, read straight from its row. */
export async function pricesVersionOf(db: Kysely<Database>, repositoryId: string): Promise<number> {
  const row = await db
    .selectFrom('repositories')
    .select('prices_version')
    .where('id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return Number(row.prices_version);
}

/** The price table kept for the repository in analytics_price_tables, unpacked; undefined when none is. */
export async function keptPriceTableOf(db: Kysely<Database>, repositoryId: string) {
  const row = await db
    .selectFrom('analytics_price_tables')
    .select(['prices_version', 'price_count', 'packed'])
    .where('repository_id', '=', repositoryId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    version: Number(row.prices_version),
    count: row.price_count,
    series: unpackPriceTable(row.packed).map(({ asset_id, days, closes }) => ({
      asset_id,
      days: [...days],
      closes: [...closes],
    })),
  };
}
