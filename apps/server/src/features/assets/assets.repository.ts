import type { TAsset } from '@strata/contracts/assets';
import type { TTagPair } from '@strata/core/repositories/initial-content';
import type { Database } from '@strata/db/schema';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';

export type TAssetRow = Selectable<Database['assets']>;

export const ASSET_COLUMNS = [
  'id',
  'repository_id',
  'name',
  'ticker',
  'currency',
  'type',
  'description',
  'currency_asset_id',
  'parent_id',
  'properties',
  'is_readonly',
  'linked_id',
  'linked_security_id',
  'linked_account_id',
  'security_info_ticker',
  'security_info',
  'deleted_at',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'version',
] as const;

/** The linked account mapped to an asset and its connector's state (linked data, migration 0020). */
export interface TAssetLink {
  linked_account_id: string;
  connector_status: 'ok' | 'failed' | 'pending';
  connector_status_message: string | null;
}

export function toAssetResponse(row: TAssetRow, tags: readonly string[], link?: TAssetLink): TAsset {
  return {
    id: row.id,
    repository_id: row.repository_id,
    name: row.name,
    ticker: row.ticker,
    currency: row.currency,
    type: row.type,
    description: row.description,
    currency_asset: row.currency_asset_id,
    parent_id: row.parent_id,
    tags: [...tags],
    properties: row.properties,
    is_readonly: row.is_readonly,
    linked_id: row.linked_id,
    linked_security_id: row.linked_security_id,
    // The mapping lives on the linked account (linked_accounts.asset_id); the asset's own column is only
    // carried by repository export and import, where a linked account id of another install means nothing.
    linked_account_id: link?.linked_account_id ?? null,
    connector_status: link?.connector_status ?? null,
    connector_status_message: link?.connector_status_message ?? null,
    security_info_ticker: row.security_info_ticker,
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
    version: row.version,
  };
}

export function createAssetsRepository(db: Kysely<Database>) {
  return {
    /**
     * Live (not trashed) transactions with an entry on any of these assets, as account or as asset, and
     * which of the assets they touch.
     */
    async liveTransactionUse(assetIds: readonly string[]): Promise<{ count: number; assetIds: string[] }> {
      if (assetIds.length === 0) return { count: 0, assetIds: [] };
      const rows = await db
        .selectFrom('transaction_entries as e')
        .innerJoin('transactions as t', 't.id', 'e.transaction_id')
        .where('t.deleted_at', 'is', null)
        .where((eb) => eb.or([eb('e.account_id', 'in', assetIds), eb('e.asset_id', 'in', assetIds)]))
        .select(['e.transaction_id', 'e.account_id', 'e.asset_id'])
        .execute();
      const wanted = new Set(assetIds);
      const used = new Set<string>();
      for (const row of rows) {
        if (wanted.has(row.account_id)) used.add(row.account_id);
        if (wanted.has(row.asset_id)) used.add(row.asset_id);
      }
      return { count: new Set(rows.map((row) => row.transaction_id)).size, assetIds: [...used] };
    },

    async find(id: string): Promise<TAssetRow | undefined> {
      return db.selectFrom('assets').select(ASSET_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async list(repositoryId: string, options: { withDeleted: boolean }): Promise<TAssetRow[]> {
      let query = db.selectFrom('assets').select(ASSET_COLUMNS).where('repository_id', '=', repositoryId);
      if (!options.withDeleted) query = query.where('deleted_at', 'is', null);
      return query.orderBy('name').orderBy('id').execute();
    },

    /** Tag ids per asset, for the given assets. */
    async tagIdsOf(assetIds: readonly string[]): Promise<Map<string, string[]>> {
      const byAsset = new Map<string, string[]>();
      if (assetIds.length === 0) return byAsset;
      const links = await db
        .selectFrom('asset_tags')
        .select(['asset_id', 'tag_id'])
        .where('asset_id', 'in', assetIds)
        .orderBy('tag_id')
        .execute();
      for (const link of links) {
        const list = byAsset.get(link.asset_id) ?? [];
        list.push(link.tag_id);
        byAsset.set(link.asset_id, list);
      }
      return byAsset;
    },

    /** The linked account mapped to each of these assets, with its connector's status. */
    async linksOf(assetIds: readonly string[]): Promise<Map<string, TAssetLink>> {
      if (assetIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('linked_accounts as a')
        .innerJoin('connectors as c', 'c.id', 'a.connector_id')
        .select([
          'a.asset_id',
          'a.id as linked_account_id',
          'c.status as connector_status',
          'c.status_message as connector_status_message',
        ])
        .where('a.asset_id', 'in', assetIds)
        .execute();
      return new Map(rows.map(({ asset_id, ...link }) => [asset_id as string, link]));
    },

    /** The repository's tags among `tagIds`, as name/value pairs; unknown ids are left out. */
    async tagsByIds(repositoryId: string, tagIds: readonly string[]) {
      if (tagIds.length === 0) return [];
      return db
        .selectFrom('tags')
        .select(['id', 'tag_name', 'tag_value'])
        .where('repository_id', '=', repositoryId)
        .where('id', 'in', tagIds)
        .execute();
    },

    async tagPairsOf(assetId: string): Promise<Array<TTagPair & { id: string }>> {
      return db
        .selectFrom('asset_tags as at')
        .innerJoin('tags as t', 't.id', 'at.tag_id')
        .select(['t.id', 't.tag_name', 't.tag_value'])
        .where('at.asset_id', '=', assetId)
        .execute();
    },

    /**
     * The asset of `type` whose ticker matches (ignoring case), live or in the trash — the twin a new asset
     * would duplicate. Accounts compare by name, which their ticker follows.
     */
    async findTwin(repositoryId: string, type: string, ticker: string, exceptId?: string) {
      let query = db
        .selectFrom('assets')
        .select(['id', 'name', 'deleted_at'])
        .where('repository_id', '=', repositoryId)
        .where('type', '=', type)
        .where(sql<boolean>`lower(ticker) = lower(${ticker})`);
      if (exceptId) query = query.where('id', '<>', exceptId);
      return query.orderBy('deleted_at', (order) => order.desc().nullsFirst()).execute();
    },

    async replaceTags(repositoryId: string, assetId: string, tagIds: readonly string[]): Promise<void> {
      await db.deleteFrom('asset_tags').where('asset_id', '=', assetId).execute();
      if (tagIds.length === 0) return;
      await db
        .insertInto('asset_tags')
        .values(tagIds.map((tagId) => ({ repository_id: repositoryId, asset_id: assetId, tag_id: tagId })))
        .execute();
    },

    /** Live or trashed assets of the same type and ticker (any case) as any of `pairs`, live ones first. */
    async findTwins(repositoryId: string, pairs: readonly { type: string; ticker: string }[]) {
      if (pairs.length === 0) return [];
      const rows = await sql<{ name: string; type: string; ticker: string | null; deleted_at: Date | null }>`
        select a.name, a.type, a.ticker, a.deleted_at
        from unnest(${pairs.map((p) => p.type)}::text[], ${pairs.map((p) => p.ticker.toLowerCase())}::text[]) as p(type, ticker)
        join assets a on a.repository_id = ${repositoryId}::uuid and a.type = p.type and lower(a.ticker) = p.ticker
        order by a.deleted_at desc nulls first`.execute(db);
      return rows.rows;
    },

    /** Many assets in one statement per 1,000; answers their ids in order. */
    async insertMany(values: readonly Insertable<Database['assets']>[]): Promise<string[]> {
      const ids: string[] = [];
      for (let start = 0; start < values.length; start += 1000) {
        const rows = await db
          .insertInto('assets')
          .values(values.slice(start, start + 1000))
          .returning('id')
          .execute();
        ids.push(...rows.map((row) => row.id));
      }
      return ids;
    },

    async insertAssetTags(rows: readonly Insertable<Database['asset_tags']>[]): Promise<void> {
      for (let start = 0; start < rows.length; start += 5000)
        await db
          .insertInto('asset_tags')
          .values(rows.slice(start, start + 5000))
          .execute();
    },

    insert(values: Insertable<Database['assets']>): Promise<TAssetRow> {
      return db.insertInto('assets').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async deleteMany(ids: readonly string[]): Promise<void> {
      await db.deleteFrom('assets').where('id', 'in', ids).execute();
    },

    /** Moves the live ones of `ids` to the trash. */
    async trashMany(ids: readonly string[], userId: string): Promise<void> {
      await db
        .updateTable('assets')
        .set({ deleted_at: new Date(), updated_by: userId })
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
    },

    restore(id: string, userId: string): Promise<TAssetRow> {
      return db
        .updateTable('assets')
        .set({ deleted_at: null, updated_at: new Date(), updated_by: userId })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The live currency asset of `code`. */
    findLiveCurrency(repositoryId: string, code: string): Promise<TAssetRow | undefined> {
      return db
        .selectFrom('assets')
        .selectAll()
        .where('repository_id', '=', repositoryId)
        .where('type', '=', 'currency')
        .where('ticker', '=', code)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
  };
}
