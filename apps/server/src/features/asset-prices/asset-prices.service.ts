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
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { fieldError, isUniqueViolation } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import type { TAccessUser } from '../../shared/repository-access.ts';
import { ASSET_MESSAGES } from '../assets/index.ts';
import { createAssetPricesRepository, type TPriceRow } from './asset-prices.repository.ts';

export const PRICE_MESSAGES = { NOT_FOUND: 'Price not found' } as const;

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
  const prices = createAssetPricesRepository(db);

  async function accessAsset(user: TAccessUser | null, assetId: string, need: 'read' | 'write') {
    const asset = await prices.findAsset(assetId);
    await requireRecordAccess(db, user, asset?.repository_id, need, ASSET_MESSAGES.NOT_FOUND);
    return asset as NonNullable<typeof asset>;
  }

  async function accessPrice(user: TAccessUser | null, id: string) {
    const price = await prices.find(id);
    await requireRecordAccess(db, user, price?.repository_id, 'write', PRICE_MESSAGES.NOT_FOUND);
    const row = price as TPriceRow;
    if (!isEditablePriceSource(row.source)) throw AppError.forbidden(PRICE_NOT_EDITABLE_MESSAGE);
    return row;
  }

  /** One user price (manual or override) per asset and day (core seed §5). */
  async function assertDayFree(trx: Kysely<Database>, assetId: string, date: string, exceptId?: string) {
    if (await createAssetPricesRepository(trx).hasPriceOn(assetId, date, EDITABLE_PRICE_SOURCES, exceptId))
      throw AppError.conflict(duplicatePriceMessage(date));
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
      return (await prices.list(query.asset_id, query)).map(toResponse);
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
          const row = await createAssetPricesRepository(trx).insert({
            repository_id: asset.repository_id,
            asset_id: asset.id,
            date: price.date,
            close: price.close,
            source: price.source,
            created_by: (user as TAccessUser).id,
            updated_by: (user as TAccessUser).id,
          });
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
        await createAssetPricesRepository(trx).remove(id);
        await bumpDataVersion(trx, existing.repository_id);
      });
      return { message: `Price for ${existing.date} deleted` };
    },
  };
}
