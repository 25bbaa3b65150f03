import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { TTaskExecutor } from '../../tasks/index.ts';

/** A provider sync's part of a sync_linked_account task's payload (POST connectors, 'sync now', the scheduler). */
export interface TProviderSyncPayload {
  provider: string;
  connector_id: string;
  repository_id: string;
}

/**
 * Queues a provider connector's sync (the 'sync linked account' task) inside `trx`: the task exists exactly
 * when the caller's write commits. 'Sync now', a new connector's first sync and the scheduler all come here.
 */
export async function queueProviderSyncTask(
  tasks: TTaskExecutor,
  trx: Kysely<Database>,
  sync: { provider: string; connectorId: string; repositoryId: string; userId: string },
): Promise<string> {
  const payload: TProviderSyncPayload = {
    provider: sync.provider,
    connector_id: sync.connectorId,
    repository_id: sync.repositoryId,
  };
  const task = await tasks.create(trx, {
    userId: sync.userId,
    type: 'sync_linked_account',
    repositoryId: sync.repositoryId,
    payload: { ...payload },
  });
  await tasks.enqueue(trx, task);
  return task.id;
}

/** The same for a connector row (its kind is the provider, its home repository the task's). */
export function queueProviderSync(
  tasks: TTaskExecutor,
  trx: Kysely<Database>,
  connector: { id: string; kind: string; repository_id: string },
  userId: string,
): Promise<string> {
  return queueProviderSyncTask(tasks, trx, {
    provider: connector.kind,
    connectorId: connector.id,
    repositoryId: connector.repository_id,
    userId,
  });
}
