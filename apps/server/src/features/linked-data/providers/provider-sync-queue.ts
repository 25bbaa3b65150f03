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
 * The task types of a provider connector's fetch (the seed's 'link account' and 'sync linked account'): a new
 * connector's first one links it (its accounts, then their transactions); later ones sync it.
 */
export const PROVIDER_TASK_TYPES = ['link_account', 'sync_linked_account'] as const;

/**
 * Queues a provider connector's sync (the 'sync linked account' task), or its link (`type: link_account`), inside
 * `trx`: the task exists exactly when the caller's write commits. 'Sync now', a new connector's link and the
 * scheduler all come here.
 */
export async function queueProviderSyncTask(
  tasks: TTaskExecutor,
  trx: Kysely<Database>,
  sync: {
    provider: string;
    connectorId: string;
    repositoryId: string;
    userId: string;
    type?: (typeof PROVIDER_TASK_TYPES)[number];
  },
): Promise<string> {
  const payload: TProviderSyncPayload = {
    provider: sync.provider,
    connector_id: sync.connectorId,
    repository_id: sync.repositoryId,
  };
  const task = await tasks.create(trx, {
    userId: sync.userId,
    type: sync.type ?? 'sync_linked_account',
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

/** A new connector's link (the 'link account' task): its accounts listed and recorded, then the first fetch. */
export function queueProviderLink(
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
    type: 'link_account',
  });
}
