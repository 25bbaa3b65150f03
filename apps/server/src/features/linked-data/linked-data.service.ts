import {
  LINKED_DATA_MESSAGES,
  type TLinkedAccount,
  type TManualLoadBody,
  type TSyncEvent,
} from '@strata/contracts/linked-data';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import type { TTaskExecutor } from '../tasks/index.ts';
import { csvProfileForLoad } from './csv-profile-for-load.ts';
import {
  claimManualUpload,
  findConnector,
  findLinkedAccount,
  findSyncEvent,
  hasManualUpload,
  listLinkedAccounts,
  listSyncEvents,
  type TLinkedAccountRow,
  type TSyncEventRow,
} from './linked-data.repository.ts';

export function toLinkedAccount(row: TLinkedAccountRow): TLinkedAccount {
  return {
    id: row.id,
    repository_id: row.repository_id,
    connector_id: row.connector_id,
    connector_name: row.connector_name,
    external_id: row.external_id,
    number: row.number,
    name: row.name,
    type: row.type,
    currency: row.currency,
    asset_id: row.asset_id,
    transactions_count: row.transactions_count,
  };
}

export function toSyncEvent(row: TSyncEventRow): TSyncEvent {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    id: row.id,
    connector_id: row.connector_id,
    linked_account_id: row.linked_account_id,
    task_id: row.task_id,
    started_at: iso(row.started_at) as string,
    finished_at: iso(row.finished_at),
    result: row.result,
    added: row.added,
    skipped_duplicate: row.skipped_duplicate,
    failed: row.failed,
    message: row.message,
    updated: row.updated,
    removed: row.removed,
  };
}

/**
 * Linked accounts, their sync events and transactions (linked seed §7), and the manual loader; connectors
 * themselves are linked-connectors.service.ts's.
 */
export function createLinkedDataService(deps: { db: Kysely<Database>; tasks: TTaskExecutor }) {
  const { db, tasks } = deps;

  async function accountAccess(user: TAccessUser | null, id: string): Promise<TLinkedAccountRow> {
    const row = await findLinkedAccount(db, id);
    await requireRecordAccess(db, user, row?.repository_id, 'read', LINKED_DATA_MESSAGES.ACCOUNT_NOT_FOUND);
    return row as TLinkedAccountRow;
  }

  return {
    /**
     * Gives a manual_sync upload its loader and repository; the task starts now if the file is stored,
     * otherwise when it arrives (the uploads feature queues it then).
     */
    async loadManualFile(user: TAccessUser | null, body: TManualLoadBody): Promise<{ task_id: string }> {
      await requireRepositoryAccess(db, user, body.repository_id, 'write');
      const actor = user as TAccessUser;
      if (body.connector_id) {
        const connector = await findConnector(db, body.connector_id);
        if (!connector || connector.repository_id !== body.repository_id)
          throw AppError.notFound(LINKED_DATA_MESSAGES.CONNECTOR_NOT_FOUND);
      }
      const profile = await csvProfileForLoad(db, body);
      if (body.loader === 'csv' && !profile.csv_profile)
        throw new AppError('BAD_REQUEST', LINKED_DATA_MESSAGES.CSV_NEEDS_PROFILE);
      return db.transaction().execute(async (trx) => {
        const loader = {
          loader: body.loader,
          repository_id: body.repository_id,
          ...(body.connector_id ? { connector_id: body.connector_id } : {}),
          ...(body.name ? { name: body.name } : {}),
          ...profile,
        };
        const task = await claimManualUpload(trx, actor.id, body.file_key, body.repository_id, loader);
        if (!task) {
          if (await hasManualUpload(trx, actor.id, body.file_key))
            throw new AppError('CONFLICT', LINKED_DATA_MESSAGES.UPLOAD_USED);
          throw AppError.notFound(LINKED_DATA_MESSAGES.NO_UPLOAD);
        }
        if (typeof task.payload.uploaded_at === 'string') await tasks.enqueue(trx, task);
        return { task_id: task.id };
      });
    },

    async listAccounts(
      user: TAccessUser | null,
      query: { repository_id: string; connector_id?: string },
    ): Promise<TLinkedAccount[]> {
      await requireRepositoryAccess(db, user, query.repository_id, 'read');
      return (await listLinkedAccounts(db, query.repository_id, query.connector_id)).map(toLinkedAccount);
    },

    async getAccount(user: TAccessUser | null, id: string): Promise<TLinkedAccount> {
      return toLinkedAccount(await accountAccess(user, id));
    },

    async listSyncEvents(user: TAccessUser | null, id: string): Promise<TSyncEvent[]> {
      await accountAccess(user, id);
      return (await listSyncEvents(db, id)).map(toSyncEvent);
    },

    async getSyncEvent(user: TAccessUser | null, id: string): Promise<TSyncEvent> {
      const row = await findSyncEvent(db, id);
      await requireRecordAccess(db, user, row?.repository_id, 'read', LINKED_DATA_MESSAGES.EVENT_NOT_FOUND);
      return toSyncEvent(row as TSyncEventRow);
    },
  };
}
