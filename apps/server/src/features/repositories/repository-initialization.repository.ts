import type { Database } from '@strata/db/schema';
import { type Insertable, type Kysely, sql } from 'kysely';

/** The queries that add a repository's initial content (repository-initialization.ts). */

/** Inserts the tags the repository lacks (a name and value it has already is skipped); how many it added. */
export async function insertMissingTags(
  trx: Kysely<Database>,
  tags: Insertable<Database['tags']>[],
): Promise<number> {
  const inserted = await trx
    .insertInto('tags')
    .values(tags)
    .onConflict((conflict) => conflict.columns(['repository_id', 'tag_name', 'tag_value']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

export function tagsOf(trx: Kysely<Database>, repositoryId: string) {
  return trx
    .selectFrom('tags')
    .select(['id', 'tag_name', 'tag_value'])
    .where('repository_id', '=', repositoryId)
    .execute();
}

/** The fixed categories the repository's read-only accounts already stand for (`property` names them). */
export async function fixedCategoriesPresent(
  trx: Kysely<Database>,
  repositoryId: string,
  property: string,
): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('assets')
    .select(sql<string>`properties->>${property}`.as('category'))
    .where('repository_id', '=', repositoryId)
    .where('is_readonly', '=', true)
    .where(sql<boolean>`properties ? ${property}`)
    .execute();
  return new Set(rows.map((row) => row.category));
}

export async function insertAccount(
  trx: Kysely<Database>,
  values: Insertable<Database['assets']>,
): Promise<string> {
  const { id } = await trx.insertInto('assets').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertAssetTags(
  trx: Kysely<Database>,
  links: Insertable<Database['asset_tags']>[],
): Promise<void> {
  await trx.insertInto('asset_tags').values(links).execute();
}
