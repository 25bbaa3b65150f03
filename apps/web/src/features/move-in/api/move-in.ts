import {
  journalImportTask,
  previewJournalImport,
  startJournalImport,
  type TJournalImportBody,
  type TJournalImportPreview,
  type TJournalPreviewBody,
} from '@strata/contracts/journal-imports';
import type { TTask } from '@strata/contracts/tasks';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

/** `POST /api/journal_imports/preview`: what the file would create; nothing is written. */
export function previewMoveIn(body: TJournalPreviewBody): Promise<TJournalImportPreview> {
  return callEndpoint(previewJournalImport, { body, isParsed: true });
}

/** `POST /api/journal_imports`: the import's task (202), which runs in the background. */
export function startMoveIn(body: TJournalImportBody): Promise<TTask> {
  return callEndpoint(startJournalImport, { body, isParsed: true });
}

/** `GET /api/journal_imports/:id`: the import's task, with its progress. */
export function readMoveIn(taskId: string, signal?: AbortSignal): Promise<TTask> {
  return callEndpoint(journalImportTask, { params: { id: taskId }, signal, isParsed: true });
}
