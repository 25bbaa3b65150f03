import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

export interface TUploadedTask {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Marks the waiting task whose upload target is `key` as uploaded, once: a second upload to the same key
 * finds nothing to mark, so the task is never queued twice.
 */
export async function markTaskFileUploaded(
  db: Kysely<Database>,
  key: string,
): Promise<TUploadedTask | undefined> {
  const uploadedAt = JSON.stringify({ uploaded_at: new Date().toISOString() });
  return db
    .updateTable('tasks')
    .set({ payload: sql`payload || ${uploadedAt}::jsonb`, updated_at: new Date() })
    .where(sql<string>`payload->>'file_key'`, '=', key)
    .where('status', '=', 'waiting')
    .where(sql<boolean>`NOT (payload ? 'uploaded_at')`)
    .returning(['id', 'type', 'payload'])
    .executeTakeFirst();
}

/** The task still waiting for its file (not uploaded, not aborted or deleted), if any. */
export async function findTaskAwaitingFile(
  db: Kysely<Database>,
  taskId: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('tasks')
    .select('id')
    .where('id', '=', taskId)
    .where('status', '=', 'waiting')
    .where(sql<boolean>`NOT (payload ? 'uploaded_at')`)
    .executeTakeFirst();
}

/** Ends a task whose file never came: waiting → time_out, unless the file arrived in the meantime. */
export async function timeOutTaskAwaitingFile(
  db: Kysely<Database>,
  taskId: string,
  error: string,
): Promise<boolean> {
  const now = new Date();
  const updated = await db
    .updateTable('tasks')
    .set({ status: 'time_out', error, updated_at: now, finished_at: now })
    .where('id', '=', taskId)
    .where('status', '=', 'waiting')
    .where(sql<boolean>`NOT (payload ? 'uploaded_at')`)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/**
 * Records the first use of a signed upload policy (by its signature, until it expires). False when it was
 * used already: a replay. Uses of expired policies are dropped here, as nothing can replay them any more.
 */
export async function claimUploadPolicy(
  db: Kysely<Database>,
  signature: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.deleteFrom('upload_policy_uses').where('expires_at', '<', new Date()).execute();
  const claimed = await db
    .insertInto('upload_policy_uses')
    .values({ signature, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Gives a policy back after an upload that stored nothing (too large, cut off), so the client may retry. */
export async function releaseUploadPolicy(db: Kysely<Database>, signature: string): Promise<void> {
  await db.deleteFrom('upload_policy_uses').where('signature', '=', signature).execute();
}
