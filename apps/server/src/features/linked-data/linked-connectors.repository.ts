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
 * Gives a linked account, its sync events and its transactions to another repository of its connector. Its
 * mapping to an account of the old repository cannot follow it, so it is cleared.
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
  await db
    .updateTable('linked_transactions')
    .set({ repository_id: repositoryId })
    .where('linked_account_id', '=', id)
    .execute();
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
