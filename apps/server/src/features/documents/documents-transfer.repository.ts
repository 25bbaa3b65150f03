import type { Database } from '@strata/db/schema';
import type { Insertable, Kysely } from 'kysely';

/** The queries of a repository's contacts-and-documents export and import (documents-transfer.ts). */

/** The repository's contacts, their asset links, document tags, documents and their tag links, in file order. */
export async function readDocumentsPart(trx: Kysely<Database>, repositoryId: string) {
  const contacts = await trx
    .selectFrom('contacts')
    .select(['id', 'name', 'email', 'phone', 'company', 'notes'])
    .where('repository_id', '=', repositoryId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const assetContacts = await trx
    .selectFrom('asset_contacts')
    .select(['contact_id', 'asset_id'])
    .where('repository_id', '=', repositoryId)
    .orderBy('contact_id')
    .orderBy('asset_id')
    .execute();
  const documentTags = await trx
    .selectFrom('document_tags')
    .select(['id', 'name'])
    .where('repository_id', '=', repositoryId)
    .orderBy('name')
    .execute();
  const documents = await trx
    .selectFrom('documents')
    .select([
      'id',
      'asset_id',
      'name',
      'source',
      'path',
      'filename',
      'file_key',
      'content_type',
      'description',
    ])
    .where('repository_id', '=', repositoryId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const links = await trx
    .selectFrom('document_tag_links')
    .select(['document_id', 'document_tag_id'])
    .where('repository_id', '=', repositoryId)
    .orderBy('document_id')
    .orderBy('document_tag_id')
    .execute();
  return { contacts, assetContacts, documentTags, documents, links };
}

export async function insertContactReturningId(
  trx: Kysely<Database>,
  values: Insertable<Database['contacts']>,
): Promise<string> {
  const { id } = await trx.insertInto('contacts').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertAssetContacts(
  trx: Kysely<Database>,
  rows: Insertable<Database['asset_contacts']>[],
): Promise<void> {
  if (rows.length > 0) await trx.insertInto('asset_contacts').values(rows).execute();
}

export async function insertDocumentTagReturningId(
  trx: Kysely<Database>,
  values: Insertable<Database['document_tags']>,
): Promise<string> {
  const { id } = await trx
    .insertInto('document_tags')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertDocumentTagLinks(
  trx: Kysely<Database>,
  rows: Insertable<Database['document_tag_links']>[],
): Promise<void> {
  if (rows.length > 0) await trx.insertInto('document_tag_links').values(rows).execute();
}
