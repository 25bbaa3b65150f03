import type { TRepositoryExport } from '@strata/contracts/repositories';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

/**
 * The contacts and documents part of a repository export/import (repositories/repository-transfer.ts
 * calls these). Documents travel as metadata: a stored file keeps its file-store key, so an import on the
 * same instance opens the same file (the file is deleted only with the last document naming it); on
 * another instance the file is missing and opening answers 'Document URL is not available'.
 */

type TDocumentsPart = Pick<
  TRepositoryExport,
  'contacts' | 'asset_contacts' | 'document_tags' | 'documents' | 'document_tag_links'
>;

export async function exportDocuments(trx: Kysely<Database>, repositoryId: string): Promise<TDocumentsPart> {
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
  return {
    contacts,
    asset_contacts: assetContacts,
    document_tags: documentTags,
    // The table's CHECK constraint holds sources to the contract's list.
    documents: documents.map((document) => ({
      ...document,
      source: document.source as TDocumentsPart['documents'][number]['source'],
    })),
    document_tag_links: links,
  };
}

/** What is wrong with the file's contacts and documents, or null: references must stay inside the file. */
export function documentsExportProblem(file: TDocumentsPart, assetIds: ReadonlySet<string>): string | null {
  const contactIds = new Set(file.contacts.map((contact) => contact.id));
  const tagIds = new Set(file.document_tags.map((tag) => tag.id));
  const documentIds = new Set(file.documents.map((document) => document.id));
  if (
    contactIds.size !== file.contacts.length ||
    tagIds.size !== file.document_tags.length ||
    documentIds.size !== file.documents.length
  )
    return 'contact, document or document tag ids repeat';
  if (new Set(file.document_tags.map((tag) => tag.name.toLowerCase())).size !== file.document_tags.length)
    return 'a document tag name repeats';
  const link = file.asset_contacts.find(
    (row) => !contactIds.has(row.contact_id) || !assetIds.has(row.asset_id),
  );
  if (link) return `asset_contacts names an unknown contact or asset (${link.contact_id}, ${link.asset_id})`;
  const document = file.documents.find(
    (row) =>
      (row.asset_id !== null && !assetIds.has(row.asset_id)) ||
      (row.source === 'thumbnail' && row.asset_id === null) ||
      (row.source === 'file' || row.source === 'thumbnail' ? !row.file_key || !row.filename : !row.path),
  );
  if (document) return `document ${document.id} names an unknown asset or lacks its file or path`;
  const thumbnailAssets = file.documents
    .filter((row) => row.source === 'thumbnail')
    .map((row) => row.asset_id);
  if (new Set(thumbnailAssets).size !== thumbnailAssets.length) return 'an asset has two thumbnails';
  const tagLink = file.document_tag_links.find(
    (row) => !documentIds.has(row.document_id) || !tagIds.has(row.document_tag_id),
  );
  if (tagLink) return `document_tag_links names an unknown document or tag (${tagLink.document_id})`;
  return null;
}

/** Inserts the file's contacts and documents into the new repository, with `assetIds` mapping old → new. */
export async function importDocuments(
  trx: Kysely<Database>,
  input: {
    repositoryId: string;
    userId: string;
    file: TDocumentsPart;
    assetIds: ReadonlyMap<string, string>;
  },
): Promise<void> {
  const { repositoryId, userId, file } = input;
  const stamp = { created_by: userId, updated_by: userId };
  const asset = (id: string) => input.assetIds.get(id) as string;

  const contactIds = new Map<string, string>();
  for (const { id: oldId, ...contact } of file.contacts) {
    const { id } = await trx
      .insertInto('contacts')
      .values({ repository_id: repositoryId, ...contact, ...stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    contactIds.set(oldId, id);
  }
  if (file.asset_contacts.length > 0)
    await trx
      .insertInto('asset_contacts')
      .values(
        file.asset_contacts.map((row) => ({
          repository_id: repositoryId,
          contact_id: contactIds.get(row.contact_id) as string,
          asset_id: asset(row.asset_id),
        })),
      )
      .execute();

  const tagIds = new Map<string, string>();
  for (const tag of file.document_tags) {
    const { id } = await trx
      .insertInto('document_tags')
      .values({ repository_id: repositoryId, name: tag.name, ...stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    tagIds.set(tag.id, id);
  }

  const documentIds = new Map<string, string>();
  for (const { id: oldId, asset_id, ...document } of file.documents) {
    const { id } = await trx
      .insertInto('documents')
      .values({
        repository_id: repositoryId,
        asset_id: asset_id ? asset(asset_id) : null,
        ...document,
        ...stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    documentIds.set(oldId, id);
  }
  if (file.document_tag_links.length > 0)
    await trx
      .insertInto('document_tag_links')
      .values(
        file.document_tag_links.map((row) => ({
          repository_id: repositoryId,
          document_id: documentIds.get(row.document_id) as string,
          document_tag_id: tagIds.get(row.document_tag_id) as string,
        })),
      )
      .execute();
}
