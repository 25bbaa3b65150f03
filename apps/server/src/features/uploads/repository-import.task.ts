import { UPLOAD_MESSAGES } from '@strata/contracts/uploads';
import type { TFileStore } from '../../storage/file-store.ts';
import { importRepository } from '../repositories/repository-transfer.ts';
import type { TTaskHandler } from '../tasks/task-executor.ts';

/**
 * The `repository_import` task: reads the uploaded export and creates the repository from it. The import
 * runs on the task's transaction, so a failure anywhere leaves no repository behind.
 */
export function createRepositoryImportHandler(fileStore: TFileStore): TTaskHandler {
  return async ({ task, trx }) => {
    const name = typeof task.payload.repoName === 'string' ? task.payload.repoName.trim() : '';
    if (!name) throw new Error(UPLOAD_MESSAGES.UNKNOWN_REPOSITORY_NAME);
    const key = task.payload.file_key;
    const bytes = typeof key === 'string' ? await fileStore.get(key) : undefined;
    if (!bytes) throw new Error(UPLOAD_MESSAGES.FILE_NOT_UPLOADED);
    if (bytes.length === 0) throw new Error(UPLOAD_MESSAGES.NOTHING_TO_IMPORT);
    let data: unknown;
    try {
      data = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      throw new Error(`${UPLOAD_MESSAGES.NOT_JSON}: ${(error as Error).message}`);
    }
    const { repositoryId } = await importRepository(trx, fileStore, { userId: task.user_id, name, data });
    await trx.updateTable('tasks').set({ repository_id: repositoryId }).where('id', '=', task.id).execute();
    return { repository_id: repositoryId, message: UPLOAD_MESSAGES.IMPORT_SUCCEEDED };
  };
}
