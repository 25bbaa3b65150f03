import type { Database } from '@strata/db/schema';
import type { Insertable, Kysely, Selectable } from 'kysely';

export type TPriceRow = Selectable<Database['asset_prices']>;

/** An asset's prices; pass a transaction as `db` to query inside it. */
export function createAssetPricesRepository(db: Kysely<Database>) {
  return {
    /** The asset a price belongs to, with what decides whether it takes new prices. */
    findAsset(assetId: string) {
      return db
        .selectFrom('assets')
        .select(['id', 'repository_id', 'deleted_at'])
        .where('id', '=', assetId)
        .executeTakeFirst();
    },

    find(id: string): Promise<TPriceRow | undefined> {
      return db.selectFrom('asset_prices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Whether the asset has a price of one of `sources` on `date` (other than `exceptId`). */
    async hasPriceOn(
      assetId: string,
      date: string,
      sources: readonly string[],
      exceptId?: string,
    ): Promise<boolean> {
      let query = db
        .selectFrom('asset_prices')
        .select('id')
        .where('asset_id', '=', assetId)
        .where('date', '=', date)
        .where('source', 'in', [...sources]);
      if (exceptId) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** The asset's prices from `from` to `to` (either open), by date and source. */
    list(
      assetId: string,
      range: { from?: string | undefined; to?: string | undefined },
    ): Promise<TPriceRow[]> {
      let select = db.selectFrom('asset_prices').selectAll().where('asset_id', '=', assetId);
      if (range.from) select = select.where('date', '>=', range.from);
      if (range.to) select = select.where('date', '<=', range.to);
      return select.orderBy('date').orderBy('source').execute();
    },

    insert(values: Insertable<Database['asset_prices']>): Promise<TPriceRow> {
      return db.insertInto('asset_prices').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('asset_prices').where('id', '=', id).execute();
    },
  };
}
