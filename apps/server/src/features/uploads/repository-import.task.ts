import { UPLOAD_MESSAGES } from '@strata/contracts/uploads';
import type { TFileStore } from '../../storage/file-store.ts';
import { importRepository } from '../repositories/index.ts';
import { setTaskRepository, type TTaskExecutor } from '../tasks/index.ts';

/**
 * The `repository_import` task: reads the uploaded export and creates the repository from it. The file is
 * read and deleted before the task's transaction opens (a task never runs twice, so it is not needed again,
 * and a failed import leaves no upload behind either); the import runs on the task's transaction, so a
 * failure anywhere leaves no repository behind.
 */
export function registerRepositoryImportTask(tasks: TTaskExecutor, fileStore: TFileStore): void {
  tasks.register(
    'repository_import',
    async ({ task, trx, prepared }) => {
      const name = typeof task.payload.repoName === 'string' ? task.payload.repoName.trim() : '';
      const { repositoryId } = await importRepository(trx, fileStore, {
        userId: task.user_id,
        name,
        data: prepared,
      });
      await setTaskRepository(trx, task.id, repositoryId);
      return { repository_id: repositoryId, message: UPLOAD_MESSAGES.IMPORT_SUCCEEDED };
    },
    {
      prepare: async ({ task }) => {
        const key = task.payload.file_key;
        const bytes = typeof key === 'string' ? await fileStore.get(key) : undefined;
        if (!bytes) throw new Error(UPLOAD_MESSAGES.FILE_NOT_UPLOADED);
        await fileStore.delete(key as string);
        const name = typeof task.payload.repoName === 'string' ? task.payload.repoName.trim() : '';
        if (!name) throw new Error(UPLOAD_MESSAGES.UNKNOWN_REPOSITORY_NAME);
        if (bytes.length === 0) throw new Error(UPLOAD_MESSAGES.NOTHING_TO_IMPORT);
        try {
          return JSON.parse(bytes.toString('utf8')) as unknown;
        } catch (error) {
          throw new Error(`${UPLOAD_MESSAGES.NOT_JSON}: ${(error as Error).message}`);
        }
      },
    },
  );
}
