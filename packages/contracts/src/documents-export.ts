import { z } from 'zod';

// The export-file shapes of contacts and documents, apart from documents.ts so the repository export
// contract can include them without an import cycle. Ids are references inside the file only.

export const ZExportedContact = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  notes: z.string().nullable(),
});
export const ZExportedAssetContact = z.object({ contact_id: z.string(), asset_id: z.string() });
export const ZExportedDocumentTag = z.object({ id: z.string(), name: z.string() });
/**
 * A stored file (source file or thumbnail) travels as its bytes, `content` in base64 (null when the file
 * was never uploaded). `file_key` is only read from older files (version 1), and never used: an import
 * writes the bytes under keys of the new repository, so a file cannot name someone else's stored file.
 */
export const ZExportedDocument = z.object({
  id: z.string(),
  asset_id: z.string().nullable(),
  name: z.string(),
  source: z.enum(['file', 'thumbnail', 'url', 'google_drive', 'dropbox', 'one_drive']),
  path: z.string().nullable(),
  filename: z.string().nullable(),
  file_key: z.string().nullable().optional(),
  content: z.base64().nullable().default(null),
  content_type: z.string().nullable(),
  description: z.string().nullable(),
});
export const ZExportedDocumentTagLink = z.object({ document_id: z.string(), document_tag_id: z.string() });
