import type { TCreateAssetBody } from '@strata/contracts/assets';
import { duplicateMessage, softDeletedMessage, validateAsset } from '@strata/core/assets/asset-rules';
import { TAG_MESSAGES } from '@strata/core/assets/tag-rules';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { fieldError, isUniqueViolation } from '../../shared/field-error.ts';
import type { TAccessUser } from '../../shared/repository-access.ts';
import { createAssetsRepository } from './assets.repository.ts';
import { ensureCurrencyAsset } from './currency-assets.ts';

/**
 * Many assets made inside the caller's transaction with the rules of one `create` (core's validateAsset, the
 * tags, the live and trashed twins, the currency asset), in a few statements instead of nine per asset: an
 * import from another tool brings thousands (a journal's stocks and one dividend account each). Field errors
 * are prefixed with each item's `prefix`; the caller has checked write access. Answers the ids in order.
 */
export async function insertAssetsIn(
  trx: Kysely<Database>,
  user: TAccessUser,
  repository: { id: string; currency: string },
  items: readonly { body: TCreateAssetBody; prefix: string }[],
): Promise<string[]> {
  if (items.length === 0) return [];
  const repo = createAssetsRepository(trx);
  const tagIds = [...new Set(items.flatMap((item) => item.body.tags ?? []))];
  const tags = new Map((await repo.tagsByIds(repository.id, tagIds)).map((tag) => [tag.id, tag]));
  const errors: Record<string, string[]> = {};
  const valid = items.flatMap((item) => {
    const own = item.body.tags ?? [];
    const found = own.flatMap((id) =>
      tags.has(id) ? [tags.get(id) as { tag_name: string; tag_value: string }] : [],
    );
    const report = (field: string, message: string) => {
      const key = `${item.prefix}.${field}`;
      errors[key] = [...(errors[key] ?? []), message];
    };
    if (found.length !== new Set(own).size) report('tags', TAG_MESSAGES.NO_SUCH_TAG);
    const result = validateAsset(item.body, found);
    if (!result.ok) {
      for (const error of result.errors) report(error.field, error.message);
      return [];
    }
    return [{ value: result.value, tagIds: [...new Set(own)], properties: item.body.properties ?? {} }];
  });
  if (Object.keys(errors).length > 0) throw fieldError(errors);

  const twins = await repo.findTwins(
    repository.id,
    valid.map((item) => ({ type: item.value.type, ticker: item.value.ticker })),
  );
  const twin = twins[0];
  if (twin?.deleted_at === null) throw AppError.conflict(duplicateMessage(twin.type, twin.ticker ?? ''));
  if (twin) throw new AppError('SOFT_DELETED_CONFLICT', softDeletedMessage(twin.type, twin.name));

  const currencyIds = new Map<string, string>();
  for (const code of new Set(
    valid.filter((item) => item.value.type !== 'currency').map((i) => i.value.currency),
  ))
    currencyIds.set(
      code,
      (
        await ensureCurrencyAsset(trx, {
          repositoryId: repository.id,
          code,
          repositoryCurrency: repository.currency,
          userId: user.id,
        })
      ).id,
    );
  try {
    const ids = await repo.insertMany(
      valid.map((item) => ({
        repository_id: repository.id,
        name: item.value.name,
        ticker: item.value.ticker,
        currency: item.value.currency,
        type: item.value.type,
        description: item.value.description,
        properties: JSON.stringify(item.properties),
        currency_asset_id: currencyIds.get(item.value.currency) ?? null,
        created_by: user.id,
        updated_by: user.id,
      })),
    );
    await repo.insertAssetTags(
      valid.flatMap((item, index) =>
        item.tagIds.map((tagId) => ({
          repository_id: repository.id,
          asset_id: ids[index] as string,
          tag_id: tagId,
        })),
      ),
    );
    await bumpDataVersion(trx, repository.id);
    return ids;
  } catch (error) {
    // Two items of one call that are twins of each other meet the live-uniqueness index.
    if (isUniqueViolation(error)) throw AppError.conflict('Two of the new assets are the same asset');
    throw error;
  }
}
