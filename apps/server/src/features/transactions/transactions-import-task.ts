import type { TTask } from '@strata/contracts/tasks';
import type { TImportProgress } from '@strata/contracts/transactions';
import type { TDialectName } from '@strata/db/database';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { findTaskOfKind, setTaskProgress, type TTaskExecutor, toTaskView } from '../tasks/index.ts';

import {
  importResult,
  refreshStatistics,
  type TCheckedImport,
  type TTransactionsService,
} from './transactions.service.ts';
import { createImportProgressChannel, type TImportProgressEvent } from './transactions-import-progress.ts';

/**
 * A background import is a task of the seed's `default` type (its type list has no transactions import and
 * the database allows only those codes), told apart by `payload.kind`.
 */
export const IMPORT_TASK_TYPE = 'default';
export const IMPORT_TASK_KIND = 'transactions_import';

export const IMPORT_TASK_MESSAGES = { NOT_FOUND: 'Import not found' } as const;

/** Where the CSV waits for the worker: a task row is polled, so it does not carry the file itself. */
export function importFileKey(taskId: string): string {
  return `imports/transactions/${taskId}.csv`;
}

interface TImportTaskDeps {
  db: Kysely<Database>;
  dbDialect: TDialectName;
  tasks: TTaskExecutor;
  fileStore: TFileStore;
  service: TTransactionsService;
}

export function createTransactionsImportTasks(deps: TImportTaskDeps) {
  const { db, tasks, fileStore, service } = deps;
  const channel = createImportProgressChannel();

  /** Publishes each report to open streams and, where `on` may be written now, records it on the task. */
  const progressWriter =
    (taskId: string, on: Kysely<Database> | null) => async (progress: TImportProgress) => {
      channel.publish(taskId, { progress });
      // PGlite runs in this thread and its queries resolve without a turn of the event loop: without one
      // here, the streams' writes would reach the sockets only when the whole import is over.
      await new Promise((resolve) => setImmediate(resolve));
      if (on) await setTaskProgress(on, taskId, { ...progress });
    };

  /** Ends open streams whatever happens, so none waits for a report that will not come. */
  async function endingStreams<T>(taskId: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      channel.publish(taskId, { end: true });
      throw error;
    }
  }

  return {
    /** Registers the worker: rows are checked before the task's transaction opens, then written in it. */
    register() {
      tasks.register(
        IMPORT_TASK_TYPE,
        async ({ task, trx, prepared }) => {
          const checked = prepared as TCheckedImport;
          const total = checked.valid.length;
          // PostgreSQL: another pooled connection records each written chunk while the transaction runs.
          // PGlite has one connection, which the transaction holds, so there the chunks reach only the
          // events stream and the row gets the final count, committed with the rows.
          const report = progressWriter(task.id, deps.dbDialect === 'postgres' ? db : null);
          return endingStreams(task.id, async () => {
            const created = await service.writeImport(trx, checked, report);
            await setTaskProgress(trx, task.id, { total, validated: total, written: total });
            await refreshStatistics(trx, created);
            channel.publish(task.id, { end: true });
            return importResult(created);
          });
        },
        {
          // All or nothing: a failed import wrote no row, whatever the pooled progress writes said.
          progressWhenFailed: (progress) => ('written' in progress ? { ...progress, written: 0 } : progress),
          prepare: ({ task }) =>
            endingStreams(task.id, async () => {
              if (task.payload.kind !== IMPORT_TASK_KIND || !task.repository_id)
                throw new Error(`Unknown ${IMPORT_TASK_TYPE} task`);
              const key = importFileKey(task.id);
              const file = await fileStore.get(key);
              if (!file) throw new Error('The import file is missing');
              // Read once: a task never runs twice (no retries), so the file is not needed again.
              await fileStore.delete(key);
              return service.checkImport(
                { id: task.user_id },
                task.repository_id,
                file.toString('utf8'),
                progressWriter(task.id, db),
              );
            }),
        },
      );
    },

    /** Queues an import (write access) and answers its task at once; the CSV waits in the file store. */
    async start(user: TAccessUser | null, repositoryId: string, csv: string): Promise<TTask> {
      await requireRepositoryAccess(db, user, repositoryId, 'write');
      return db.transaction().execute(async (trx) => {
        const task = await tasks.create(trx, {
          userId: (user as TAccessUser).id,
          type: IMPORT_TASK_TYPE,
          repositoryId,
          payload: { kind: IMPORT_TASK_KIND },
        });
        await tasks.enqueue(trx, task);
        // Last: if queuing failed, no file is left behind; the job can only start once this commits.
        await fileStore.put(importFileKey(task.id), Buffer.from(csv, 'utf8'), 'text/csv');
        return toTaskView(task);
      });
    },

    /**
     * Follows an import: `send` gets the task's recorded progress, then every report; resolves when the
     * import ends (or at once if it has). Same access as `read`. `onClose` stops following early.
     */
    async follow(
      user: TAccessUser | null,
      id: string,
      send: (event: TImportProgressEvent) => void,
    ): Promise<{ done: Promise<void>; stop: () => void }> {
      const task = await this.read(user, id);
      const snapshot = () => {
        if (task.progress) send({ progress: task.progress as TImportProgress });
      };
      if (task.status !== 'waiting' && task.status !== 'running') {
        snapshot();
        send({ end: true });
        return { done: Promise.resolve(), stop: () => {} };
      }
      let stop = () => {};
      const done = new Promise<void>((resolve) => {
        const unsubscribe = channel.subscribe(id, (event) => {
          send(event);
          if ('end' in event) stop();
        });
        stop = () => {
          unsubscribe();
          resolve();
        };
      });
      snapshot();
      return { done, stop };
    },

    /** Open streams following an import (tests wait for theirs before running the job). */
    followers: (id: string) => channel.listenerCount(id),

    /** An import's task, for any member of its repository (others: 404, as if it did not exist). */
    async read(user: TAccessUser | null, id: string): Promise<TTask> {
      if (!user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
      const task = await findTaskOfKind(db, id, IMPORT_TASK_TYPE, IMPORT_TASK_KIND);
      if (!task?.repository_id) throw AppError.notFound(IMPORT_TASK_MESSAGES.NOT_FOUND);
      await requireRepositoryAccess(db, user, task.repository_id, 'read');
      return toTaskView(task);
    },
  };
}
