import type { Database } from '@strata/db/schema';
import type { Insertable, Kysely } from 'kysely';

/** The queries of a whole repository's export and import (repository-transfer.ts). */

/**
 * The repository's own rows in file order: the repository (undefined when there is none), its assets, tags,
 * asset tags, prices, transactions and their entries.
 */
export async function readRepositoryPart(trx: Kysely<Database>, repositoryId: string) {
  const repository = await trx
    .selectFrom('repositories')
    .select(['name', 'currency', 'settings'])
    .where('id', '=', repositoryId)
    .executeTakeFirst();
  const assets = await trx
    .selectFrom('assets')
    .select([
      'id',
      'name',
      'ticker',
      'currency',
      'type',
      'description',
      'properties',
      'is_readonly',
      'deleted_at',
      'currency_asset_id',
      'parent_id',
      'linked_id',
      'linked_security_id',
      'linked_account_id',
      'security_info_ticker',
    ])
    .where('repository_id', '=', repositoryId)
    .orderBy('type')
    .orderBy('name')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const tags = await trx
    .selectFrom('tags')
    .select(['id', 'tag_name', 'tag_value'])
    .where('repository_id', '=', repositoryId)
    .orderBy('tag_name')
    .orderBy('tag_value')
    .execute();
  const assetTags = await trx
    .selectFrom('asset_tags')
    .select(['asset_id', 'tag_id'])
    .where('repository_id', '=', repositoryId)
    .orderBy('asset_id')
    .orderBy('tag_id')
    .execute();
  const assetPrices = await trx
    .selectFrom('asset_prices')
    .select(['asset_id', 'date', 'close', 'adjusted_close', 'source'])
    .where('repository_id', '=', repositoryId)
    .orderBy('asset_id')
    .orderBy('date')
    .orderBy('source')
    .execute();
  const transactions = await trx
    .selectFrom('transactions')
    .select(['id', 'type', 'date', 'description', 'source', 'linked_id', 'deleted_at'])
    .where('repository_id', '=', repositoryId)
    .orderBy('date')
    .orderBy('seq')
    .execute();
  const entries = await trx
    .selectFrom('transaction_entries')
    .select(['transaction_id', 'account_id', 'asset_id', 'amount', 'pos_id'])
    .where('repository_id', '=', repositoryId)
    .orderBy('transaction_id')
    .orderBy('position')
    .execute();
  return { repository, assets, tags, assetTags, assetPrices, transactions, entries };
}

export async function insertTagReturningId(
  trx: Kysely<Database>,
  values: Insertable<Database['tags']>,
): Promise<string> {
  const { id } = await trx.insertInto('tags').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertAssetReturningId(
  trx: Kysely<Database>,
  values: Insertable<Database['assets']>,
): Promise<string> {
  const { id } = await trx.insertInto('assets').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Points an asset at its currency asset and parent. */
export async function setAssetReferences(
  trx: Kysely<Database>,
  id: string,
  references: { currency_asset_id: string | null; parent_id: string | null },
): Promise<void> {
  await trx.updateTable('assets').set(references).where('id', '=', id).execute();
}

export async function insertPrices(
  trx: Kysely<Database>,
  rows: Insertable<Database['asset_prices']>[],
): Promise<void> {
  await trx.insertInto('asset_prices').values(rows).execute();
}

/** Inserts transactions; their new ids, in the order given. */
export async function insertTransactionsReturningIds(
  trx: Kysely<Database>,
  rows: Insertable<Database['transactions']>[],
): Promise<string[]> {
  const inserted = await trx.insertInto('transactions').values(rows).returning('id').execute();
  return inserted.map((row) => row.id);
}

export async function insertEntries(
  trx: Kysely<Database>,
  rows: Insertable<Database['transaction_entries']>[],
): Promise<void> {
  if (rows.length > 0) await trx.insertInto('transaction_entries').values(rows).execute();
}

export async function insertAssetTagLinks(
  trx: Kysely<Database>,
  rows: Insertable<Database['asset_tags']>[],
): Promise<void> {
  if (rows.length > 0) await trx.insertInto('asset_tags').values(rows).execute();
}
