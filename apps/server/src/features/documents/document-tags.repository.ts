import type { Database } from '@strata/db/schema';
import type { Insertable, Kysely, Selectable } from 'kysely';

export type TDocumentTagRow = Selectable<Database['document_tags']>;

/** The repository's document tags (a list of their own, apart from the asset tags). */
export function createDocumentTagsRepository(db: Kysely<Database>) {
  return {
    /** The documents each tag is on, by tag id. */
    async documentsOf(tagIds: readonly string[]): Promise<Map<string, string[]>> {
      const byTag = new Map<string, string[]>();
      if (tagIds.length === 0) return byTag;
      const links = await db
        .selectFrom('document_tag_links')
        .select(['document_tag_id', 'document_id'])
        .where('document_tag_id', 'in', tagIds)
        .orderBy('document_id')
        .execute();
      for (const link of links)
        byTag.set(link.document_tag_id, [...(byTag.get(link.document_tag_id) ?? []), link.document_id]);
      return byTag;
    },

    find(id: string): Promise<TDocumentTagRow | undefined> {
      return db.selectFrom('document_tags').selectAll().where('id', '=', id).executeTakeFirst();
    },

    listOf(repositoryId: string): Promise<TDocumentTagRow[]> {
      return db
        .selectFrom('document_tags')
        .selectAll()
        .where('repository_id', '=', repositoryId)
        .orderBy('name')
        .execute();
    },

    insert(values: Insertable<Database['document_tags']>): Promise<TDocumentTagRow> {
      return db.insertInto('document_tags').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('document_tags').where('id', '=', id).execute();
    },
  };
}
