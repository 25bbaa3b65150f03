import type { TTask } from '@strata/contracts/tasks';
import { statusesThatMayBecome, type TTaskStatus, type TTaskType } from '@strata/core/tasks/task-status';
import type { Database } from '@strata/db/schema';
import type { TasksTable } from '@strata/db/schema-tasks';
import { type Kysely, type Selectable, sql } from 'kysely';

/** Every function takes the db or an open transaction, so task rows can change with the work they track. */
type TDb = Kysely<Database>;

export type TTaskRow = Selectable<TasksTable>;

export interface TNewTask {
  userId: string;
  type: TTaskType;
  repositoryId?: string | null;
  payload?: Record<string, unknown>;
}

export interface TTaskListFilter {
  excludedStatuses?: readonly TTaskStatus[];
  excludedTypes?: readonly TTaskType[];
  repositoryId?: string;
}

export function toTaskView(row: TTaskRow): TTask {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: row.id,
    type: row.type as TTask['type'],
    status: row.status as TTask['status'],
    repository_id: row.repository_id,
    error: row.error,
    progress: row.progress,
    result: row.result,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

export async function insertTask(db: TDb, task: TNewTask): Promise<TTaskRow> {
  return db
    .insertInto('tasks')
    .values({
      user_id: task.userId,
      type: task.type,
      repository_id: task.repositoryId ?? null,
      payload: JSON.stringify(task.payload ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listTasksOf(db: TDb, userId: string, filter: TTaskListFilter): Promise<TTaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(Boolean(filter.excludedStatuses?.length), (query) =>
      query.where('status', 'not in', filter.excludedStatuses as TTaskStatus[]),
    )
    .$if(Boolean(filter.excludedTypes?.length), (query) =>
      query.where('type', 'not in', filter.excludedTypes as TTaskType[]),
    )
    .$if(filter.repositoryId !== undefined, (query) =>
      query.where('repository_id', '=', filter.repositoryId as string),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The caller's own task; another user's is not found. */
export async function findTaskOf(db: TDb, userId: string, id: string): Promise<TTaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findTask(db: TDb, id: string): Promise<TTaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A task of `type` whose payload names it as of `kind` (several kinds share the seed's task types). */
export async function findTaskOfKind(
  db: TDb,
  id: string,
  type: string,
  kind: string,
): Promise<TTaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', id)
    .where('type', '=', type)
    .where(sql<string>`payload->>'kind'`, '=', kind)
    .executeTakeFirst();
}

export interface TStatusChange {
  status: TTaskStatus;
  error?: string | null;
  result?: Record<string, unknown> | null;
  progress?: Record<string, unknown> | null;
}

/**
 * Moves a task to `change.status` only from a status that may become it (core's transition rules), in
 * one guarded UPDATE: of two racing writers (a worker finishing, a user aborting) exactly one wins.
 */
export async function changeTaskStatus(
  db: TDb,
  id: string,
  change: TStatusChange,
  userId?: string,
): Promise<TTaskRow | undefined> {
  const from = statusesThatMayBecome(change.status);
  if (from.length === 0) return undefined;
  const now = new Date();
  const isStart = change.status === 'running';
  return db
    .updateTable('tasks')
    .set({
      status: change.status,
      updated_at: now,
      ...(isStart ? { started_at: now } : { finished_at: now }),
      ...(change.error !== undefined ? { error: change.error } : {}),
      ...(change.result !== undefined
        ? { result: change.result ? JSON.stringify(change.result) : null }
        : {}),
      ...(change.progress !== undefined
        ? { progress: change.progress ? JSON.stringify(change.progress) : null }
        : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .$if(userId !== undefined, (query) => query.where('user_id', '=', userId as string))
    .returningAll()
    .executeTakeFirst();
}

/** Jobs of a task: its queue (`task.<type>`, see task-executor.ts) in the job runner's schema `pgboss`. */
const jobsOfTask = sql`select 1 from pgboss.job j
  where j.name = 'task.' || tasks.type and j.data->>'taskId' = tasks.id::text`;

/** A job a worker holds now: active, within its expiry, and with a fresh heartbeat where it has one. */
const isJobAlive = sql`j.state = 'active'
  and j.started_on + j.expire_seconds * interval '1 second' > now()
  and (j.heartbeat_seconds is null
    or coalesce(j.heartbeat_on, j.started_on) + j.heartbeat_seconds * interval '1 second' > now())`;

/**
 * Running tasks whose worker is gone. `isEveryRunningAbandoned`: this process owns the database alone and has
 * not started a task yet (PGlite at start), so every running task was left by a process that ended.
 * Otherwise: a task a job started, and no job of it is alive (pg-boss failed it when its heartbeat stopped or
 * its time ran out, or it is still `active` past them because pg-boss's own supervisor has not looked yet).
 */
export async function findAbandonedTasks(
  db: TDb,
  options: { isEveryRunningAbandoned: boolean },
): Promise<TTaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('status', '=', 'running')
    .$if(!options.isEveryRunningAbandoned, (query) =>
      query
        .where(({ exists }) => exists(sql`(${jobsOfTask})`))
        .where(({ not, exists }) => not(exists(sql`(${jobsOfTask} and ${isJobAlive})`))),
    )
    .execute();
}

export async function setTaskProgress(db: TDb, id: string, progress: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('tasks')
    .set({ progress: JSON.stringify(progress), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteTaskOf(db: TDb, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('tasks')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Ties a task to the repository it made (a repository import's). */
export async function setTaskRepository(db: TDb, id: string, repositoryId: string): Promise<void> {
  await db.updateTable('tasks').set({ repository_id: repositoryId }).where('id', '=', id).execute();
}

export async function setTaskPayload(db: TDb, id: string, payload: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('tasks')
    .set({ payload: JSON.stringify(payload) })
    .where('id', '=', id)
    .execute();
}
