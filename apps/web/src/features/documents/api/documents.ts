import type { TCreatedDocument, TDocument, TDocumentTag, TUploadTarget } from '@strata/contracts/documents';
import { DOCUMENT_MESSAGES } from '@strata/core/documents/document-rules';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { ApiError, isApiError } from '../../../shared/api/api-error.ts';
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
      apiFetch<TDocument[]>('/documents', {
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
      apiFetch<TDocumentTag[]>('/document_tags', { signal, query: { repository_id: repositoryId } }),
    enabled: Boolean(repositoryId),
  });
}

export function createDocument(body: Record<string, unknown>): Promise<TCreatedDocument> {
  return apiFetch('/documents', { method: 'POST', body });
}

export function updateDocument(id: string, body: Record<string, unknown>): Promise<TDocument> {
  return apiFetch(`/documents/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function deleteDocument(id: string): Promise<{ message: string }> {
  return apiFetch(`/documents/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function createDocumentTag(body: { repository_id: string; name: string }): Promise<TDocumentTag> {
  return apiFetch('/document_tags', { method: 'POST', body });
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
    const answer = await apiFetch<{ url: string }>(`/documents/${encodeURIComponent(id)}/open`);
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
