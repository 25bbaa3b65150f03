import type { Database } from '@strata/db/schema';
import type { TLinkedTransactionStatus, TSyncResult } from '@strata/db/schema-linked-data';
import type { ProviderConnectionsTable } from '@strata/db/schema-provider-connections';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { PROVIDER_TASK_TYPES } from './provider-sync-queue.ts';

type TDb = Kysely<Database>;

export type TProviderConnectionRow = Selectable<ProviderConnectionsTable>;

// --- sealed provider access ---------------------------------------------------------------------------------

export async function insertProviderConnection(
  db: TDb,
  row: Insertable<ProviderConnectionsTable>,
): Promise<void> {
  await db.insertInto('provider_connections').values(row).execute();
}

export async function findProviderConnection(
  db: TDb,
  connectorId: string,
): Promise<TProviderConnectionRow | undefined> {
  return db
    .selectFrom('provider_connections')
    .selectAll()
    .where('connector_id', '=', connectorId)
    .executeTakeFirst();
}

/** After a sync is written: where the next one starts, and the token sealed again when the key rotated. */
export async function recordProviderSync(
  db: TDb,
  connectorId: string,
  change: {
    cursor: string | null;
    sealed?: { ciphertext: string; iv: string; tag: string; keyId: string };
  },
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('provider_connections')
    .set({
      cursor: change.cursor,
      last_synced_at: now,
      updated_at: now,
      ...(change.sealed
        ? {
            secret_ciphertext: change.sealed.ciphertext,
            secret_iv: change.sealed.iv,
            secret_tag: change.sealed.tag,
            secret_key_id: change.sealed.keyId,
          }
        : {}),
    })
    .where('connector_id', '=', connectorId)
    .execute();
}

/** A re-link (update mode) keeps the item; a new exchange replaces the sealed token and starts over. */
export async function replaceProviderSecret(
  db: TDb,
  connectorId: string,
  sealed: { ciphertext: string; iv: string; tag: string; keyId: string },
  externalId: string | null,
): Promise<void> {
  await db
    .updateTable('provider_connections')
    .set({
      secret_ciphertext: sealed.ciphertext,
      secret_iv: sealed.iv,
      secret_tag: sealed.tag,
      secret_key_id: sealed.keyId,
      external_id: externalId,
      updated_at: new Date(),
    })
    .where('connector_id', '=', connectorId)
    .execute();
}

export async function connectorAccountIds(
  db: TDb,
  connectorId: string,
): Promise<{ id: string; repository_id: string }[]> {
  return db
    .selectFrom('linked_accounts')
    .select(['id', 'repository_id'])
    .where('connector_id', '=', connectorId)
    .execute();
}

// --- a provider's transactions ------------------------------------------------------------------------------

export interface TStoredProviderRow {
  id: string;
  linked_account_id: string;
  fitid: string;
  date: string;
  amount: string;
  status: TLinkedTransactionStatus;
  counterparty: string | null;
  description: string | null;
}

/** The connector's stored rows carrying one of these provider ids. */
export async function rowsByFitIds(
  db: TDb,
  linkedAccountIds: readonly string[],
  fitIds: readonly string[],
): Promise<TStoredProviderRow[]> {
  if (linkedAccountIds.length === 0 || fitIds.length === 0) return [];
  const rows = await db
    .selectFrom('linked_transactions')
    .select(['id', 'linked_account_id', 'fitid', 'date', 'amount', 'status', 'counterparty', 'description'])
    .where('linked_account_id', 'in', linkedAccountIds)
    .where('fitid', 'in', fitIds)
    .execute();
  return rows.map((row) => ({
    ...row,
    fitid: row.fitid as string,
    date: typeof row.date === 'string' ? row.date : new Date(row.date).toISOString().slice(0, 10),
    amount: String(row.amount),
  }));
}

export interface TProviderRowWrite {
  fitid: string;
  date: string;
  amount: string;
  currency: string | null;
  counterparty: string | null;
  description: string | null;
  category: string | null;
  subcategory: string | null;
  status: TLinkedTransactionStatus;
  source: unknown;
}

export async function insertProviderRows(
  db: TDb,
  target: { repository_id: string; linked_account_id: string; sync_event_id: string },
  rows: readonly TProviderRowWrite[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('linked_transactions')
    .values(
      rows.map((row) => ({
        ...target,
        fitid: row.fitid,
        date: row.date,
        amount: row.amount,
        currency: row.currency,
        counterparty: row.counterparty,
        description: row.description,
        type: row.amount.startsWith('-') ? 'DEBIT' : 'CREDIT',
        category: row.category,
        subcategory: row.subcategory,
        status: row.status,
        source: JSON.stringify(row.source),
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['linked_account_id', 'fitid']).where('fitid', 'is not', null).doNothing(),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}

/** The provider's newer version of a row (edited at the bank, or posted from pending); the user's tags stay. */
export async function updateProviderRow(
  db: TDb,
  id: string,
  row: TProviderRowWrite,
  syncEventId: string,
): Promise<void> {
  await db
    .updateTable('linked_transactions')
    .set({
      fitid: row.fitid,
      date: row.date,
      amount: row.amount,
      currency: row.currency,
      counterparty: row.counterparty,
      description: row.description,
      category: row.category,
      subcategory: row.subcategory,
      status: row.status,
      source: JSON.stringify(row.source),
      sync_event_id: syncEventId,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteRowsByIds(db: TDb, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('linked_transactions').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function finishProviderSyncEvent(
  db: TDb,
  id: string,
  end: {
    result: TSyncResult;
    added: number;
    updated: number;
    removed: number;
    skipped_duplicate: number;
    failed: number;
    message: string | null;
  },
): Promise<void> {
  await db
    .updateTable('sync_events')
    .set({ ...end, finished_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The connector's link or sync still waiting or running, if any (a second 'sync now' answers it). */
export async function findOpenProviderSync(
  db: TDb,
  connectorId: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('tasks')
    .select('id')
    .where('type', 'in', [...PROVIDER_TASK_TYPES])
    .where('status', 'in', ['waiting', 'running'])
    .where(sql<string>`payload->>'connector_id'`, '=', connectorId)
    .where(sql<string>`payload->>'provider'`, 'is not', null)
    .executeTakeFirst();
}
