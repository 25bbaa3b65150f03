import type { TTask } from '@strata/contracts/tasks';
import { type TFileUploadResponse, UPLOAD_MESSAGES } from '@strata/contracts/uploads';
import { isApiError } from '../../shared/api/api-error.ts';
import type { TNotificationStore } from '../../shared/notifications/notification-store.ts';
import { checkImportFile } from './import-file-rules.ts';

/** Seed §8 texts of the import flow that only the web app shows. */
export const IMPORT_MESSAGES = {
  UPLOAD_REQUEST_FAILED: 'Something is wrong during the file upload',
  WRONG_TASK_ID: 'Wrong task id during repository import',
  WRONG_TASK_ID_DESCRIPTION: 'Try to import the repository again. If the error repeats, contact support',
  UPLOAD_FAILED: 'Error uploading repository file to server',
  FAILED: 'Error',
} as const;

export interface TImportRepositoryDeps {
  createUpload: (repoName: string) => Promise<TFileUploadResponse>;
  postFile: (target: TFileUploadResponse, file: File) => Promise<void>;
  /** Resolves when the task succeeds, rejects (with the task's error as message) when it fails. */
  waitForTask: (taskId: string) => Promise<TTask>;
  refreshRepositories: () => Promise<unknown>;
  notifications: Pick<TNotificationStore, 'error' | 'progress' | 'resolve' | 'remove'>;
  /** Id of the progress notification. */
  progressId?: string;
}

export type TImportResult = { isImported: true; repositoryId: string | null } | { isImported: false };

function resultRepositoryId(task: TTask): string | null {
  const id = task.result?.repository_id ?? task.repository_id;
  return typeof id === 'string' ? id : null;
}

/**
 * Seed §4 repository import: check the file, ask for an upload target, post the file, wait for the
 * import task (progress notification meanwhile), then report and refresh the repository list.
 */
export async function importRepositoryFile(
  file: File | null | undefined,
  deps: TImportRepositoryDeps,
): Promise<TImportResult> {
  const { notifications } = deps;
  const check = checkImportFile(file);
  if (!check.isValid || !file) {
    notifications.error(check.isValid ? UPLOAD_MESSAGES.NOTHING_TO_IMPORT : check.message);
    return { isImported: false };
  }

  let target: TFileUploadResponse;
  try {
    target = await deps.createUpload(check.repoName);
  } catch (error) {
    notifications.error(
      isApiError(error) && error.status !== null && error.status < 500
        ? error.message
        : IMPORT_MESSAGES.UPLOAD_REQUEST_FAILED,
    );
    return { isImported: false };
  }
  if (!target.task_id) {
    notifications.error(IMPORT_MESSAGES.WRONG_TASK_ID, {
      description: IMPORT_MESSAGES.WRONG_TASK_ID_DESCRIPTION,
    });
    return { isImported: false };
  }

  try {
    await deps.postFile(target, file);
  } catch {
    notifications.error(IMPORT_MESSAGES.UPLOAD_FAILED);
    return { isImported: false };
  }

  const progressId = deps.progressId ?? `repository-import-${target.task_id}`;
  notifications.progress(progressId, UPLOAD_MESSAGES.IMPORT_IN_PROGRESS);
  try {
    const task = await deps.waitForTask(target.task_id);
    notifications.resolve(progressId, UPLOAD_MESSAGES.IMPORT_SUCCEEDED);
    return { isImported: true, repositoryId: resultRepositoryId(task) };
  } catch (error) {
    notifications.remove(progressId);
    notifications.error(IMPORT_MESSAGES.FAILED, {
      description: error instanceof Error ? error.message : undefined,
    });
    return { isImported: false };
  } finally {
    await deps.refreshRepositories().catch(() => undefined);
  }
}
