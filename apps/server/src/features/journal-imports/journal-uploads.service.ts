import type {
  TJournalImportPreview,
  TJournalUploadBody,
  TJournalUploadStartBody,
} from '@strata/contracts/journal-imports';
import type { TTask } from '@strata/contracts/tasks';
import type { TFileUploadResponse } from '@strata/contracts/uploads';
import type { TJournalFormat } from '@strata/core/journals/journal-types';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { TJobRunner } from '../../jobs/job-runner.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { TAccessUser } from '../../shared/repository-access.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { setTaskPayload, type TTaskExecutor, toTaskView } from '../tasks/index.ts';
import { createUploadTarget, UPLOAD_EXPIRES_IN_SECONDS } from '../uploads/index.ts';
import {
  expireHeldJournalImport,
  findJournalImportTask,
  releaseHeldJournalImport,
} from './journal-imports.repository.ts';
import {
  JOURNAL_IMPORT_MESSAGES,
  JOURNAL_IMPORT_TASK_TYPE,
  type TJournalImports,
} from './journal-imports.task.ts';

export const JOURNAL_UPLOAD_MESSAGES = {
  NOT_UPLOADED: 'The journal file has not been uploaded yet',
  STARTED: 'This import has started already',
  ENDED: 'This import has ended',
  NOT_STARTED_IN_TIME: 'The import was not started in time',
} as const;

/** How long an uploaded journal held for its preview waits to be started, once its target has expired. */
export const HELD_SECONDS = 60 * 60;

/**
 * Looks at an uploaded journal once nobody can use it any more: a held import nobody started ends
 * `time_out`, and the file of a task that will never read it (ended so, aborted, deleted) is deleted.
 */
export const EXPIRE_JOURNAL_UPLOAD_QUEUE = 'journal-imports.expire-upload';

/** An uploaded journal's key: under uploads/, as every upload target's (never the JSON route's key). */
export const journalUploadKey = (taskId: string) => `uploads/journal/${taskId}`;

interface TUploadPayload {
  format: TJournalFormat;
  held?: boolean;
  uploaded_at?: string;
  file_key: string;
  new_repository?: { name: string; currency: string };
}

/**
 * A move-in whose journal goes straight to the file store (the uploads feature's presigned POST: streamed
 * to disk by the local store's route, or to S3), so no process holds it as a JSON string. The task reads it
 * from the store as the JSON route's does (`file_key`). `preview_first` holds the task once the file is
 * stored, for its preview and then its start.
 */
export function createJournalUploads(deps: {
  db: Kysely<Database>;
  tasks: TTaskExecutor;
  fileStore: TFileStore;
  jobs: TJobRunner;
  maxBytes: number;
  imports: Pick<TJournalImports, 'assertMayImportInto' | 'previewFile'>;
}) {
  const { db, tasks, fileStore, jobs, imports } = deps;

  /** The caller's own held upload, uploaded and still waiting to start (another user's: 404). */
  async function heldUploadOf(user: TAccessUser | null, id: string) {
    if (!user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
    const task = await findJournalImportTask(db, id);
    if (!task || task.user_id !== user.id) throw AppError.notFound(JOURNAL_IMPORT_MESSAGES.NOT_FOUND);
    const payload = task.payload as unknown as TUploadPayload;
    if (task.status !== 'waiting') {
      const ended = ['time_out', 'aborted'].includes(task.status);
      throw AppError.conflict(
        ended
          ? `${JOURNAL_UPLOAD_MESSAGES.ENDED}: ${task.error ?? task.status}`
          : JOURNAL_UPLOAD_MESSAGES.STARTED,
      );
    }
    if (payload.held !== true) throw AppError.conflict(JOURNAL_UPLOAD_MESSAGES.STARTED);
    if (!payload.uploaded_at) throw AppError.conflict(JOURNAL_UPLOAD_MESSAGES.NOT_UPLOADED);
    const target = {
      repository_id: task.repository_id ?? undefined,
      new_repository: payload.new_repository,
    };
    // Access may have changed since the upload: checked again, as POST journal_imports checks it.
    await imports.assertMayImportInto(user, target);
    return { user, task, payload };
  }

  return {
    /** The import's task, waiting for its file, and the file's upload target. */
    async createUpload(user: TAccessUser | null, body: TJournalUploadBody): Promise<TFileUploadResponse> {
      await imports.assertMayImportInto(user, body);
      const created = body.new_repository;
      return db.transaction().execute(async (trx) => {
        const task = await tasks.create(trx, {
          userId: (user as TAccessUser).id,
          type: JOURNAL_IMPORT_TASK_TYPE,
          repositoryId: body.repository_id ?? null,
        });
        const key = journalUploadKey(task.id);
        await setTaskPayload(trx, task.id, {
          upload_type: 'journal',
          file_key: key,
          format: body.format,
          skip_unmapped: body.skip_unmapped === true,
          ...(created ? { new_repository: { name: created.name, currency: created.currency } } : {}),
          ...(body.preview_first === true ? { held: true } : {}),
        });
        // Any content type: a journal, a JSON export, a CSV or an XML file, as the browser names it.
        const post = await createUploadTarget({ fileStore, jobs }, trx, {
          taskId: task.id,
          key,
          maxBytes: deps.maxBytes,
        });
        await jobs.send(
          EXPIRE_JOURNAL_UPLOAD_QUEUE,
          { taskId: task.id, key },
          { trx, startAfterSeconds: UPLOAD_EXPIRES_IN_SECONDS + HELD_SECONDS },
        );
        return { ...post, task_id: task.id };
      });
    },

    /** What the held upload would create; nothing is written and the file stays for the start. */
    async preview(user: TAccessUser | null, id: string): Promise<TJournalImportPreview> {
      const held = await heldUploadOf(user, id);
      const file = await fileStore.get(held.payload.file_key);
      if (!file) throw AppError.conflict(JOURNAL_IMPORT_MESSAGES.FILE_MISSING);
      const into = held.task.repository_id
        ? { repositoryId: held.task.repository_id }
        : { currency: (held.payload.new_repository as { currency: string }).currency };
      return imports.previewFile(held.user, into, held.payload.format, file);
    },

    /** Queues the held import (once); it then runs as any journal import. */
    async start(user: TAccessUser | null, id: string, body: TJournalUploadStartBody): Promise<TTask> {
      await heldUploadOf(user, id);
      return db.transaction().execute(async (trx) => {
        const task = await releaseHeldJournalImport(trx, id, body.skip_unmapped === true);
        // Started by a request racing this one, between the check and here.
        if (!task) throw AppError.conflict(JOURNAL_UPLOAD_MESSAGES.STARTED);
        await tasks.enqueue(trx, task);
        return toTaskView(task);
      });
    },

    /** The watcher's one look, once the upload can no longer be used (EXPIRE_JOURNAL_UPLOAD_QUEUE). */
    async expireUpload(watch: { taskId: string; key: string }): Promise<void> {
      await expireHeldJournalImport(db, watch.taskId, JOURNAL_UPLOAD_MESSAGES.NOT_STARTED_IN_TIME);
      const task = await findJournalImportTask(db, watch.taskId);
      // A queued, running or finished task reads (and deletes) its file itself.
      if (!task || task.status === 'time_out' || task.status === 'aborted') await fileStore.delete(watch.key);
    },
  };
}
