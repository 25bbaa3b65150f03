import { ISO_CURRENCIES } from '@strata/core/repositories/iso-currencies';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { createAssetsRepository, type TAssetRow } from './assets.repository.ts';

const NAMES = new Map(ISO_CURRENCIES.map((currency) => [currency.code, currency.name]));

/**
 * The live currency asset of `code` in the repository, created when missing (core seed §7: creating an
 * asset "may include currency_asset"). Currency assets carry the FX rates as prices quoted in the
 * repository currency, so every currency an asset uses needs one for analytics to convert it.
 */
export async function ensureCurrencyAsset(
  trx: Kysely<Database>,
  input: { repositoryId: string; code: string; repositoryCurrency: string; userId: string | null },
): Promise<{ id: string; created: boolean; row: TAssetRow }> {
  const assets = createAssetsRepository(trx);
  const existing = await assets.findLiveCurrency(input.repositoryId, input.code);
  if (existing) return { id: existing.id, created: false, row: existing };
  const row = await assets.insert({
    repository_id: input.repositoryId,
    name: NAMES.get(input.code) ?? input.code,
    ticker: input.code,
    currency: input.repositoryCurrency,
    type: 'currency',
    created_by: input.userId,
    updated_by: input.userId,
  });
  return { id: row.id, created: true, row };
}
