import type { Database } from '@strata/db/schema';
import type { Insertable, Kysely } from 'kysely';

/** The queries of the demo seed that write past the services (seed-demo.ts). */

/** The names of the repositories the user is a member of. */
export async function repositoryNamesOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('repositories as r')
    .innerJoin('repository_members as m', 'm.repository_id', 'r.id')
    .select('r.name')
    .where('m.user_id', '=', userId)
    .execute();
  return rows.map((row) => row.name);
}

/** Inserts the tags the repository lacks (a name and value it has already is skipped). */
export async function insertMissingTags(
  db: Kysely<Database>,
  tags: Insertable<Database['tags']>[],
): Promise<void> {
  await db
    .insertInto('tags')
    .values(tags)
    .onConflict((conflict) => conflict.columns(['repository_id', 'tag_name', 'tag_value']).doNothing())
    .execute();
}

export function tagsOf(db: Kysely<Database>, repositoryId: string) {
  return db
    .selectFrom('tags')
    .select(['id', 'tag_name', 'tag_value'])
    .where('repository_id', '=', repositoryId)
    .execute();
}

export function assetsOf(db: Kysely<Database>, repositoryId: string) {
  return db
    .selectFrom('assets')
    .select(['id', 'name', 'ticker', 'type'])
    .where('repository_id', '=', repositoryId)
    .execute();
}

export function currencyAssetsOf(db: Kysely<Database>, repositoryId: string) {
  return db
    .selectFrom('assets')
    .select(['id', 'ticker'])
    .where('repository_id', '=', repositoryId)
    .where('type', '=', 'currency')
    .execute();
}

/** Inserts prices; one the asset already has for that day and source is skipped. */
export async function insertMissingPrices(
  trx: Kysely<Database>,
  prices: Insertable<Database['asset_prices']>[],
): Promise<void> {
  await trx
    .insertInto('asset_prices')
    .values(prices)
    .onConflict((conflict) => conflict.columns(['asset_id', 'date', 'source']).doNothing())
    .execute();
}

export async function insertDocumentReturningId(
  trx: Kysely<Database>,
  values: Insertable<Database['documents']>,
): Promise<string> {
  const { id } = await trx.insertInto('documents').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}
