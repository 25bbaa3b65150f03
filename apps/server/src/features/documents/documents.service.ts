import { randomUUID } from 'node:crypto';
import type {
  TCreateDocumentBody,
  TCreatedDocument,
  TDocument,
  TUpdateDocumentBody,
  TUploadTarget,
} from '@strata/contracts/documents';
import { TAG_MESSAGES } from '@strata/core/assets/tag-rules';
import {
  DOCUMENT_MESSAGES,
  isFileSource,
  linkUrl,
  type TDocumentSource,
  validateDocument,
} from '@strata/core/documents/document-rules';
import { equalToMessage, MESSAGES } from '@strata/core/validation/messages';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { fieldError, isUniqueViolation } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { assertContentMatches } from '../../storage/content-sniff.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { UPLOAD_EXPIRES_IN_SECONDS } from '../uploads/index.ts';
import { documentFileKey } from './document-keys.ts';
import { dispositionOf, isValidFileLink, signFileLink } from './document-links.ts';
import {
  deleteDocument,
  deleteThumbnailOf,
  findDocument,
  getDocument,
  insertDocument,
  listDocuments,
  setDocumentTags,
  type TDocumentRow,
  tagIdsOf,
  unknownAssets,
  unknownDocumentTags,
  unreferencedFileKeys,
} from './documents.repository.ts';

/** Thumbnails are small pictures; a bigger upload is refused by the store. */
export const THUMBNAIL_MAX_BYTES = 10 * 1024 * 1024;

export const FILE_LINK_INVALID = 'The file address is not valid or has expired';
export const THUMBNAIL_CHANGED = "The asset's thumbnail changed meanwhile; try again";

function invalid(errors: readonly { field: string; message: string }[]): AppError {
  const fieldErrors: Record<string, string[]> = {};
  for (const error of errors) fieldErrors[error.field] = [...(fieldErrors[error.field] ?? []), error.message];
  return fieldError(fieldErrors);
}

interface TDocumentsDeps {
  db: Kysely<Database>;
  fileStore: TFileStore;
  linkSecret: string;
  baseUrl: string;
  maxBytes: number;
  now?: () => number;
}

/** Documents of the three kinds (links, stored files, asset thumbnails), their uploads and opening. */
export function createDocumentsService(deps: TDocumentsDeps) {
  const { db, fileStore } = deps;
  const now = deps.now ?? Date.now;

  function urlOf(row: TDocumentRow): string {
    if (row.file_key)
      return signFileLink({
        secret: deps.linkSecret,
        baseUrl: deps.baseUrl,
        documentId: row.id,
        key: row.file_key,
        now: now(),
      });
    return linkUrl(row.path ?? '');
  }

  function toDocument(row: TDocumentRow, tags: readonly string[]): TDocument {
    return {
      id: row.id,
      repository_id: row.repository_id,
      asset_id: row.asset_id,
      name: row.name,
      source: row.source as TDocumentSource,
      path: row.path,
      filename: row.filename,
      file: row.file_key,
      content_type: row.content_type,
      description: row.description,
      url: urlOf(row),
      tags: [...tags],
      created_at: row.created_at.toISOString(),
      created_by: row.created_by,
      updated_at: row.updated_at.toISOString(),
      updated_by: row.updated_by,
      version: row.version,
    };
  }

  async function respond(id: string): Promise<TDocument> {
    const row = await getDocument(db, id);
    return toDocument(row, (await tagIdsOf(db, [id])).get(id) ?? []);
  }

  /** The document, for a caller with `need` on its repository; another repository's is 404 like a missing one. */
  async function access(user: TAccessUser | null, id: string, need: 'read' | 'write'): Promise<TDocumentRow> {
    const row = await findDocument(db, id);
    await requireRecordAccess(db, user, row?.repository_id, need, DOCUMENT_MESSAGES.NOT_FOUND);
    return row as TDocumentRow;
  }

  async function assertRefs(repositoryId: string, refs: { asset_id?: string | null; tags?: string[] }) {
    const fieldErrors: Record<string, string[]> = {};
    if (refs.asset_id && (await unknownAssets(db, repositoryId, [refs.asset_id])).length > 0)
      fieldErrors.asset_id = [MESSAGES.UNKNOWN_ASSET];
    if (refs.tags && (await unknownDocumentTags(db, repositoryId, refs.tags)).length > 0)
      fieldErrors.tags = [TAG_MESSAGES.NO_SUCH_TAG];
    if (Object.keys(fieldErrors).length > 0) throw fieldError(fieldErrors);
  }

  async function uploadTarget(row: TDocumentRow): Promise<TUploadTarget> {
    const key = row.file_key as string;
    const post = await fileStore.createPresignedPost({
      key,
      contentType: row.content_type ?? undefined,
      maxBytes: row.source === 'thumbnail' ? Math.min(deps.maxBytes, THUMBNAIL_MAX_BYTES) : deps.maxBytes,
      expiresIn: UPLOAD_EXPIRES_IN_SECONDS,
    });
    return { url: post.url, fields: { ...post.fields, key } };
  }

  /** Deletes the files no document refers to any more; called after the rows' transaction committed. */
  async function dropFiles(keys: readonly (string | null)[]): Promise<void> {
    const candidates = keys.filter((key): key is string => Boolean(key));
    for (const key of await unreferencedFileKeys(db, candidates)) {
      // A file left behind costs only space; the records are already right, so the request still succeeds.
      await fileStore.delete(key).catch(() => undefined);
    }
  }

  return {
    async list(
      user: TAccessUser | null,
      query: { repository_id: string; asset_id?: string; source?: TDocumentSource },
    ): Promise<TDocument[]> {
      await requireRepositoryAccess(db, user, query.repository_id, 'read');
      const rows = await listDocuments(db, query.repository_id, query);
      const tags = await tagIdsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toDocument(row, tags.get(row.id) ?? []));
    },

    async get(user: TAccessUser | null, id: string): Promise<TDocument> {
      const row = await access(user, id, 'read');
      return toDocument(row, (await tagIdsOf(db, [id])).get(id) ?? []);
    },

    /**
     * A link is complete at once; a file or thumbnail gets its key and the presigned POST to upload it to.
     * A thumbnail replaces the asset's previous one: its record goes in the same transaction, its file after.
     */
    async create(user: TAccessUser | null, body: TCreateDocumentBody): Promise<TCreatedDocument> {
      await requireRepositoryAccess(db, user, body.repository_id, 'write');
      const result = validateDocument(body);
      const errors = result.ok ? [] : [...result.errors];
      if (body.source === 'thumbnail' && !body.asset_id)
        errors.push({ field: 'asset_id', message: MESSAGES.REQUIRED });
      if (!result.ok || errors.length > 0) throw invalid(errors);
      await assertRefs(body.repository_id, body);
      const value = result.value;
      const id = randomUUID();
      const fileKey = isFileSource(value.source)
        ? documentFileKey(
            value.source as 'file' | 'thumbnail',
            body.repository_id,
            id,
            value.filename as string,
          )
        : null;
      const actor = (user as TAccessUser).id;
      let replaced: string | null = null;
      try {
        await db.transaction().execute(async (trx) => {
          if (value.source === 'thumbnail') {
            replaced = await deleteThumbnailOf(trx, body.asset_id as string);
          }
          await insertDocument(trx, {
            id,
            repository_id: body.repository_id,
            asset_id: body.asset_id ?? null,
            ...value,
            file_key: fileKey,
            created_by: actor,
            updated_by: actor,
          });
          await setDocumentTags(trx, body.repository_id, id, body.tags ?? []);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(THUMBNAIL_CHANGED);
        throw error;
      }
      await dropFiles([replaced]);
      const document = await respond(id);
      const row = await getDocument(db, id);
      return { ...document, upload: fileKey ? await uploadTarget(row) : null };
    },

    async update(
      user: TAccessUser | null,
      id: string,
      body: TUpdateDocumentBody,
      expected: number | undefined,
    ): Promise<TDocument> {
      const row = await access(user, id, 'write');
      // An unchanged asset is not judged again: the form sends it back even when the asset is in the trash.
      await assertRefs(row.repository_id, {
        asset_id: body.asset_id !== row.asset_id ? body.asset_id : undefined,
        tags: body.tags,
      });
      await db.transaction().execute(async (trx) => {
        await updateVersioned(
          trx,
          'documents',
          id,
          { expected, notFoundMessage: DOCUMENT_MESSAGES.NOT_FOUND },
          (current) => {
            const fields = {
              name: current.name,
              source: current.source as TDocumentSource,
              path: current.path,
              filename: current.filename,
              content_type: current.content_type,
              description: current.description,
            };
            // The stored file's type was fixed by its upload; only the fields a user edits are judged.
            const result = validateDocument({ ...body, content_type: undefined }, fields);
            const errors = result.ok ? [] : [...result.errors];
            if (
              current.source === 'thumbnail' &&
              body.asset_id !== undefined &&
              body.asset_id !== current.asset_id
            )
              errors.push({ field: 'asset_id', message: equalToMessage(current.asset_id as string) });
            if (!result.ok || errors.length > 0) throw invalid(errors);
            return {
              ...result.value,
              content_type: current.content_type,
              ...(body.asset_id !== undefined ? { asset_id: body.asset_id } : {}),
              updated_at: new Date(),
              updated_by: (user as TAccessUser).id,
            };
          },
        );
        if (body.tags) await setDocumentTags(trx, row.repository_id, id, body.tags);
      });
      return respond(id);
    },

    async remove(user: TAccessUser | null, id: string): Promise<{ message: string }> {
      const row = await access(user, id, 'write');
      await deleteDocument(db, id);
      await dropFiles([row.file_key]);
      return { message: `Document ${row.name} deleted` };
    },

    async createUpload(user: TAccessUser | null, id: string): Promise<TUploadTarget> {
      const row = await access(user, id, 'write');
      if (!row.file_key) throw new AppError('BAD_REQUEST', 'A link has no file to upload');
      return uploadTarget(row);
    },

    /** The seed's "open a document": 404 'Document URL is not available' while the file is not there. */
    async open(user: TAccessUser | null, id: string): Promise<{ url: string }> {
      const row = await access(user, id, 'read');
      if (row.file_key && !(await fileStore.exists(row.file_key)))
        throw AppError.notFound(DOCUMENT_MESSAGES.URL_NOT_AVAILABLE);
      return { url: urlOf(row) };
    },

    /** The bytes behind a signed address; the signature is the permission (no session). */
    async download(
      id: string,
      query: { expires: number; signature: string },
    ): Promise<{ body: Buffer; contentType: string; disposition: string }> {
      const row = await findDocument(db, id);
      // A missing document answers like a bad signature, so the route tells nothing about ids.
      if (!row?.file_key) throw AppError.forbidden(FILE_LINK_INVALID);
      const valid = isValidFileLink({
        secret: deps.linkSecret,
        documentId: id,
        key: row.file_key,
        expires: query.expires,
        signature: query.signature,
        now: now(),
      });
      if (!valid) throw AppError.forbidden(FILE_LINK_INVALID);
      const body = await fileStore.get(row.file_key);
      if (!body) throw AppError.notFound(DOCUMENT_MESSAGES.URL_NOT_AVAILABLE);
      // On S3 the browser posts straight to the bucket and the app never saw the bytes: an "image" that is
      // not what it claims is served as an opaque download, never inline.
      const isTrueToType = await assertContentMatches(row.content_type ?? undefined, body).then(
        () => true,
        () => false,
      );
      const contentType = isTrueToType
        ? (row.content_type ?? 'application/octet-stream')
        : 'application/octet-stream';
      return { body, contentType, disposition: dispositionOf(contentType, row.filename ?? 'file') };
    },
  };
}

export type TDocumentsService = ReturnType<typeof createDocumentsService>;
