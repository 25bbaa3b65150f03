import type {
  TAssetPrice,
  TCreateAssetPriceBody,
  TUpdateAssetPriceBody,
} from '@strata/contracts/asset-prices';
import {
  duplicatePriceMessage,
  EDITABLE_PRICE_SOURCES,
  isEditablePriceSource,
  PRICE_NOT_EDITABLE_MESSAGE,
  validatePrice,
} from '@strata/core/assets/price-rules';
import type { Database } from '@strata/db/schema';
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { ASSET_MESSAGES } from '../assets/assets.service.ts';
import { bumpDataVersion } from '../repositories/data-version.ts';
import { fieldError, requireRecordAccess } from '../repositories/record-access.ts';
import type { TAccessUser } from '../repositories/repository-access.ts';
import { isUniqueViolation } from '../repositories/repository-rules.ts';

export const PRICE_MESSAGES = { NOT_FOUND: 'Price not found' } as const;

type TPriceRow = Selectable<Database['asset_prices']>;

function toResponse(row: TPriceRow): TAssetPrice {
  return {
    id: row.id,
    asset_id: row.asset_id,
    date: row.date,
    close: row.close,
    adjusted_close: row.adjusted_close,
    source: row.source,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** Asset prices: any member reads them; writers add, change and delete the manual and override ones. */
export function createAssetPricesService(db: Kysely<Database>) {
  async function accessAsset(user: TAccessUser | null, assetId: string, need: 'read' | 'write') {
    const asset = await db
      .selectFrom('assets')
      .select(['id', 'repository_id', 'deleted_at'])
      .where('id', '=', assetId)
      .executeTakeFirst();
    await requireRecordAccess(db, user, asset?.repository_id, need, ASSET_MESSAGES.NOT_FOUND);
    return asset as NonNullable<typeof asset>;
  }

  async function accessPrice(user: TAccessUser | null, id: string) {
    const price = await db.selectFrom('asset_prices').selectAll().where('id', '=', id).executeTakeFirst();
    await requireRecordAccess(db, user, price?.repository_id, 'write', PRICE_MESSAGES.NOT_FOUND);
    const row = price as TPriceRow;
    if (!isEditablePriceSource(row.source)) throw AppError.forbidden(PRICE_NOT_EDITABLE_MESSAGE);
    return row;
  }

  /** One user price (manual or override) per asset and day (core seed §5). */
  async function assertDayFree(trx: Kysely<Database>, assetId: string, date: string, exceptId?: string) {
    let query = trx
      .selectFrom('asset_prices')
      .select('id')
      .where('asset_id', '=', assetId)
      .where('date', '=', date)
      .where('source', 'in', [...EDITABLE_PRICE_SOURCES]);
    if (exceptId) query = query.where('id', '<>', exceptId);
    if (await query.executeTakeFirst()) throw AppError.conflict(duplicatePriceMessage(date));
  }

  async function guarded<T>(date: string | (() => string), work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error))
        throw AppError.conflict(duplicatePriceMessage(typeof date === 'string' ? date : date()));
      throw error;
    }
  }

  return {
    async list(user: TAccessUser | null, query: { asset_id: string; from?: string; to?: string }) {
      await accessAsset(user, query.asset_id, 'read');
      let select = db.selectFrom('asset_prices').selectAll().where('asset_id', '=', query.asset_id);
      if (query.from) select = select.where('date', '>=', query.from);
      if (query.to) select = select.where('date', '<=', query.to);
      return (await select.orderBy('date').orderBy('source').execute()).map(toResponse);
    },

    async create(user: TAccessUser | null, body: TCreateAssetPriceBody): Promise<TAssetPrice> {
      const asset = await accessAsset(user, body.asset_id, 'write');
      if (asset.deleted_at) throw new AppError('BAD_REQUEST', ASSET_MESSAGES.IN_TRASH);
      const result = validatePrice(body);
      if (!result.ok) throw fieldError(Object.fromEntries(result.errors.map((e) => [e.field, [e.message]])));
      const price = result.value;
      return guarded(price.date, () =>
        db.transaction().execute(async (trx) => {
          await assertDayFree(trx, asset.id, price.date);
          const row = await trx
            .insertInto('asset_prices')
            .values({
              repository_id: asset.repository_id,
              asset_id: asset.id,
              date: price.date,
              close: price.close,
              source: price.source,
              created_by: (user as TAccessUser).id,
              updated_by: (user as TAccessUser).id,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await bumpDataVersion(trx, asset.repository_id);
          return toResponse(row);
        }),
      );
    },

    async update(
      user: TAccessUser | null,
      id: string,
      body: TUpdateAssetPriceBody,
      expected: number | undefined,
    ): Promise<TAssetPrice> {
      const existing = await accessPrice(user, id);
      // The day a duplicate message names; the merged one is known only under the lock.
      let date = body.date ?? existing.date;
      return guarded(
        () => date,
        () =>
          db.transaction().execute(async (trx) => {
            const row = await updateVersioned(
              trx,
              'asset_prices',
              id,
              { expected, notFoundMessage: PRICE_MESSAGES.NOT_FOUND },
              async (current) => {
                const result = validatePrice({
                  date: body.date !== undefined ? body.date : current.date,
                  close: body.close !== undefined ? body.close : current.close,
                  source: body.source ?? current.source,
                });
                if (!result.ok)
                  throw fieldError(Object.fromEntries(result.errors.map((e) => [e.field, [e.message]])));
                const price = result.value;
                date = price.date;
                await assertDayFree(trx, current.asset_id, price.date, id);
                return { ...price, updated_at: new Date(), updated_by: (user as TAccessUser).id };
              },
            );
            await bumpDataVersion(trx, existing.repository_id);
            return toResponse(row);
          }),
      );
    },

    async remove(user: TAccessUser | null, id: string): Promise<{ message: string }> {
      const existing = await accessPrice(user, id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('asset_prices').where('id', '=', id).execute();
        await bumpDataVersion(trx, existing.repository_id);
      });
      return { message: `Price for ${existing.date} deleted` };
    },
  };
}
