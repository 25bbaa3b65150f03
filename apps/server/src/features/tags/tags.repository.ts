import type { Database } from '@strata/db/schema';
import type { Insertable, Kysely, Selectable } from 'kysely';

export type TTagRow = Selectable<Database['tags']>;

/** The tags of a repository and the tags on its assets; pass a transaction as `db` to query inside it. */
export function createTagsRepository(db: Kysely<Database>) {
  /** A tag on an asset with the tag's name and value. */
  const links = () =>
    db
      .selectFrom('asset_tags as at')
      .innerJoin('tags as t', 't.id', 'at.tag_id')
      .select(['at.id', 'at.asset_id', 'at.tag_id', 't.tag_name', 't.tag_value']);

  return {
    /** The assets each tag is on, by tag id. */
    async assetsOf(tagIds: readonly string[]): Promise<Map<string, string[]>> {
      const byTag = new Map<string, string[]>();
      if (tagIds.length === 0) return byTag;
      const rows = await db
        .selectFrom('asset_tags')
        .select(['tag_id', 'asset_id'])
        .where('tag_id', 'in', tagIds)
        .orderBy('asset_id')
        .execute();
      for (const link of rows) byTag.set(link.tag_id, [...(byTag.get(link.tag_id) ?? []), link.asset_id]);
      return byTag;
    },

    find(id: string): Promise<TTagRow | undefined> {
      return db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The tag a request names, by id or by name and value. */
    findInRepository(
      repositoryId: string,
      ref: { tag_id?: string; tag_name?: string | null; tag_value?: string | null },
    ): Promise<TTagRow | undefined> {
      let query = db.selectFrom('tags').selectAll().where('repository_id', '=', repositoryId);
      if (ref.tag_id) query = query.where('id', '=', ref.tag_id);
      else
        query = query.where('tag_name', '=', ref.tag_name ?? '').where('tag_value', '=', ref.tag_value ?? '');
      return query.executeTakeFirst();
    },

    listOf(repositoryId: string): Promise<TTagRow[]> {
      return db
        .selectFrom('tags')
        .selectAll()
        .where('repository_id', '=', repositoryId)
        .orderBy('tag_name')
        .orderBy('tag_value')
        .execute();
    },

    insert(values: Insertable<Database['tags']>): Promise<TTagRow> {
      return db.insertInto('tags').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('tags').where('id', '=', id).execute();
    },

    /** The asset a tag goes on, with what decides whether it may. */
    findAsset(assetId: string) {
      return db
        .selectFrom('assets')
        .select(['id', 'repository_id', 'type', 'is_readonly'])
        .where('id', '=', assetId)
        .executeTakeFirst();
    },

    /** The types of the assets the tag is on. */
    async assetTypesOf(tagId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('asset_tags as at')
        .innerJoin('assets as a', 'a.id', 'at.asset_id')
        .select(['a.type'])
        .where('at.tag_id', '=', tagId)
        .execute();
      return rows.map((row) => row.type);
    },

    /** A tag on an asset, with its repository. */
    findLink(linkId: string) {
      return db
        .selectFrom('asset_tags as at')
        .innerJoin('tags as t', 't.id', 'at.tag_id')
        .select(['at.id', 'at.asset_id', 'at.repository_id', 't.tag_name', 't.tag_value'])
        .where('at.id', '=', linkId)
        .executeTakeFirst();
    },

    getLink(linkId: string) {
      return links().where('at.id', '=', linkId).executeTakeFirstOrThrow();
    },

    listLinks(repositoryId: string, assetId: string | undefined) {
      let query = links().where('at.repository_id', '=', repositoryId);
      if (assetId) query = query.where('at.asset_id', '=', assetId);
      return query.orderBy('t.tag_name').orderBy('t.tag_value').execute();
    },

    /** Whether the asset has a tag named `tagName` (other than the link `exceptLinkId`). */
    async hasTagNamed(assetId: string, tagName: string, exceptLinkId?: string): Promise<boolean> {
      let query = db
        .selectFrom('asset_tags as at')
        .innerJoin('tags as t', 't.id', 'at.tag_id')
        .select('at.id')
        .where('at.asset_id', '=', assetId)
        .where('t.tag_name', '=', tagName);
      if (exceptLinkId) query = query.where('at.id', '<>', exceptLinkId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertLink(values: Insertable<Database['asset_tags']>): Promise<string> {
      const { id } = await db
        .insertInto('asset_tags')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async setLinkTag(linkId: string, tagId: string): Promise<void> {
      await db.updateTable('asset_tags').set({ tag_id: tagId }).where('id', '=', linkId).execute();
    },

    async removeLink(linkId: string): Promise<void> {
      await db.deleteFrom('asset_tags').where('id', '=', linkId).execute();
    },
  };
}
