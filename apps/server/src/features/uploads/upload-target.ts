import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { TJobRunner } from '../../jobs/job-runner.ts';
import type { TFileStore, TPresignedPost } from '../../storage/file-store.ts';

/** How long an upload target accepts the file. */
export const UPLOAD_EXPIRES_IN_SECONDS = 15 * 60;

/**
 * Watches an upload target until its file arrives or it expires. The local store's upload route starts
 * the task itself, so locally this only times out uploads that never came; an S3 upload does not pass
 * through the app, so there the watcher looks for the file every few seconds and starts the task.
 */
export const AWAIT_UPLOAD_QUEUE = 'uploads.await-file';
const S3_POLL_SECONDS = 5;

export interface TAwaitUpload {
  taskId: string;
  key: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface TUploadTargetDeps {
  fileStore: TFileStore;
  jobs: TJobRunner;
  now?: () => number;
}

/** Seconds until the watcher looks again: soon on S3, just after expiry locally. */
export function nextCheckIn(deps: TUploadTargetDeps, expiresAt: number): number {
  if (deps.fileStore.kind === 's3') return S3_POLL_SECONDS;
  return Math.max(1, Math.ceil((expiresAt - (deps.now ?? Date.now)()) / 1000) + 1);
}

/**
 * The upload target of a waiting task whose payload names `key` as its `file_key`, and its watcher (sent
 * in `trx`, the transaction that made the task). When the file is stored the uploads feature marks the task
 * uploaded and queues it, once (uploads.service.ts `fileUploaded`); a task held in its payload is left
 * for its feature to queue.
 */
export async function createUploadTarget(
  deps: TUploadTargetDeps,
  trx: Kysely<Database>,
  input: { taskId: string; key: string; contentType?: string; maxBytes: number },
): Promise<TPresignedPost & { fields: { key: string } }> {
  const post = await deps.fileStore.createPresignedPost({
    key: input.key,
    ...(input.contentType ? { contentType: input.contentType } : {}),
    maxBytes: input.maxBytes,
    expiresIn: UPLOAD_EXPIRES_IN_SECONDS,
  });
  const expiresAt = (deps.now ?? Date.now)() + UPLOAD_EXPIRES_IN_SECONDS * 1000;
  const watch: TAwaitUpload = { taskId: input.taskId, key: input.key, expiresAt };
  await deps.jobs.send(
    AWAIT_UPLOAD_QUEUE,
    { ...watch },
    { trx, startAfterSeconds: nextCheckIn(deps, expiresAt) },
  );
  return { url: post.url, fields: { ...post.fields, key: input.key } };
}
