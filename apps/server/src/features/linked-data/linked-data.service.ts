import {
  LINKED_DATA_MESSAGES,
  LINKED_TRANSACTION_SORT_FIELDS,
  type TConnector,
  type TLinkedAccount,
  type TLinkedTransaction,
  type TLinkedTransactionPage,
  type TListLinkedTransactionsQuery,
  type TManualLoadBody,
  type TSyncEvent,
} from '@strata/contracts/linked-data';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import type { TTaskExecutor } from '../tasks/index.ts';
import {
  claimManualUpload,
  deleteConnector,
  findConnector,
  findLinkedAccount,
  findLinkedTransaction,
  findSyncEvent,
  hasManualUpload,
  listConnectors,
  listLinkedAccounts,
  listLinkedTransactions,
  listSyncEvents,
  renameConnector,
  type TConnectorRow,
  type TLinkedAccountRow,
  type TLinkedSortField,
  type TLinkedTransactionRow,
  type TSyncEventRow,
} from './linked-data.repository.ts';

function toConnector(row: TConnectorRow): TConnector {
  return {
    id: row.id,
    repository_id: row.repository_id,
    name: row.name,
    access_method: row.kind,
    status: row.status,
    status_message: row.status_message,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toLinkedAccount(row: TLinkedAccountRow): TLinkedAccount {
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

function toSyncEvent(row: TSyncEventRow): TSyncEvent {
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
  };
}

function toLinkedTransaction(row: TLinkedTransactionRow): TLinkedTransaction {
  const [year, month] = row.date.split('-').map(Number) as [number, number];
  return {
    id: row.id,
    linked_account_id: row.linked_account_id,
    connector_name: row.connector_name,
    access_method: row.access_method,
    account_name: row.account_name,
    account_number: row.account_number,
    account_type: row.account_type,
    asset_id: row.asset_id,
    fitid: row.fitid,
    date: row.date,
    year,
    quarter: Math.ceil(month / 3),
    month,
    type: row.type,
    amount: row.amount,
    currency: row.currency,
    counterparty: row.counterparty,
    description: row.description,
    check_number: row.check_number,
    category: row.category,
    subcategory: row.subcategory,
    tags: row.tags.map((id) => ({ id })),
    investment_kind: row.investment_kind,
    security_id: row.security_id,
    quantity: row.quantity,
    unit_price: row.unit_price,
    mapping_status: 'none',
  };
}

/** The sort model ([{ field, sortDirection }] as JSON) on the sortable columns; anything else is a 400. */
function parseSort(raw: string | undefined): { field: TLinkedSortField; direction: 'asc' | 'desc' }[] {
  if (raw === undefined || raw.trim() === '') return [{ field: 'date', direction: 'desc' }];
  let model: unknown;
  try {
    model = JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', 'sort must be a JSON list of { field, sortDirection }');
  }
  if (!Array.isArray(model))
    throw new AppError('BAD_REQUEST', 'sort must be a JSON list of { field, sortDirection }');
  return model.map((item: { field?: unknown; sortDirection?: unknown; sort?: unknown }) => {
    const field = item?.field;
    if (typeof field !== 'string' || !(LINKED_TRANSACTION_SORT_FIELDS as readonly string[]).includes(field))
      throw new AppError('BAD_REQUEST', `Linked transactions cannot be sorted by ${String(field)}`);
    const direction =
      String(item.sortDirection ?? item.sort ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
    return { field: field as TLinkedSortField, direction };
  });
}

/** Connectors, linked accounts, their sync events and transactions (linked seed §7), and the manual loader. */
export function createLinkedDataService(deps: { db: Kysely<Database>; tasks: TTaskExecutor }) {
  const { db, tasks } = deps;

  async function accountAccess(user: TAccessUser | null, id: string): Promise<TLinkedAccountRow> {
    const row = await findLinkedAccount(db, id);
    await requireRecordAccess(db, user, row?.repository_id, 'read', LINKED_DATA_MESSAGES.ACCOUNT_NOT_FOUND);
    return row as TLinkedAccountRow;
  }

  async function connectorAccess(user: TAccessUser | null, id: string): Promise<TConnectorRow> {
    const row = await findConnector(db, id);
    await requireRecordAccess(
      db,
      user,
      row?.repository_id,
      'write',
      LINKED_DATA_MESSAGES.CONNECTOR_NOT_FOUND,
    );
    return row as TConnectorRow;
  }

  return {
    async renameConnector(user: TAccessUser | null, id: string, name: string): Promise<TConnector> {
      await connectorAccess(user, id);
      return toConnector(await renameConnector(db, id, name));
    },

    /**
     * A file connector belongs to one repository, so deleting it touches no other; the seed's warning and
     * permission flag for a connector shared between repositories come with the providers.
     */
    async deleteConnector(user: TAccessUser | null, id: string): Promise<{ message: string }> {
      await connectorAccess(user, id);
      await deleteConnector(db, id);
      return { message: LINKED_DATA_MESSAGES.CONNECTOR_DELETED };
    },

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
      if (body.loader === 'csv' && !body.csv_profile)
        throw new AppError('BAD_REQUEST', LINKED_DATA_MESSAGES.CSV_NEEDS_PROFILE);
      return db.transaction().execute(async (trx) => {
        const loader = {
          loader: body.loader,
          repository_id: body.repository_id,
          ...(body.connector_id ? { connector_id: body.connector_id } : {}),
          ...(body.name ? { name: body.name } : {}),
          ...(body.csv_profile ? { csv_profile: body.csv_profile } : {}),
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

    async listConnectors(user: TAccessUser | null, repositoryId: string): Promise<TConnector[]> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      return (await listConnectors(db, repositoryId)).map(toConnector);
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

    async listTransactions(
      user: TAccessUser | null,
      query: TListLinkedTransactionsQuery,
    ): Promise<TLinkedTransactionPage> {
      await requireRepositoryAccess(db, user, query.repository_id, 'read');
      const { rows, total } = await listLinkedTransactions(db, {
        repositoryId: query.repository_id,
        pageSize: query.page_size,
        pageNo: query.page_no,
        search: query.search,
        assetId: query.asset_id,
        linkedAccountId: query.linked_account_id,
        sort: parseSort(query.sort),
      });
      return {
        data: rows.map(toLinkedTransaction),
        meta: { page_size: query.page_size, page_no: query.page_no, total },
      };
    },

    async getTransaction(
      user: TAccessUser | null,
      id: string,
    ): Promise<TLinkedTransaction & { source: Record<string, unknown> }> {
      const row = await findLinkedTransaction(db, id);
      await requireRecordAccess(
        db,
        user,
        row?.repository_id,
        'read',
        LINKED_DATA_MESSAGES.TRANSACTION_NOT_FOUND,
      );
      const found = row as TLinkedTransactionRow;
      return { ...toLinkedTransaction(found), source: found.source };
    },
  };
}
