import { accountTags, initialTags, PRE_CREATED_ACCOUNTS } from '@strata/core/repositories/initial-content';
import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';
import { ensureCurrencyAsset } from '../assets/currency-assets.ts';

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
  const insertedTags = await trx
    .insertInto('tags')
    .values(
      initialTags({ withDefaultTags: input.withDefaultTags }).map((tag) => ({
        ...tag,
        repository_id: repositoryId,
        created_by: userId,
        updated_by: userId,
      })),
    )
    .onConflict((conflict) => conflict.columns(['repository_id', 'tag_name', 'tag_value']).doNothing())
    .returning('id')
    .execute();

  const tagRows = await trx
    .selectFrom('tags')
    .select(['id', 'tag_name', 'tag_value'])
    .where('repository_id', '=', repositoryId)
    .execute();
  const tagId = (name: string, value: string) =>
    tagRows.find((tag) => tag.tag_name === name && tag.tag_value === value)?.id;

  const existing = await trx
    .selectFrom('assets')
    .select(sql<string>`properties->>${FIXED_CATEGORY_PROPERTY}`.as('category'))
    .where('repository_id', '=', repositoryId)
    .where('is_readonly', '=', true)
    .where(sql<boolean>`properties ? ${FIXED_CATEGORY_PROPERTY}`)
    .execute();
  const present = new Set(existing.map((row) => row.category));

  let createdAccounts = 0;
  for (const account of PRE_CREATED_ACCOUNTS) {
    if (present.has(account.category)) continue;
    const { id } = await trx
      .insertInto('assets')
      .values({
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const links = accountTags(account).map((tag) => {
      const found = tagId(tag.tag_name, tag.tag_value);
      if (!found) throw new Error(`initial tag ${tag.tag_name}=${tag.tag_value} is missing`);
      return { repository_id: repositoryId, asset_id: id, tag_id: found };
    });
    await trx.insertInto('asset_tags').values(links).execute();
    createdAccounts += 1;
  }
  // The repository currency's own asset, so FX and cash entries have a currency to point at.
  await ensureCurrencyAsset(trx, {
    repositoryId,
    code: input.currency,
    repositoryCurrency: input.currency,
    userId,
  });
  return { createdAccounts, createdTags: insertedTags.length };
}
