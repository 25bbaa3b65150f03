import {
  createDocument as createDocumentEndpoint,
  createDocumentTag as createDocumentTagEndpoint,
  deleteDocument as deleteDocumentEndpoint,
  listDocuments,
  listDocumentTags,
  openDocument,
  type TCreateDocumentBody,
  type TCreatedDocument,
  type TDocument,
  type TDocumentTag,
  type TUpdateDocumentBody,
  type TUploadTarget,
  updateDocument as updateDocumentEndpoint,
} from '@strata/contracts/documents';
import type { TMessageResponse } from '@strata/contracts/repositories';
import { DOCUMENT_MESSAGES } from '@strata/core/documents/document-rules';
import { useQuery } from '@tanstack/react-query';
import { ApiError, isApiError } from '../../../shared/api/api-error.ts';
import { callEndpoint, type TEndpointBody } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

export const documentsKey = (repositoryId: string, ...parts: unknown[]) =>
  repositoryScopedKey(repositoryId, 'documents', ...parts);

/** A repository's documents, or one asset's; `source: 'thumbnail'` gives thumbnails (left out otherwise). */
export function useDocuments(
  repositoryId: string | undefined,
  filter: { assetId?: string; source?: 'thumbnail' } = {},
) {
  return useQuery({
    queryKey: documentsKey(repositoryId ?? 'none', filter.assetId ?? 'all', filter.source ?? 'documents'),
    queryFn: ({ signal }) =>
      callEndpoint(listDocuments, {
        signal,
        query: { repository_id: repositoryId, asset_id: filter.assetId, source: filter.source },
      }),
    enabled: Boolean(repositoryId),
  });
}

export function useDocumentTags(repositoryId: string | undefined) {
  return useQuery({
    queryKey: documentsKey(repositoryId ?? 'none', 'tags'),
    queryFn: ({ signal }) =>
      callEndpoint(listDocumentTags, { signal, query: { repository_id: repositoryId } }),
    enabled: Boolean(repositoryId),
  });
}

export function createDocument(body: TCreateDocumentBody): Promise<TCreatedDocument> {
  return callEndpoint(createDocumentEndpoint, { body });
}

export function updateDocument(id: string, body: TUpdateDocumentBody): Promise<TDocument> {
  return callEndpoint(updateDocumentEndpoint, { params: { id }, body });
}

export function deleteDocument(id: string): Promise<TMessageResponse> {
  return callEndpoint(deleteDocumentEndpoint, { params: { id } });
}

export function createDocumentTag(
  body: TEndpointBody<typeof createDocumentTagEndpoint>,
): Promise<TDocumentTag> {
  return callEndpoint(createDocumentTagEndpoint, { body });
}

/**
 * The presigned POST: fields first, then the file (S3's order). No credentials go with it: the signed
 * policy is the permission.
 */
export async function uploadToTarget(target: TUploadTarget, file: Blob, filename: string): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file, filename);
  const response = await fetch(target.url, { method: 'POST', body: form, credentials: 'omit' });
  if (!response.ok) throw new Error('Something is wrong during the file upload');
}

/** Creates a stored file's document and uploads its bytes; a failed upload leaves no record behind. */
export async function createFileDocument(
  body: { repository_id: string; name: string; asset_id?: string | null; source: 'file' | 'thumbnail' },
  file: Blob,
  filename: string,
): Promise<TDocument> {
  const created = await createDocument({
    ...body,
    filename,
    content_type: file.type || 'application/octet-stream',
  });
  if (!created.upload) return created;
  try {
    await uploadToTarget(created.upload, file, filename);
  } catch (error) {
    await deleteDocument(created.id).catch(() => undefined);
    throw error;
  }
  return created;
}

/**
 * `GET /documents/:id/open`: the address to open. A file not (yet) stored is the seed's 'Document URL is
 * not available'; any other failure 'Failed to open document'.
 */
export async function documentUrl(id: string): Promise<string> {
  try {
    const answer = await callEndpoint(openDocument, { params: { id } });
    if (!answer.url) throw new ApiError({ status: 404, message: DOCUMENT_MESSAGES.URL_NOT_AVAILABLE });
    return answer.url;
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      throw new ApiError({ status: 404, message: DOCUMENT_MESSAGES.URL_NOT_AVAILABLE });
    }
    throw new ApiError({
      status: isApiError(error) ? error.status : null,
      message: DOCUMENT_MESSAGES.OPEN_FAILED,
    });
  }
}
