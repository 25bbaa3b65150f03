import { accountTags, initialTags, PRE_CREATED_ACCOUNTS } from '@strata/core/repositories/initial-content';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { ensureCurrencyAsset } from '../assets/index.ts';
import {
  fixedCategoriesPresent,
  insertAccount,
  insertAssetTags,
  insertMissingTags,
  tagsOf,
} from './repository-initialization.repository.ts';

/** The property naming the fixed reporting category a pre-created account stands for. */
export const FIXED_CATEGORY_PROPERTY = 'fixed_category';

/**
 * Adds what is missing of the initial content: the tags, and one read-only income or expense account per
 * fixed reporting category with its Category and Subcategory tags. Run inside a transaction that has
 * locked the repository row: then a second run, concurrent or later, adds nothing.
 */
export async function addInitialContent(
  trx: Kysely<Database>,
  input: { repositoryId: string; currency: string; userId: string; withDefaultTags: boolean },
): Promise<{ createdAccounts: number; createdTags: number }> {
  const { repositoryId, userId } = input;
  const createdTags = await insertMissingTags(
    trx,
    initialTags({ withDefaultTags: input.withDefaultTags }).map((tag) => ({
      ...tag,
      repository_id: repositoryId,
      created_by: userId,
      updated_by: userId,
    })),
  );

  const tagRows = await tagsOf(trx, repositoryId);
  const tagId = (name: string, value: string) =>
    tagRows.find((tag) => tag.tag_name === name && tag.tag_value === value)?.id;

  const present = await fixedCategoriesPresent(trx, repositoryId, FIXED_CATEGORY_PROPERTY);

  let createdAccounts = 0;
  for (const account of PRE_CREATED_ACCOUNTS) {
    if (present.has(account.category)) continue;
    const id = await insertAccount(trx, {
      repository_id: repositoryId,
      name: account.name,
      // An account's ticker follows its name (seed §5).
      ticker: account.name,
      currency: input.currency,
      type: account.type,
      properties: JSON.stringify({ [FIXED_CATEGORY_PROPERTY]: account.category }),
      is_readonly: true,
      created_by: userId,
      updated_by: userId,
    });
    const links = accountTags(account).map((tag) => {
      const found = tagId(tag.tag_name, tag.tag_value);
      if (!found) throw new Error(`initial tag ${tag.tag_name}=${tag.tag_value} is missing`);
      return { repository_id: repositoryId, asset_id: id, tag_id: found };
    });
    await insertAssetTags(trx, links);
    createdAccounts += 1;
  }
  // The repository currency's own asset, so FX and cash entries have a currency to point at.
  await ensureCurrencyAsset(trx, {
    repositoryId,
    code: input.currency,
    repositoryCurrency: input.currency,
    userId,
  });
  return { createdAccounts, createdTags };
}
