import { createFileUpload, type TFileUploadResponse } from '@strata/contracts/uploads';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

/** `POST /api/file_upload { type: 'repository', repoName }` → the presigned POST and the import task. */
export function createRepositoryUpload(repoName: string): Promise<TFileUploadResponse> {
  return callEndpoint(createFileUpload, { body: { type: 'repository', repoName }, isParsed: true });
}

/**
 * The multipart POST to the returned url: the fields first, then the file (S3's order). Stored-file hosts
 * get no credentials (seed §7): the signed policy is the permission.
 */
export async function postFileToUpload(
  target: Pick<TFileUploadResponse, 'url' | 'fields'>,
  file: Blob,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetchImpl(target.url, { method: 'POST', body: form, credentials: 'omit' });
  if (!response.ok) throw new Error(`Upload answered ${response.status}`);
}
