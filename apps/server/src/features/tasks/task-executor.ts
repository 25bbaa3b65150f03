import { TASK_MESSAGES } from '@strata/contracts/tasks';
import type { TTaskType } from '@strata/core/tasks/task-status';
import type { Database } from '@strata/db/schema';
import type { Kysely, Transaction } from 'kysely';
import type { TJobRunner, TJobsLogger } from '../../jobs/job-runner.ts';
import {
  changeTaskStatus,
  findAbandonedTasks,
  findTask,
  insertTask,
  type TNewTask,
  type TTaskRow,
} from './tasks.repository.ts';

export interface TTaskContext {
  task: TTaskRow;
  /** The task's one transaction: everything written through it is kept only if the task succeeds. */
  trx: Transaction<Database>;
  /** What the type's `prepare` returned (undefined without one). */
  prepared?: unknown;
}

/**
 * Work done before the task's transaction opens (reading and checking its input), on the plain database:
 * progress written here is visible to pollers at once, also on PGlite, whose single connection the task's
 * transaction would hold. Throwing fails the task and nothing is written.
 */
export type TTaskPrepare = (context: { task: TTaskRow; db: Kysely<Database> }) => Promise<unknown>;

export interface TTaskHandlerOptions {
  prepare?: TTaskPrepare;
  /**
   * What of the recorded progress stays true when the task fails. Progress written outside the task's
   * transaction (to be seen while it runs) counts work that the failure rolled back.
   */
  progressWhenFailed?: (progress: Record<string, unknown>) => Record<string, unknown>;
}

/** Does a task's work and returns its result (stored on the task). Throwing fails the task with the message. */
export type TTaskHandler = (context: TTaskContext) => Promise<Record<string, unknown> | undefined>;

export interface TTaskExecutor {
  /** Gives a task type its worker; call while the app registers its plugins. */
  register(type: TTaskType, handler: TTaskHandler, options?: TTaskHandlerOptions): void;
  /** Whether a worker handles this task type (in this app). */
  isHandled(type: string): boolean;
  /** Inserts a waiting task; it starts when `enqueue` is called (at once, or when its input is ready). */
  create(db: Kysely<Database>, task: TNewTask): Promise<TTaskRow>;
  /** Queues a waiting task's job inside `trx`, so the job exists exactly when the transaction commits. */
  enqueue(trx: Kysely<Database>, task: Pick<TTaskRow, 'id' | 'type'>): Promise<void>;
  /** Runs one task now (what the queue's worker calls): waiting → running → succeeded or failed. */
  run(taskId: string): Promise<void>;
  /**
   * Fails the running tasks whose worker is gone (see findAbandonedTasks) with TASK_MESSAGES.WORKER_STOPPED;
   * returns how many.
   */
  failAbandoned(options: { isEveryRunningAbandoned: boolean }): Promise<number>;
}

export function taskQueueOf(type: string): string {
  return `task.${type}`;
}

/** The task changed under the worker (aborted or deleted): its work is rolled back, nothing is recorded. */
class TaskNoLongerRunningError extends Error {}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** An error's details (an AppError's field errors), kept as a failed task's result for the client to list. */
function failureResultOf(error: unknown): Record<string, unknown> | undefined {
  const details =
    typeof error === 'object' && error !== null ? (error as { details?: unknown }).details : undefined;
  return typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : undefined;
}

export function createTaskExecutor(options: {
  db: Kysely<Database>;
  jobs: TJobRunner;
  logger: TJobsLogger;
}): TTaskExecutor {
  const { db, jobs, logger } = options;
  const handlers = new Map<string, TTaskHandler>();
  const preparers = new Map<string, TTaskPrepare>();
  const failedProgress = new Map<string, NonNullable<TTaskHandlerOptions['progressWhenFailed']>>();

  /** running → failed, with the progress that is still true; nothing if the task has moved on meanwhile. */
  async function fail(task: TTaskRow, error: string, result?: Record<string, unknown>): Promise<boolean> {
    const toTrue = failedProgress.get(task.type);
    // Re-read: the worker may have recorded progress since `task` was read.
    const progress = toTrue ? (await findTask(db, task.id))?.progress : undefined;
    const failed = await changeTaskStatus(db, task.id, {
      status: 'failed',
      error,
      ...(result ? { result } : {}),
      ...(toTrue && progress ? { progress: toTrue(progress) } : {}),
    });
    return Boolean(failed);
  }

  async function run(taskId: string): Promise<void> {
    // Guarded: a task aborted or deleted while it waited does not start.
    const task = await changeTaskStatus(db, taskId, { status: 'running' });
    if (!task) return;
    const handler = handlers.get(task.type);
    try {
      if (!handler) throw new Error(`No worker handles tasks of type ${task.type}`);
      const prepared = await preparers.get(task.type)?.({ task, db });
      await db.transaction().execute(async (trx) => {
        const result = await handler({ task, trx, prepared });
        const finished = await changeTaskStatus(trx, task.id, {
          status: 'succeeded',
          result: result ?? null,
          error: null,
        });
        if (!finished) throw new TaskNoLongerRunningError();
      });
    } catch (error) {
      if (error instanceof TaskNoLongerRunningError) return;
      logger.warn({ err: error, taskId, type: task.type }, 'Task failed');
      await fail(task, messageOf(error), failureResultOf(error));
    }
  }

  return {
    register(type, handler, options) {
      handlers.set(type, handler);
      if (options?.prepare) preparers.set(type, options.prepare);
      else preparers.delete(type);
      if (options?.progressWhenFailed) failedProgress.set(type, options.progressWhenFailed);
      else failedProgress.delete(type);
      jobs.define(taskQueueOf(type), async (data) => {
        if (typeof data.taskId === 'string') await run(data.taskId);
      });
    },

    isHandled: (type) => handlers.has(type),

    create: insertTask,

    async enqueue(trx, task) {
      if (!handlers.has(task.type)) throw new Error(`No worker handles tasks of type ${task.type}`);
      await jobs.send(taskQueueOf(task.type), { taskId: task.id }, { trx });
    },

    run,

    async failAbandoned(options) {
      let count = 0;
      for (const task of await findAbandonedTasks(db, options)) {
        if (await fail(task, TASK_MESSAGES.WORKER_STOPPED)) {
          count += 1;
          logger.warn({ taskId: task.id, type: task.type }, 'Task failed: its worker stopped');
        }
      }
      return count;
    },
  };
}
