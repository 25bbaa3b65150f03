import { TASK_MESSAGES, type TListTasksQuery, type TTask } from '@strata/contracts/tasks';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { changeTaskStatus, deleteTaskOf, findTaskOf, listTasksOf, toTaskView } from './tasks.repository.ts';

export interface TTaskActor {
  id: string;
}

/** A user sees and changes only their own tasks; another user's task answers 404, as if it did not exist. */
export function createTasksService(db: Kysely<Database>) {
  return {
    async list(actor: TTaskActor, query: TListTasksQuery): Promise<TTask[]> {
      const rows = await listTasksOf(db, actor.id, {
        excludedStatuses: query.excluded_statuses,
        excludedTypes: query.excluded_types,
        repositoryId: query.repository_id,
      });
      return rows.map(toTaskView);
    },

    async abort(actor: TTaskActor, id: string): Promise<TTask> {
      const aborted = await changeTaskStatus(
        db,
        id,
        { status: 'aborted', error: TASK_MESSAGES.ABORTED },
        actor.id,
      );
      if (aborted) return toTaskView(aborted);
      const existing = await findTaskOf(db, actor.id, id);
      if (!existing) throw AppError.notFound(TASK_MESSAGES.NOT_FOUND);
      throw AppError.conflict(TASK_MESSAGES.ALREADY_FINISHED);
    },

    /** A running task's worker sees the row gone when it finishes, and rolls its work back. */
    async remove(actor: TTaskActor, id: string): Promise<void> {
      if (!(await deleteTaskOf(db, actor.id, id))) throw AppError.notFound(TASK_MESSAGES.NOT_FOUND);
    },
  };
}

export type TTasksService = ReturnType<typeof createTasksService>;
