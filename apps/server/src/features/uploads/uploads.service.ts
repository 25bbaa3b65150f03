import { type TFileUploadBody, type TFileUploadResponse, UPLOAD_MESSAGES } from '@strata/contracts/uploads';
import type { TTaskType } from '@strata/core/tasks/task-status';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { TJobRunner } from '../../jobs/job-runner.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { setTaskPayload, type TTaskExecutor } from '../tasks/index.ts';
import { AWAIT_UPLOAD_QUEUE, createUploadTarget, nextCheckIn, type TAwaitUpload } from './upload-target.ts';
import {
  claimUploadPolicy,
  findTaskAwaitingFile,
  markTaskFileUploaded,
  releaseUploadPolicy,
  timeOutTaskAwaitingFile,
} from './uploads.repository.ts';

export const UPLOAD_TARGET_USED = 'This upload target has already been used; ask for a new one';

interface TUploadKind {
  taskType: TTaskType;
  contentType?: string;
  extension: string;
}

/**
 * Whether a task has all its input once its file is stored. A manual_sync file also needs its loader
 * (`POST linked_data/connectors/manual`), which may come before or after the file: whichever comes second
 * queues the task (the linked-data feature does it when the file came first).
 */
function isReadyOnUpload(task: { type: string; payload: Record<string, unknown> }): boolean {
  // Held: its feature queues it when the user says so (a journal import previewed first).
  if (task.payload.held === true) return false;
  return task.type !== 'sync_linked_account' || typeof task.payload.loader === 'string';
}

const UPLOAD_KINDS: Record<TFileUploadBody['type'], TUploadKind> = {
  repository: { taskType: 'repository_import', contentType: 'application/json', extension: '.json' },
  // An account file of any format (CSV, OFX, …); the linked-data loaders read it (linked seed §7).
  manual_sync: { taskType: 'sync_linked_account', extension: '' },
};

export function createUploadsService(deps: {
  db: Kysely<Database>;
  fileStore: TFileStore;
  tasks: TTaskExecutor;
  jobs: TJobRunner;
  maxBytes: number;
  now?: () => number;
}) {
  const { db, fileStore, tasks, jobs } = deps;
  const now = deps.now ?? Date.now;

  /** The file for `key` is stored: its task is queued (in the same transaction that marks it uploaded). */
  async function fileUploaded(key: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const task = await markTaskFileUploaded(trx, key);
      if (task && tasks.isHandled(task.type) && isReadyOnUpload(task)) await tasks.enqueue(trx, task);
    });
  }

  return {
    /**
     * A waiting task and an upload target named after it. The task starts when the file arrives
     * (`fileUploaded`); a `manual_sync` task also waits for its loader (POST linked_data/connectors/manual).
     */
    async createFileUpload(actor: { id: string }, body: TFileUploadBody): Promise<TFileUploadResponse> {
      const kind = UPLOAD_KINDS[body.type];
      const repoName = body.repoName?.trim() ?? '';
      if (body.type === 'repository' && !repoName) {
        throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.UNKNOWN_REPOSITORY_NAME);
      }
      return db.transaction().execute(async (trx) => {
        const task = await tasks.create(trx, { userId: actor.id, type: kind.taskType });
        const key = `uploads/${body.type}/${task.id}${kind.extension}`;
        const payload = { upload_type: body.type, file_key: key, ...(repoName ? { repoName } : {}) };
        await setTaskPayload(trx, task.id, payload);
        const post = await createUploadTarget(deps, trx, {
          taskId: task.id,
          key,
          ...(kind.contentType ? { contentType: kind.contentType } : {}),
          maxBytes: deps.maxBytes,
        });
        return { ...post, task_id: task.id };
      });
    },

    fileUploaded,

    /**
     * Stores one upload under a verified policy, at most once: a second POST of the same target (a replay
     * while it is still valid) is 403. A write that fails gives the target back, so the client may retry.
     */
    async storeOnce(
      policy: { signature: string; expiresAt: number },
      write: () => Promise<void>,
    ): Promise<void> {
      if (!(await claimUploadPolicy(db, policy.signature, new Date(policy.expiresAt))))
        throw AppError.forbidden(UPLOAD_TARGET_USED);
      try {
        await write();
      } catch (error) {
        await releaseUploadPolicy(db, policy.signature);
        throw error;
      }
    },

    /** One look of the watcher: start the task, time it out, or look again later. */
    async awaitUpload(watch: TAwaitUpload): Promise<void> {
      if (!(await findTaskAwaitingFile(db, watch.taskId))) return;
      if (await fileStore.exists(watch.key)) {
        await fileUploaded(watch.key);
        return;
      }
      if (now() >= watch.expiresAt) {
        await timeOutTaskAwaitingFile(db, watch.taskId, UPLOAD_MESSAGES.NOT_UPLOADED_IN_TIME);
        return;
      }
      await jobs.send(
        AWAIT_UPLOAD_QUEUE,
        { ...watch },
        { startAfterSeconds: nextCheckIn(deps, watch.expiresAt) },
      );
    },
  };
}

export type TUploadsService = ReturnType<typeof createUploadsService>;
