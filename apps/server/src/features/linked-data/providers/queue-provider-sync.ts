import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { TTaskExecutor } from '../../tasks/index.ts';
import type { TConnectorRow } from '../linked-data.repository.ts';
import type { TProviderSyncPayload } from './provider-sync.ts';

/** Queues a provider connector's sync inside `trx`: the task exists exactly when the caller's write commits. */
export async function queueProviderSync(
  tasks: TTaskExecutor,
  trx: Kysely<Database>,
  connector: TConnectorRow,
  userId: string,
): Promise<string> {
  const payload: TProviderSyncPayload = {
    provider: connector.kind,
    connector_id: connector.id,
    repository_id: connector.repository_id,
  };
  const task = await tasks.create(trx, {
    userId,
    type: 'sync_linked_account',
    repositoryId: connector.repository_id,
    payload: { ...payload },
  });
  await tasks.enqueue(trx, task);
  return task.id;
}
