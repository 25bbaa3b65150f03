import type { TTask } from '@strata/contracts/tasks';
import { taskOutcome } from '@strata/core/tasks/task-status';

/** Seed §9: tasks are polled every 30 s while they run. */
export const TASK_POLL_INTERVAL_MS = 30_000;

/** Thrown when the task ends aborted, failed or timed out; `message` is the task's own error. */
export class TaskFailedError extends Error {
  readonly task: TTask;
  constructor(task: TTask) {
    super(task.error ?? `The task ended ${task.status.replace('_', ' ')}`);
    this.name = 'TaskFailedError';
    this.task = task;
  }
}

export class TaskNotFoundError extends Error {
  constructor(taskId: string) {
    super(`Task ${taskId} not found`);
    this.name = 'TaskNotFoundError';
  }
}

export interface TWaitForTaskOptions {
  /** Reads the task's current state (the app: `GET /api/tasks` filtered by id). */
  readTask: (taskId: string, signal?: AbortSignal) => Promise<TTask | undefined>;
  intervalMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  onPoll?: (task: TTask) => void;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls a task once at once, then every interval while it is waiting or running (seed §4/§7): done or
 * succeeded resolve with the task; aborted, failed and time out reject with `TaskFailedError`.
 */
export async function waitForTask(taskId: string, options: TWaitForTaskOptions): Promise<TTask> {
  const { readTask, intervalMs = TASK_POLL_INTERVAL_MS, sleep = abortableSleep, signal, onPoll } = options;
  for (;;) {
    const task = await readTask(taskId, signal);
    if (!task) throw new TaskNotFoundError(taskId);
    onPoll?.(task);
    const outcome = taskOutcome(task.status);
    if (outcome === 'resolved') return task;
    if (outcome === 'rejected') throw new TaskFailedError(task);
    await sleep(intervalMs, signal);
  }
}
