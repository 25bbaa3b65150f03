import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody, ZVersion } from './errors.ts';
import { ZMessageResponse, ZRecordId } from './repositories.ts';

// Field rules are core's `validateDocument` / `validateDocumentTag`; messages are core's DOCUMENT_MESSAGES
// and, for a repeated tag name, the seed's 'A tag with this name already exists'. docs/documents.md has
// the upload and open flows.

export const DOCUMENT_SOURCE_VALUES = [
  'file',
  'thumbnail',
  'url',
  'google_drive',
  'dropbox',
  'one_drive',
] as const;
export const ZDocumentSource = z.enum(DOCUMENT_SOURCE_VALUES, {
  error: `Must be one of: ${DOCUMENT_SOURCE_VALUES.join(', ')}`,
});

export const ZDocument = z.object({
  id: z.string(),
  repository_id: z.string(),
  asset_id: z.string().nullable(),
  name: z.string(),
  source: ZDocumentSource,
  /** A link source's link, as entered. */
  path: z.string().nullable(),
  /** A stored file's own name. */
  filename: z.string().nullable(),
  /** A stored file's key in the file store. */
  file: z.string().nullable(),
  content_type: z.string().nullable(),
  description: z.string().nullable(),
  /**
   * What to open: the link (https:// added when it has none), or for a stored file a signed address valid
   * for an hour that needs no session (an <img> can show a thumbnail with it).
   */
  url: z.string(),
  /** Ids of the document's document tags. */
  tags: z.array(z.string()),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable(),
  updated_at: z.iso.datetime(),
  updated_by: z.string().nullable(),
  version: ZVersion,
});
export type TDocument = z.infer<typeof ZDocument>;

/** A presigned POST: send `fields`, then the file as `file`, as multipart to `url`. */
export const ZUploadTarget = z.object({
  url: z.string(),
  fields: z.object({ key: z.string() }).catchall(z.string()),
});
export type TUploadTarget = z.infer<typeof ZUploadTarget>;

export const ZCreatedDocument = ZDocument.extend({ upload: ZUploadTarget.nullable() });
export type TCreatedDocument = z.infer<typeof ZCreatedDocument>;

const ZDocumentText = z.string().max(10_000).nullish();

export const ZListDocumentsQuery = z.object({
  repository_id: ZRecordId,
  asset_id: ZRecordId.optional(),
  /** Without it, thumbnails are left out (they are an asset's picture, not one of its documents). */
  source: ZDocumentSource.optional(),
});
export const ZDocumentFields = z.object({
  name: ZDocumentText,
  path: ZDocumentText,
  filename: ZDocumentText,
  description: ZDocumentText,
  asset_id: ZRecordId.nullish(),
  /** Replaces the document's tags: ids of document tags of the same repository. */
  tags: z.array(ZRecordId).max(1000).optional(),
});
export const ZCreateDocumentBody = ZDocumentFields.extend({
  repository_id: ZRecordId,
  source: z.string().max(100).nullish(),
  /** The media type the upload must declare (files and thumbnails). */
  content_type: ZDocumentText,
});
export type TCreateDocumentBody = z.infer<typeof ZCreateDocumentBody>;
/**
 * The source may move among the link sources; a stored file stays one. `version` (or If-Match) is the one
 * the client edited.
 */
export const ZUpdateDocumentBody = ZDocumentFields.extend({
  source: z.string().max(100).nullish(),
  version: ZVersion.nullish(),
});
export type TUpdateDocumentBody = z.infer<typeof ZUpdateDocumentBody>;
export const ZDocumentParams = z.object({ id: ZRecordId });
export const ZDocumentFileQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().max(200),
});

export const ZDocumentTag = z.object({
  id: z.string(),
  repository_id: z.string(),
  name: z.string(),
  /** Ids of the documents carrying it. */
  documents: z.array(z.string()),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  version: ZVersion,
});
export type TDocumentTag = z.infer<typeof ZDocumentTag>;
export const ZListDocumentTagsQuery = z.object({ repository_id: ZRecordId });
export const ZCreateDocumentTagBody = z.object({ repository_id: ZRecordId, name: ZDocumentText });
export const ZUpdateDocumentTagBody = z.object({ name: ZDocumentText, version: ZVersion.nullish() });

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const listDocuments = defineEndpoint({
  method: 'GET',
  url: '/documents',
  summary: "A repository's documents (or one asset's), by name",
  querystring: ZListDocumentsQuery,
  response: { 200: z.array(ZDocument), ...errors },
});

export const getDocument = defineEndpoint({
  method: 'GET',
  url: '/documents/:id',
  summary: 'One document or thumbnail, with the url to open it',
  params: ZDocumentParams,
  response: { 200: ZDocument, ...errors },
});

export const createDocument = defineEndpoint({
  method: 'POST',
  url: '/documents',
  summary:
    'Create a link, a stored file or an asset thumbnail; files answer the presigned POST to upload to. A new thumbnail replaces the asset’s old one (record and file)',
  body: ZCreateDocumentBody,
  response: { 201: ZCreatedDocument, ...errors, 409: ZErrorBody },
});

export const updateDocument = defineEndpoint({
  method: 'PUT',
  url: '/documents/:id',
  summary: "Change a document's fields, asset or tags (fields left out keep their value)",
  params: ZDocumentParams,
  body: ZUpdateDocumentBody,
  response: { 200: ZDocument, ...errors, 409: ZErrorBody },
});

export const deleteDocument = defineEndpoint({
  method: 'DELETE',
  url: '/documents/:id',
  summary: 'Delete a document or thumbnail and its stored file',
  params: ZDocumentParams,
  response: { 200: ZMessageResponse, ...errors },
});

export const createDocumentUpload = defineEndpoint({
  method: 'POST',
  url: '/documents/:id/upload',
  summary: "A new presigned POST for a stored file's document (a failed or expired upload, or a new version)",
  params: ZDocumentParams,
  response: { 200: ZUploadTarget, ...errors },
});

export const openDocument = defineEndpoint({
  method: 'GET',
  url: '/documents/:id/open',
  summary: 'The url to open: the link, or a short-lived address of the stored file once it is uploaded',
  params: ZDocumentParams,
  response: { 200: z.object({ url: z.string() }), ...errors },
});

export const downloadDocumentFile = defineEndpoint({
  method: 'GET',
  url: '/documents/:id/file',
  summary: "A stored file's bytes, by the signed address of its document's url (no session)",
  params: ZDocumentParams,
  querystring: ZDocumentFileQuery,
  /** The file itself, with its content type. */
  response: { 200: z.unknown(), 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
});

export const listDocumentTags = defineEndpoint({
  method: 'GET',
  url: '/document_tags',
  summary: "A repository's document tags, by name",
  querystring: ZListDocumentTagsQuery,
  response: { 200: z.array(ZDocumentTag), ...errors },
});

export const createDocumentTag = defineEndpoint({
  method: 'POST',
  url: '/document_tags',
  summary: 'Create a document tag (names are unique in a repository, whatever their case)',
  body: ZCreateDocumentTagBody,
  response: { 201: ZDocumentTag, ...errors, 409: ZErrorBody },
});

export const updateDocumentTag = defineEndpoint({
  method: 'PUT',
  url: '/document_tags/:id',
  summary: 'Rename a document tag',
  params: ZDocumentParams,
  body: ZUpdateDocumentTagBody,
  response: { 200: ZDocumentTag, ...errors, 409: ZErrorBody },
});

export const deleteDocumentTag = defineEndpoint({
  method: 'DELETE',
  url: '/document_tags/:id',
  summary: 'Delete a document tag (documents lose it)',
  params: ZDocumentParams,
  response: { 200: ZMessageResponse, ...errors },
});
