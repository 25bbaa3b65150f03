import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';

/** Seed §8 texts of the upload and import flow. */
export const UPLOAD_MESSAGES = {
  UNKNOWN_REPOSITORY_NAME: 'Unknown name of imported repository',
  NOTHING_TO_IMPORT: 'Nothing to import',
  FILE_NOT_UPLOADED: 'The uploaded file was not found',
  NOT_JSON: 'The uploaded file is not valid JSON',
  NOT_UPLOADED_IN_TIME: 'The file was not uploaded in time',
  IMPORT_SUCCEEDED: 'Repository successfully imported',
  IMPORT_IN_PROGRESS:
    'Please wait a moment, we are preparing a repository for you. With large repositories it can take several minutes',
} as const;

export const FILE_UPLOAD_TYPES = ['repository', 'manual_sync'] as const;

export const ZFileUploadBody = z.object({
  type: z.enum(FILE_UPLOAD_TYPES, { error: 'must be repository or manual_sync' }),
  /** For `repository`: the new repository's name (the file name up to its first dot). */
  repoName: z.string().max(255).optional(),
});
export type TFileUploadBody = z.infer<typeof ZFileUploadBody>;

export const ZFileUploadResponse = z.object({
  /** Where to POST the multipart form: the fields first, then the file. */
  url: z.string(),
  fields: z.object({ key: z.string() }).catchall(z.string()),
  task_id: z.uuid(),
});
export type TFileUploadResponse = z.infer<typeof ZFileUploadResponse>;

export const createFileUpload = defineEndpoint({
  method: 'POST',
  url: '/file_upload',
  summary: 'An upload target (presigned POST) and the task that processes the file',
  body: ZFileUploadBody,
  response: { 200: ZFileUploadResponse, 400: ZErrorBody, 401: ZErrorBody },
});

/**
 * The local file store's upload target (S3 answers the same form itself): multipart fields from
 * `fields`, then `file`. 204 when stored.
 */
export const uploadFile = defineEndpoint({
  method: 'POST',
  url: '/files/upload',
  summary: 'Receive a file posted with a signed upload policy (local file store)',
  response: { 204: z.null(), 400: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody },
});
