import type { TTask } from '@strata/contracts/tasks';
import { listTasks } from './list-tasks.ts';

/** One task by id: the API has no single-task read, so the caller's list is searched (newest first). */
export async function readTask(taskId: string, signal?: AbortSignal): Promise<TTask | undefined> {
  const tasks = await listTasks({}, signal);
  return tasks.find((task) => task.id === taskId);
}
