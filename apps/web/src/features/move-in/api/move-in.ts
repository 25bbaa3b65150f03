import {
  createJournalUpload,
  journalImportTask,
  previewUploadedJournal,
  startUploadedJournal,
  type TJournalImportPreview,
  type TJournalUploadBody,
  type TJournalUploadStartBody,
} from '@strata/contracts/journal-imports';
import type { TTask } from '@strata/contracts/tasks';
import type { TFileUploadResponse } from '@strata/contracts/uploads';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

export const MOVE_IN_UPLOAD_FAILED = 'Something is wrong during the file upload';

/**
 * `POST /api/journal_imports/uploads`: the import's task, held for its preview (`preview_first`), and the
 * upload target its file goes to. The file is never read into a string here: it goes to the store as is.
 */
export function createMoveInUpload(body: TJournalUploadBody): Promise<TFileUploadResponse> {
  return callEndpoint(createJournalUpload, { body, isParsed: true });
}

/**
 * The multipart POST of the file to the upload target: the fields first, then the file (S3's order),
 * without credentials (the signed policy is the permission). The browser streams the File from disk.
 */
export async function postMoveInFile(
  target: Pick<TFileUploadResponse, 'url' | 'fields'>,
  file: File,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file, file.name);
  const response = await fetch(target.url, { method: 'POST', body: form, credentials: 'omit' });
  if (!response.ok) throw new Error(MOVE_IN_UPLOAD_FAILED);
}

/** `POST /api/journal_imports/:id/preview`: what the uploaded file would create; nothing is written. */
export function previewMoveIn(taskId: string): Promise<TJournalImportPreview> {
  return callEndpoint(previewUploadedJournal, { params: { id: taskId }, isParsed: true });
}

/** `POST /api/journal_imports/:id/start`: the held import starts (202), and runs in the background. */
export function startMoveIn(taskId: string, body: TJournalUploadStartBody): Promise<TTask> {
  return callEndpoint(startUploadedJournal, { params: { id: taskId }, body, isParsed: true });
}

/** `GET /api/journal_imports/:id`: the import's task, with its progress. */
export function readMoveIn(taskId: string, signal?: AbortSignal): Promise<TTask> {
  return callEndpoint(journalImportTask, { params: { id: taskId }, signal, isParsed: true });
}
