import type { Database } from '@strata/db/schema';
import type { Insertable, Kysely, Selectable } from 'kysely';

export type TDocumentRow = Selectable<Database['documents']>;

/** Document-tag ids per document, in name order. */
export async function tagIdsOf(
  db: Kysely<Database>,
  documentIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byDocument = new Map<string, string[]>();
  if (documentIds.length === 0) return byDocument;
  const links = await db
    .selectFrom('document_tag_links as l')
    .innerJoin('document_tags as t', 't.id', 'l.document_tag_id')
    .select(['l.document_id', 'l.document_tag_id'])
    .where('l.document_id', 'in', documentIds)
    .orderBy('t.name')
    .execute();
  for (const link of links) {
    byDocument.set(link.document_id, [...(byDocument.get(link.document_id) ?? []), link.document_tag_id]);
  }
  return byDocument;
}

/** Replaces a document's tags. */
export async function setDocumentTags(
  trx: Kysely<Database>,
  repositoryId: string,
  documentId: string,
  tagIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom('document_tag_links').where('document_id', '=', documentId).execute();
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  await trx
    .insertInto('document_tag_links')
    .values(
      unique.map((tagId) => ({
        repository_id: repositoryId,
        document_id: documentId,
        document_tag_id: tagId,
      })),
    )
    .execute();
}

/** Of `ids`, those that are not document tags of the repository. */
export async function unknownDocumentTags(
  db: Kysely<Database>,
  repositoryId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('document_tags')
    .select('id')
    .where('repository_id', '=', repositoryId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** Of `ids`, those that are not live assets of the repository (an asset in the trash takes no new links). */
export async function unknownAssets(
  db: Kysely<Database>,
  repositoryId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('assets')
    .select('id')
    .where('repository_id', '=', repositoryId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * Of `keys`, those no document refers to any more. An import keeps the exported file keys, so two
 * documents (in two repositories) may share a file: it goes only with the last of them.
 */
export async function unreferencedFileKeys(db: Kysely<Database>, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const used = await db
    .selectFrom('documents')
    .select('file_key')
    .where('file_key', 'in', [...keys])
    .execute();
  const usedKeys = new Set(used.map((row) => row.file_key));
  return keys.filter((key) => !usedKeys.has(key));
}

export function findDocument(db: Kysely<Database>, id: string): Promise<TDocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getDocument(db: Kysely<Database>, id: string): Promise<TDocumentRow> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The repository's documents (of one asset, of one source) by name; thumbnails only when asked for. */
export function listDocuments(
  db: Kysely<Database>,
  repositoryId: string,
  query: { asset_id?: string | undefined; source?: TDocumentRow['source'] | undefined },
): Promise<TDocumentRow[]> {
  let select = db.selectFrom('documents').selectAll().where('repository_id', '=', repositoryId);
  if (query.asset_id) select = select.where('asset_id', '=', query.asset_id);
  select = query.source
    ? select.where('source', '=', query.source)
    : select.where('source', '<>', 'thumbnail');
  return select.orderBy('name').orderBy('created_at').orderBy('id').execute();
}

/** Deletes the asset's thumbnail; its file key (null when it had none or no file). */
export async function deleteThumbnailOf(db: Kysely<Database>, assetId: string): Promise<string | null> {
  const old = await db
    .deleteFrom('documents')
    .where('asset_id', '=', assetId)
    .where('source', '=', 'thumbnail')
    .returning('file_key')
    .executeTakeFirst();
  return old?.file_key ?? null;
}

export async function insertDocument(
  db: Kysely<Database>,
  values: Insertable<Database['documents']>,
): Promise<void> {
  await db.insertInto('documents').values(values).execute();
}

export async function deleteDocument(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', id).execute();
}
