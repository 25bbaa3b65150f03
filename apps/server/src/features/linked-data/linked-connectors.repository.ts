import type { Database } from '@strata/db/schema';
import type { CsvProfilesTable } from '@strata/db/schema-linked-data';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { TConnectorRow } from './linked-data.repository.ts';

// The queries of connectors shared between repositories, linked accounts mapped to repository accounts,
// and saved CSV profiles (migration 2026-11-27-0020). Services check access; these only read and write.

type TDb = Kysely<Database>;

export type TCsvProfileRow = Selectable<CsvProfilesTable>;

// --- connectors and their repositories ----------------------------------------------------------------------

/** The repository's connectors: its own and those shared into it. */
export async function listConnectorsIn(db: TDb, repositoryId: string): Promise<TConnectorRow[]> {
  return db
    .selectFrom('connectors as c')
    .selectAll('c')
    .where((eb) =>
      eb.or([
        eb('c.repository_id', '=', repositoryId),
        eb(
          'c.id',
          'in',
          eb
            .selectFrom('connector_repositories')
            .select('connector_id')
            .where('repository_id', '=', repositoryId),
        ),
      ]),
    )
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

/**
 * Each connector's repositories that `userId` is a member of: the home one first, then the shares in the
 * order they were made. A repository the caller cannot see is left out (its name would leak).
 */
export async function visibleRepositoriesOf(
  db: TDb,
  userId: string,
  connectors: readonly Pick<TConnectorRow, 'id' | 'repository_id'>[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const byConnector = new Map<string, { id: string; name: string }[]>();
  if (connectors.length === 0) return byConnector;
  const ids = connectors.map((connector) => connector.id);
  const shares = await db
    .selectFrom('connector_repositories')
    .select(['connector_id', 'repository_id'])
    .where('connector_id', 'in', ids)
    .orderBy('created_at')
    .orderBy('repository_id')
    .execute();
  const wanted = [
    ...new Set([...connectors.map((c) => c.repository_id), ...shares.map((s) => s.repository_id)]),
  ];
  const visible = await db
    .selectFrom('repositories as r')
    .innerJoin('repository_members as m', (join) =>
      join.onRef('m.repository_id', '=', 'r.id').on('m.user_id', '=', userId),
    )
    .select(['r.id', 'r.name'])
    .where('r.id', 'in', wanted)
    .execute();
  const names = new Map(visible.map((row) => [row.id, row.name]));
  for (const connector of connectors) {
    const order = [
      connector.repository_id,
      ...shares.filter((s) => s.connector_id === connector.id).map((s) => s.repository_id),
    ];
    byConnector.set(
      connector.id,
      order.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id) as string })),
    );
  }
  return byConnector;
}

/** Whether the connector is in the repository: its home or shared into it. */
export async function isConnectorIn(
  db: TDb,
  connector: TConnectorRow,
  repositoryId: string,
): Promise<boolean> {
  if (connector.repository_id === repositoryId) return true;
  const row = await db
    .selectFrom('connector_repositories')
    .select('connector_id')
    .where('connector_id', '=', connector.id)
    .where('repository_id', '=', repositoryId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The repositories a connector is shared into besides its home. */
export async function sharedRepositoryIds(db: TDb, connectorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('connector_repositories')
    .select('repository_id')
    .where('connector_id', '=', connectorId)
    .execute();
  return rows.map((row) => row.repository_id);
}

/** Answers false when it was shared there already. */
export async function addConnectorRepository(
  db: TDb,
  share: { connectorId: string; repositoryId: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('connector_repositories')
    .values({ connector_id: share.connectorId, repository_id: share.repositoryId, created_by: share.userId })
    .onConflict((conflict) => conflict.columns(['connector_id', 'repository_id']).doNothing())
    .returning('connector_id')
    .execute();
  return rows.length > 0;
}

/** The connector's newest sync event and the loader (and saved profile) of the task that wrote it. */
export async function lastLoadOf(db: TDb, connectorId: string) {
  return db
    .selectFrom('sync_events as e')
    .leftJoin('tasks as t', 't.id', 'e.task_id')
    .selectAll('e')
    .select([
      sql<string | null>`t.payload->>'loader'`.as('loader'),
      sql<string | null>`t.payload->>'csv_profile_id'`.as('csv_profile_id'),
    ])
    .where('e.connector_id', '=', connectorId)
    .orderBy('e.started_at', 'desc')
    .orderBy('e.id', 'desc')
    .executeTakeFirst();
}

// --- linked accounts ----------------------------------------------------------------------------------------

export async function updateLinkedAccountFields(
  db: TDb,
  id: string,
  fields: { name?: string; type?: string },
): Promise<void> {
  if (fields.name === undefined && fields.type === undefined) return;
  await db
    .updateTable('linked_accounts')
    .set({ ...fields, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Gives a linked account and everything loaded into it (sync events, transactions, positions, balances) to
 * another repository of its connector. What belongs to the old repository cannot follow: the mapping to one
 * of its accounts and a transaction's link to one of its own transactions are cleared; securities and tags,
 * which are per repository, are found (or made) in the new one by identity and by name.
 */
export async function moveLinkedAccount(db: TDb, id: string, repositoryId: string): Promise<void> {
  await db
    .updateTable('linked_accounts')
    .set({ repository_id: repositoryId, asset_id: null, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('sync_events')
    .set({ repository_id: repositoryId })
    .where('linked_account_id', '=', id)
    .execute();
  await moveSecurities(db, id, repositoryId);
  await moveTags(db, id, repositoryId);
  await db
    .updateTable('linked_transactions')
    .set({ repository_id: repositoryId })
    .where('linked_account_id', '=', id)
    .execute();
  await db
    .updateTable('linked_transactions')
    .set({ transaction_id: null, mapping_status: 'none', mapping_message: null })
    .where('linked_account_id', '=', id)
    .where('transaction_id', 'is not', null)
    .execute();
  for (const table of ['linked_positions', 'linked_balances'] as const) {
    await db
      .updateTable(table)
      .set({ repository_id: repositoryId })
      .where('linked_account_id', '=', id)
      .execute();
  }
}

/**
 * Points the account's positions and investment transactions at the new repository's security of the same
 * identity (OFX id type and unique id), copied there first when it has none.
 */
async function moveSecurities(db: TDb, id: string, repositoryId: string): Promise<void> {
  const used = sql`(select security_id from linked_positions where linked_account_id = ${id}
    union select security_id from linked_transactions where linked_account_id = ${id} and security_id is not null)`;
  await sql`insert into linked_securities (repository_id, unique_id, id_type, kind, name, ticker, unit_price, currency)
    select ${repositoryId}, s.unique_id, s.id_type, s.kind, s.name, s.ticker, s.unit_price, s.currency
    from linked_securities s where s.id in ${used}
    on conflict (repository_id, id_type, unique_id) do nothing`.execute(db);
  const counterpart = (column: string) => sql`(select target.id from linked_securities source
    join linked_securities target on target.repository_id = ${repositoryId}
      and target.id_type = source.id_type and target.unique_id = source.unique_id
    where source.id = ${sql.ref(column)})`;
  await sql`update linked_positions set security_id = ${counterpart('linked_positions.security_id')}
    where linked_account_id = ${id}`.execute(db);
  await sql`update linked_transactions set security_id = ${counterpart('linked_transactions.security_id')}
    where linked_account_id = ${id} and security_id is not null`.execute(db);
}

/** Replaces the account's transactions' tag ids with the new repository's tags of the same names (made if missing). */
async function moveTags(db: TDb, id: string, repositoryId: string): Promise<void> {
  const used = sql`(select distinct tag.id::uuid from linked_transactions t,
    jsonb_array_elements_text(t.tags) as tag(id) where t.linked_account_id = ${id})`;
  await sql`insert into linked_transaction_tags (repository_id, name, is_system)
    select ${repositoryId}, old.name, old.is_system from linked_transaction_tags old where old.id in ${used}
    on conflict (repository_id, lower(name)) do nothing`.execute(db);
  await sql`update linked_transactions t set tags = (
      select coalesce(jsonb_agg(distinct target.id::text), '[]'::jsonb)
      from jsonb_array_elements_text(t.tags) as tag(id)
      join linked_transaction_tags old on old.id = tag.id::uuid
      join linked_transaction_tags target on target.repository_id = ${repositoryId}
        and lower(target.name) = lower(old.name))
    where t.linked_account_id = ${id} and t.tags <> '[]'::jsonb`.execute(db);
}

/** Takes a connector out of a repository it was shared into (its accounts there must have left first). */
export async function removeConnectorRepository(db: TDb, connectorId: string, repositoryId: string) {
  await db
    .deleteFrom('connector_repositories')
    .where('connector_id', '=', connectorId)
    .where('repository_id', '=', repositoryId)
    .execute();
}

/** The connector's linked accounts that are in `repositoryId` now. */
export async function connectorAccountIdsIn(
  db: TDb,
  connectorId: string,
  repositoryId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('linked_accounts')
    .select('id')
    .where('connector_id', '=', connectorId)
    .where('repository_id', '=', repositoryId)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export async function setLinkedAccountAsset(db: TDb, id: string, assetId: string | null): Promise<void> {
  await db
    .updateTable('linked_accounts')
    .set({ asset_id: assetId, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Maps an unmapped linked account; answers false when it was mapped meanwhile (a concurrent call). */
export async function mapUnmappedLinkedAccount(db: TDb, id: string, assetId: string): Promise<boolean> {
  const rows = await db
    .updateTable('linked_accounts')
    .set({ asset_id: assetId, updated_at: new Date() })
    .where('id', '=', id)
    .where('asset_id', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The asset a linked account may be mapped to, with the linked account already mapped to it if any. */
export async function findAssetForMapping(db: TDb, assetId: string) {
  return db
    .selectFrom('assets as s')
    .leftJoin('linked_accounts as a', 'a.asset_id', 's.id')
    .select(['s.id', 's.repository_id', 's.type', 's.deleted_at', 'a.id as linked_account_id'])
    .where('s.id', '=', assetId)
    .executeTakeFirst();
}

// --- saved CSV profiles -------------------------------------------------------------------------------------

export async function listCsvProfiles(db: TDb, repositoryId: string): Promise<TCsvProfileRow[]> {
  return db
    .selectFrom('csv_profiles')
    .selectAll()
    .where('repository_id', '=', repositoryId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export async function findCsvProfile(db: TDb, id: string): Promise<TCsvProfileRow | undefined> {
  return db.selectFrom('csv_profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCsvProfile(
  db: TDb,
  row: { repository_id: string; name: string; profile: unknown; created_by: string },
): Promise<TCsvProfileRow> {
  return db
    .insertInto('csv_profiles')
    .values({ ...row, profile: JSON.stringify(row.profile) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCsvProfile(
  db: TDb,
  id: string,
  change: { name?: string; profile?: unknown },
): Promise<TCsvProfileRow> {
  return db
    .updateTable('csv_profiles')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.profile !== undefined ? { profile: JSON.stringify(change.profile) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCsvProfile(db: TDb, id: string): Promise<void> {
  await db.deleteFrom('csv_profiles').where('id', '=', id).execute();
}
