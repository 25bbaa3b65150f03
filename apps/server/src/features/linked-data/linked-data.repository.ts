import type { Database } from '@strata/db/schema';
import type {
  ConnectorsTable,
  LinkedAccountsTable,
  SyncEventsTable,
  TSyncResult,
} from '@strata/db/schema-linked-data';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';

type TDb = Kysely<Database>;

export type TConnectorRow = Selectable<ConnectorsTable>;
export type TLinkedAccountRow = Selectable<LinkedAccountsTable> & {
  connector_name: string;
  transactions_count: number;
};
export type TSyncEventRow = Selectable<SyncEventsTable>;

// --- the manual loader's task (a row of the tasks feature's table, claimed for a loader) -------------------

export interface TClaimedUpload {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Gives the caller's waiting manual_sync upload its loader, once: a second call for the same file finds
 * nothing. Answers the payload as written, so the caller sees whether the file is already stored.
 */
export async function claimManualUpload(
  db: TDb,
  userId: string,
  fileKey: string,
  repositoryId: string,
  loader: Record<string, unknown>,
): Promise<TClaimedUpload | undefined> {
  return db
    .updateTable('tasks')
    .set({
      payload: sql`payload || ${JSON.stringify(loader)}::jsonb`,
      repository_id: repositoryId,
      updated_at: new Date(),
    })
    .where('user_id', '=', userId)
    .where('type', '=', 'sync_linked_account')
    .where(sql<string>`payload->>'file_key'`, '=', fileKey)
    .where('status', '=', 'waiting')
    .where(sql<boolean>`NOT (payload ? 'loader')`)
    .returning(['id', 'type', 'payload'])
    .executeTakeFirst();
}

/** Whether the caller has a manual_sync upload under this key at all (to tell "used" from "unknown"). */
export async function hasManualUpload(db: TDb, userId: string, fileKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('tasks')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'sync_linked_account')
    .where(sql<string>`payload->>'file_key'`, '=', fileKey)
    .executeTakeFirst();
  return row !== undefined;
}

// --- connectors ---------------------------------------------------------------------------------------------

export async function findConnector(db: TDb, id: string): Promise<TConnectorRow | undefined> {
  return db.selectFrom('connectors').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertConnector(db: TDb, row: Insertable<ConnectorsTable>): Promise<TConnectorRow> {
  return db.insertInto('connectors').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function setConnectorStatus(
  db: TDb,
  id: string,
  status: TConnectorRow['status'],
  message: string | null,
): Promise<void> {
  await db
    .updateTable('connectors')
    .set({ status, status_message: message, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function renameConnector(db: TDb, id: string, name: string): Promise<TConnectorRow> {
  return db
    .updateTable('connectors')
    .set({ name, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Its accounts, sync events and transactions go with it (foreign keys on delete cascade). */
export async function deleteConnector(db: TDb, id: string): Promise<void> {
  await db.deleteFrom('connectors').where('id', '=', id).execute();
}

export async function listConnectors(db: TDb, repositoryId: string): Promise<TConnectorRow[]> {
  return db
    .selectFrom('connectors')
    .selectAll()
    .where('repository_id', '=', repositoryId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

// --- linked accounts ----------------------------------------------------------------------------------------

/** The connector's account with this external id, made on first sight (an upsert: imports may race). */
export async function upsertLinkedAccount(
  db: TDb,
  row: Insertable<LinkedAccountsTable>,
): Promise<Selectable<LinkedAccountsTable>> {
  return db
    .insertInto('linked_accounts')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['connector_id', 'external_id']).doUpdateSet({
        updated_at: new Date(),
        // A later file may name what an earlier one left blank; never blank out what is known.
        name: sql`coalesce(excluded.name, linked_accounts.name)`,
        type: sql`coalesce(excluded.type, linked_accounts.type)`,
        currency: sql`coalesce(excluded.currency, linked_accounts.currency)`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

function linkedAccountsQuery(db: TDb) {
  return db
    .selectFrom('linked_accounts as a')
    .innerJoin('connectors as c', 'c.id', 'a.connector_id')
    .selectAll('a')
    .select('c.name as connector_name')
    .select((eb) =>
      eb
        .selectFrom('linked_transactions as t')
        .whereRef('t.linked_account_id', '=', 'a.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('transactions_count'),
    );
}

export async function listLinkedAccounts(
  db: TDb,
  repositoryId: string,
  connectorId?: string,
): Promise<TLinkedAccountRow[]> {
  const rows = await linkedAccountsQuery(db)
    .where('a.repository_id', '=', repositoryId)
    .$if(connectorId !== undefined, (query) => query.where('a.connector_id', '=', connectorId as string))
    .orderBy('c.name')
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({ ...row, transactions_count: Number(row.transactions_count ?? 0) }));
}

export async function findLinkedAccount(db: TDb, id: string): Promise<TLinkedAccountRow | undefined> {
  const row = await linkedAccountsQuery(db).where('a.id', '=', id).executeTakeFirst();
  return row && { ...row, transactions_count: Number(row.transactions_count ?? 0) };
}

// --- sync events --------------------------------------------------------------------------------------------

export async function insertSyncEvent(db: TDb, row: Insertable<SyncEventsTable>): Promise<TSyncEventRow> {
  return db.insertInto('sync_events').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function finishSyncEvent(
  db: TDb,
  id: string,
  end: {
    result: TSyncResult;
    added: number;
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

export async function findSyncEvent(db: TDb, id: string): Promise<TSyncEventRow | undefined> {
  return db.selectFrom('sync_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listSyncEvents(db: TDb, linkedAccountId: string): Promise<TSyncEventRow[]> {
  return db
    .selectFrom('sync_events')
    .selectAll()
    .where('linked_account_id', '=', linkedAccountId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

// --- linked transactions ------------------------------------------------------------------------------------

export interface TDedupRow {
  id: string;
  fitId: string | null;
  date: string;
  amount: string;
  payee: string | null;
}

/**
 * What the duplicate matcher compares an import with: the account's cash transactions that carry one of the
 * incoming FITIDs (the FITID match ignores dates) or fall in the statement's date window (the fuzzy match
 * looks no further). Found by set — the incoming ids are one JSON parameter — so an account's history
 * outside the statement is never read, however long it grows.
 */
export async function dedupRowsOf(
  db: TDb,
  linkedAccountId: string,
  window: { from: string; to: string },
  fitIds: readonly string[],
): Promise<TDedupRow[]> {
  return (
    db
      .selectFrom('linked_transactions')
      .select(['id', 'fitid as fitId', 'date', 'amount', 'counterparty as payee'])
      .where('linked_account_id', '=', linkedAccountId)
      // Cash movements only: a trade of the same amount and day is matched by the investment matcher.
      .where('investment_kind', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('date', '>=', window.from), eb('date', '<=', window.to)]),
          eb('fitid', 'in', sql<string>`(select json_array_elements_text(${JSON.stringify(fitIds)}::json))`),
        ]),
      )
      .execute()
  );
}

/** A linked transaction to insert; `source` is the parsed object itself (written once with its chunk). */
export interface TLinkedTransactionInsert {
  repository_id: string;
  linked_account_id: string;
  sync_event_id: string | null;
  fitid: string | null;
  date: string;
  amount: string;
  currency: string | null;
  counterparty: string | null;
  description: string | null;
  type: string;
  check_number?: string | null;
  category?: string | null;
  investment_kind?: string | null;
  security_id?: string | null;
  quantity?: string | null;
  unit_price?: string | null;
  source: unknown;
}

/**
 * Rows per INSERT. Each chunk is one JSON parameter that the database turns into rows
 * (`json_to_recordset`), so a chunk costs one round trip and one parameter whatever its size — the
 * COPY-like path: 100k rows as 500-row VALUES lists with a bound parameter per cell took several times longer.
 */
const INSERT_CHUNK = 5_000;

/**
 * Inserts in chunks; a FITID the account already has is skipped by the unique index (a concurrent import of
 * the same file). Answers how many rows went in.
 */
export async function insertLinkedTransactions(
  db: TDb,
  rows: readonly TLinkedTransactionInsert[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = JSON.stringify(rows.slice(start, start + INSERT_CHUNK));
    const result = await sql`
      insert into linked_transactions (repository_id, linked_account_id, sync_event_id, fitid, date, amount,
        currency, counterparty, description, type, check_number, category, investment_kind, security_id,
        quantity, unit_price, source)
      select repository_id, linked_account_id, sync_event_id, fitid, date, amount, currency, counterparty,
        description, type, check_number, category, investment_kind, security_id, quantity, unit_price, source
      from json_to_recordset(${chunk}::json) as r(repository_id uuid, linked_account_id uuid,
        sync_event_id uuid, fitid text, date date, amount numeric, currency text, counterparty text,
        description text, type text, check_number text, category text, investment_kind text,
        security_id uuid, quantity numeric, unit_price numeric, source jsonb)
      on conflict (linked_account_id, fitid) where fitid is not null do nothing`.execute(db);
    inserted += Number(result.numAffectedRows ?? 0);
  }
  return inserted;
}

/**
 * The external ids of the connector's accounts that hold cash transactions: only their statements need the
 * duplicate matcher's keys (an account with none has nothing a row could duplicate).
 */
export async function accountsWithCashRows(db: TDb, connectorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('linked_accounts as a')
    .select('a.external_id')
    .where('a.connector_id', '=', connectorId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('linked_transactions as t')
          .select(sql`1`.as('one'))
          .whereRef('t.linked_account_id', '=', 'a.id')
          .where('t.investment_kind', 'is', null),
      ),
    )
    .execute();
  return rows.map((row) => row.external_id);
}

/** Whether the account holds any cash transaction (checked where the reader assumed it held none). */
export async function hasCashRows(db: TDb, linkedAccountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('linked_transactions')
    .select(sql`1`.as('one'))
    .where('linked_account_id', '=', linkedAccountId)
    .where('investment_kind', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
