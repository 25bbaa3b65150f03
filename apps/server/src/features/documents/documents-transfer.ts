import { randomUUID } from 'node:crypto';
import type { TRepositoryExport } from '@strata/contracts/repositories';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { TFileStore } from '../../storage/file-store.ts';
import { isSafeKey } from '../../storage/storage-key.ts';
import { documentFileKey } from './document-keys.ts';
import { insertDocument } from './documents.repository.ts';
import {
  insertAssetContacts,
  insertContactReturningId,
  insertDocumentTagLinks,
  insertDocumentTagReturningId,
  readDocumentsPart,
} from './documents-transfer.repository.ts';

/**
 * The contacts and documents part of a repository export/import (repositories/repository-transfer.ts
 * calls these). A stored file travels as its bytes (`content`, base64), and an import writes them under
 * keys of the new repository (document-keys.ts). A key is never taken from the file: one naming another
 * repository's file would otherwise let whoever crafts a file read it, or overwrite it through the copy's
 * upload target. An older file's `file_key` is checked for shape (an unsafe one refuses the file) and
 * dropped; such a copy has no stored file until one is uploaded to it.
 */

type TDocumentsPart = Pick<
  TRepositoryExport,
  'contacts' | 'asset_contacts' | 'document_tags' | 'documents' | 'document_tag_links'
>;

export async function exportDocuments(trx: Kysely<Database>, repositoryId: string): Promise<TDocumentsPart> {
  const { contacts, assetContacts, documentTags, documents, links } = await readDocumentsPart(
    trx,
    repositoryId,
  );
  return {
    contacts,
    asset_contacts: assetContacts,
    document_tags: documentTags,
    // The table's CHECK constraint holds sources to the contract's list.
    documents: documents.map((document) => ({
      ...document,
      source: document.source as TDocumentsPart['documents'][number]['source'],
      content: null,
    })),
    document_tag_links: links,
  };
}

/**
 * The stored files' bytes in place of their keys (read after the export's transaction, which they need not
 * hold). A file missing from the store exports as `content: null`, as one never uploaded.
 */
export async function withFileContents(
  fileStore: TFileStore,
  documents: TDocumentsPart['documents'],
): Promise<TDocumentsPart['documents']> {
  const withContents: TDocumentsPart['documents'] = [];
  for (const { file_key, ...document } of documents) {
    const bytes = file_key ? await fileStore.get(file_key) : undefined;
    withContents.push({ ...document, content: bytes ? bytes.toString('base64') : null });
  }
  return withContents;
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
  const unsafe = file.documents.find((row) => typeof row.file_key === 'string' && !isSafeKey(row.file_key));
  if (unsafe)
    return `document ${unsafe.id} names an unsafe file key ${JSON.stringify((unsafe.file_key as string).slice(0, 100))}`;
  const document = file.documents.find(
    (row) =>
      (row.asset_id !== null && !assetIds.has(row.asset_id)) ||
      (row.source === 'thumbnail' && row.asset_id === null) ||
      (row.source === 'file' || row.source === 'thumbnail'
        ? !row.filename
        : !row.path || row.content !== null),
  );
  if (document)
    return `document ${document.id} names an unknown asset, lacks its file name or path, or is a link with content`;
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

/** A stored file to write once the import's rows are in: under a key of the new repository. */
export interface TImportedFile {
  key: string;
  bytes: Buffer;
  contentType: string | undefined;
}

/**
 * Inserts the file's contacts and documents into the new repository, with `assetIds` mapping old → new,
 * and answers the stored files to write (the caller writes them, so it can undo them if the import fails).
 */
export async function importDocuments(
  trx: Kysely<Database>,
  input: {
    repositoryId: string;
    userId: string;
    file: TDocumentsPart;
    assetIds: ReadonlyMap<string, string>;
  },
): Promise<TImportedFile[]> {
  const { repositoryId, userId, file } = input;
  const stamp = { created_by: userId, updated_by: userId };
  const asset = (id: string) => input.assetIds.get(id) as string;

  const contactIds = new Map<string, string>();
  for (const { id: oldId, ...contact } of file.contacts) {
    const id = await insertContactReturningId(trx, { repository_id: repositoryId, ...contact, ...stamp });
    contactIds.set(oldId, id);
  }
  await insertAssetContacts(
    trx,
    file.asset_contacts.map((row) => ({
      repository_id: repositoryId,
      contact_id: contactIds.get(row.contact_id) as string,
      asset_id: asset(row.asset_id),
    })),
  );

  const tagIds = new Map<string, string>();
  for (const tag of file.document_tags) {
    const id = await insertDocumentTagReturningId(trx, {
      repository_id: repositoryId,
      name: tag.name,
      ...stamp,
    });
    tagIds.set(tag.id, id);
  }

  const documentIds = new Map<string, string>();
  const files: TImportedFile[] = [];
  // `file_key` and `content` are left out on purpose: the key is made here, the bytes written by the caller.
  for (const { id: oldId, asset_id, file_key: _fromFile, content, ...document } of file.documents) {
    const id = randomUUID();
    const isStored = document.source === 'file' || document.source === 'thumbnail';
    const key = isStored
      ? documentFileKey(
          document.source as 'file' | 'thumbnail',
          repositoryId,
          id,
          document.filename as string,
        )
      : null;
    await insertDocument(trx, {
      id,
      repository_id: repositoryId,
      asset_id: asset_id ? asset(asset_id) : null,
      ...document,
      file_key: key,
      ...stamp,
    });
    documentIds.set(oldId, id);
    if (key && content !== null)
      files.push({
        key,
        bytes: Buffer.from(content, 'base64'),
        contentType: document.content_type ?? undefined,
      });
  }
  await insertDocumentTagLinks(
    trx,
    file.document_tag_links.map((row) => ({
      repository_id: repositoryId,
      document_id: documentIds.get(row.document_id) as string,
      document_tag_id: tagIds.get(row.document_tag_id) as string,
    })),
  );
  return files;
}
