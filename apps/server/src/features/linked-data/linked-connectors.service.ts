import type { TAsset, TAssetFields } from '@strata/contracts/assets';
import { connectorLogo } from '@strata/contracts/connector-kinds';
import {
  FILE_CONNECTOR_METHODS,
  LINKED_CONNECTOR_MESSAGES,
  type TConnectorImport,
  type TCreateConnectorBody,
  type TCsvProfileFields as TCsvProfile,
  type TCsvProfileRecord,
} from '@strata/contracts/linked-connectors';
import { LINKED_DATA_MESSAGES, type TConnector, type TLinkedAccount } from '@strata/contracts/linked-data';
import type { TConnectorSchedule, TConnectorScheduleBody } from '@strata/contracts/linked-providers';
import { isHoldingAccountKind } from '@strata/core/transactions/asset-kinds';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError, isAppError } from '../../plugins/app-error.ts';
import { fieldError, isUniqueViolation } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { createAssetsService } from '../assets/index.ts';
import {
  addConnectorRepository,
  connectorAccountIdsIn,
  deleteCsvProfile,
  findAssetForMapping,
  findCsvProfile,
  insertCsvProfile,
  isConnectorIn,
  lastLoadOf,
  listConnectorsIn,
  listCsvProfiles,
  mapUnmappedLinkedAccount,
  moveLinkedAccount,
  removeConnectorRepository,
  setLinkedAccountAsset,
  sharedRepositoryIds,
  type TCsvProfileRow,
  updateCsvProfile,
  updateLinkedAccountFields,
  visibleRepositoriesOf,
} from './linked-connectors.repository.ts';
import {
  deleteConnector,
  findConnector,
  findLinkedAccount,
  insertConnector,
  renameConnector,
  type TConnectorRow,
  type TLinkedAccountRow,
} from './linked-data.repository.ts';
import { toLinkedAccount, toSyncEvent } from './linked-data.service.ts';
import type { TLinkedProvidersService } from './providers/linked-providers.service.ts';

/** What a loader reads, as file name endings (linked seed §2: the OFX import takes .ofx and .qfx). */
const ACCEPT: Record<string, string[]> = {
  ofx: ['.ofx', '.qfx'],
  qfx: ['.ofx', '.qfx'],
  qif: ['.qif'],
  csv: ['.csv'],
};

function toCsvProfileRecord(row: TCsvProfileRow): TCsvProfileRecord {
  return {
    id: row.id,
    repository_id: row.repository_id,
    name: row.name,
    profile: row.profile as TCsvProfileRecord['profile'],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Connectors made and shared between repositories, linked accounts mapped to the repository's accounts,
 * saved CSV profiles (linked seed §3, §7). A connector has one home repository (where its files are loaded,
 * renamed, shared from and deleted) and may be shared into others; each of its linked accounts belongs to
 * one of them at a time, so a repository sees only the accounts (and transactions) given to it.
 */
export function createLinkedConnectorsService(deps: {
  db: Kysely<Database>;
  providers: TLinkedProvidersService;
}) {
  const { db, providers } = deps;
  const assets = createAssetsService(db);

  async function toConnectors(user: TAccessUser, rows: TConnectorRow[]): Promise<TConnector[]> {
    const repositories = await visibleRepositoriesOf(db, user.id, rows);
    return rows.map((row) => ({
      id: row.id,
      repository_id: row.repository_id,
      name: row.name,
      access_method: row.kind,
      status: row.status,
      status_message: row.status_message,
      source: row.source,
      logo: connectorLogo(row.kind),
      repositories: repositories.get(row.id) ?? [],
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }));
  }

  async function toConnectorOne(user: TAccessUser, row: TConnectorRow): Promise<TConnector> {
    return (await toConnectors(user, [row]))[0] as TConnector;
  }

  /** Read: the caller reads its home repository or one it is shared into; otherwise it does not exist. */
  async function connectorToRead(user: TAccessUser | null, id: string): Promise<TConnectorRow> {
    const row = await findConnector(db, id);
    if (!row) {
      await requireRecordAccess(db, user, undefined, 'read', LINKED_DATA_MESSAGES.CONNECTOR_NOT_FOUND);
    }
    const connector = row as TConnectorRow;
    let firstRefusal: unknown;
    for (const repositoryId of [connector.repository_id, ...(await sharedRepositoryIds(db, id))]) {
      try {
        await requireRecordAccess(db, user, repositoryId, 'read', LINKED_DATA_MESSAGES.CONNECTOR_NOT_FOUND);
        return connector;
      } catch (error) {
        if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
        firstRefusal ??= error;
      }
    }
    throw firstRefusal;
  }

  /**
   * Write: renaming, sharing and deleting are its home repository's writers'. A member of a repository it
   * is shared into sees it, so there the answer is 403, not 404.
   */
  async function connectorToWrite(user: TAccessUser | null, id: string): Promise<TConnectorRow> {
    const row = await findConnector(db, id);
    try {
      await requireRecordAccess(
        db,
        user,
        row?.repository_id,
        'write',
        LINKED_DATA_MESSAGES.CONNECTOR_NOT_FOUND,
      );
    } catch (error) {
      if (!row || !isAppError(error) || error.code !== 'NOT_FOUND') throw error;
      await connectorToRead(user, id);
      throw AppError.forbidden();
    }
    return row as TConnectorRow;
  }

  async function accountToWrite(user: TAccessUser | null, id: string, trx: Kysely<Database> = db) {
    const row = await findLinkedAccount(trx, id);
    const access = await requireRecordAccess(
      trx,
      user,
      row?.repository_id,
      'write',
      LINKED_DATA_MESSAGES.ACCOUNT_NOT_FOUND,
    );
    return { account: row as TLinkedAccountRow, access };
  }

  async function profileAccess(user: TAccessUser | null, id: string, need: 'read' | 'write') {
    const row = await findCsvProfile(db, id);
    await requireRecordAccess(
      db,
      user,
      row?.repository_id,
      need,
      LINKED_CONNECTOR_MESSAGES.PROFILE_NOT_FOUND,
    );
    return row as TCsvProfileRow;
  }

  async function freshAccount(id: string): Promise<TLinkedAccount> {
    return toLinkedAccount((await findLinkedAccount(db, id)) as TLinkedAccountRow);
  }

  return {
    /** A connector as the API answers it (the callback of a redirect link answers the one it made). */
    describeConnector: toConnectorOne,

    // --- connectors --------------------------------------------------------------------------------------

    async listConnectors(user: TAccessUser | null, repositoryId: string): Promise<TConnector[]> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      return toConnectors(user as TAccessUser, await listConnectorsIn(db, repositoryId));
    },

    async createConnector(
      user: TAccessUser | null,
      body: TCreateConnectorBody,
    ): Promise<TConnector & { task_id?: string | null }> {
      await requireRepositoryAccess(db, user, body.repository_id, 'write');
      const actor = user as TAccessUser;
      if (!(FILE_CONNECTOR_METHODS as readonly string[]).includes(body.access_method)) {
        // A provider's (issue #24), or 'Connector not available' when this server is not configured for it.
        const made = await providers.createConnector(actor, body);
        return { ...(await toConnectorOne(actor, made.connector)), task_id: made.taskId };
      }
      const row = await insertConnector(db, {
        repository_id: body.repository_id,
        name: body.name,
        kind: body.access_method as TConnectorRow['kind'],
        source: body.source ?? null,
        created_by: actor.id,
      });
      return toConnectorOne(actor, row);
    },

    async renameConnector(user: TAccessUser | null, id: string, name: string): Promise<TConnector> {
      await connectorToWrite(user, id);
      return toConnectorOne(user as TAccessUser, await renameConnector(db, id, name));
    },

    /**
     * Deleting takes it out of every repository with its accounts, events and transactions; when it is
     * shared, the first call answers the seed's warning (409) and only a call with has_permission deletes.
     */
    async deleteConnector(
      user: TAccessUser | null,
      id: string,
      hasPermission: boolean,
    ): Promise<{ message: string }> {
      const connector = await connectorToWrite(user, id);
      const others = (await sharedRepositoryIds(db, id)).length;
      if (others > 0 && !hasPermission) {
        throw new AppError('CONFLICT', LINKED_CONNECTOR_MESSAGES.sharedDeleteWarning(others), {
          details: { shared_repositories: others },
        });
      }
      await providers.disconnect(connector);
      await deleteConnector(db, id);
      return { message: LINKED_DATA_MESSAGES.CONNECTOR_DELETED };
    },

    /** 'Sync now' (linked seed §2 'Connector actions'): the home repository's writers, providers only. */
    async syncConnector(user: TAccessUser | null, id: string): Promise<{ task_id: string }> {
      const connector = await connectorToWrite(user, id);
      return providers.sync(connector, (user as TAccessUser).id);
    },

    /** A provider connector's sync schedule: whoever reads the connector (off for a file connector). */
    async getSchedule(user: TAccessUser | null, id: string): Promise<TConnectorSchedule> {
      return providers.schedules.view(await connectorToRead(user, id));
    },

    /** Off (the default), daily or every N hours: its home repository's writers (owner and editors). */
    async setSchedule(
      user: TAccessUser | null,
      id: string,
      body: TConnectorScheduleBody,
    ): Promise<TConnectorSchedule> {
      return providers.schedules.set(await connectorToWrite(user, id), body, new Date());
    },

    async mapRepository(user: TAccessUser | null, id: string, repositoryId: string): Promise<TConnector> {
      const connector = await connectorToWrite(user, id);
      await requireRepositoryAccess(db, user, repositoryId, 'write');
      const actor = user as TAccessUser;
      const added =
        connector.repository_id !== repositoryId &&
        (await addConnectorRepository(db, { connectorId: id, repositoryId, userId: actor.id }));
      if (!added) throw AppError.conflict(LINKED_CONNECTOR_MESSAGES.ALREADY_SHARED);
      return toConnectorOne(actor, connector);
    },

    /**
     * Takes a connector out of a repository it was shared into, without deleting it (docs/linked-data.md):
     * the accounts that repository was given go back to the connector's home, with all they hold, in one
     * transaction. The home repository's writers may do it, and so may the writers of the repository it
     * leaves (a repository may stop receiving a connector shared into it).
     */
    async unmapRepository(user: TAccessUser | null, id: string, repositoryId: string): Promise<TConnector> {
      const connector = await findConnector(db, id);
      const shared = connector !== undefined && (await sharedRepositoryIds(db, id)).includes(repositoryId);
      const leaving =
        shared &&
        (await requireRepositoryAccess(db, user, repositoryId, 'write').then(
          () => true,
          (error: unknown) => {
            if (!isAppError(error) || !['NOT_FOUND', 'FORBIDDEN'].includes(error.code)) throw error;
            return false;
          },
        ));
      // Anyone else needs the home repository's write access, and is answered as for any connector write.
      if (!leaving) await connectorToWrite(user, id);
      const home = connector as TConnectorRow;
      if (home.repository_id === repositoryId) {
        throw fieldError({ repository_id: [LINKED_CONNECTOR_MESSAGES.HOME_REPOSITORY] });
      }
      if (!shared) throw AppError.notFound(LINKED_CONNECTOR_MESSAGES.NOT_SHARED);
      await db.transaction().execute(async (trx) => {
        for (const accountId of await connectorAccountIdsIn(trx, id, repositoryId)) {
          await moveLinkedAccount(trx, accountId, home.repository_id);
        }
        await removeConnectorRepository(trx, id, repositoryId);
      });
      return toConnectorOne(user as TAccessUser, home);
    },

    async importOf(user: TAccessUser | null, id: string): Promise<TConnectorImport> {
      const connector = await connectorToRead(user, id);
      const last = await lastLoadOf(db, id);
      const loader = (last?.loader ?? connector.source ?? null) as TConnectorImport['loader'];
      const profile = last?.csv_profile_id ? await findCsvProfile(db, last.csv_profile_id) : undefined;
      return {
        connector_id: id,
        loader,
        accept: loader ? (ACCEPT[loader] ?? []) : ['.ofx', '.qfx', '.qif', '.csv'],
        csv_profile_id: profile?.id ?? null,
        upload_type: 'manual_sync',
        last_event: last ? toSyncEvent(last) : null,
      };
    },

    // --- linked accounts ---------------------------------------------------------------------------------

    /**
     * One transaction for the whole list: each change is checked (seeing the ones before it) and written,
     * and any refusal rolls back every change of the call.
     */
    async updateAccounts(
      user: TAccessUser | null,
      changes: { id: string; name?: string; type?: string; repository_id?: string }[],
    ): Promise<TLinkedAccount[]> {
      await db.transaction().execute(async (trx) => {
        for (const [index, change] of changes.entries()) {
          const { account } = await accountToWrite(user, change.id, trx);
          const target = change.repository_id ?? account.repository_id;
          const isMove = target !== account.repository_id;
          if (isMove) {
            const connector = (await findConnector(trx, account.connector_id)) as TConnectorRow;
            if (!(await isConnectorIn(trx, connector, target)))
              throw fieldError({
                [`${index}.repository_id`]: [LINKED_CONNECTOR_MESSAGES.NOT_IN_CONNECTOR_REPOSITORIES],
              });
            await requireRepositoryAccess(trx, user, target, 'write');
          }
          await updateLinkedAccountFields(trx, change.id, { name: change.name, type: change.type });
          if (isMove) await moveLinkedAccount(trx, change.id, target);
        }
      });
      return Promise.all(changes.map((change) => freshAccount(change.id)));
    },

    async mapAccount(
      user: TAccessUser | null,
      body: { id: string; asset_id: string | null },
    ): Promise<TLinkedAccount> {
      const { account } = await accountToWrite(user, body.id);
      if (body.asset_id !== null) {
        const asset = await findAssetForMapping(db, body.asset_id);
        if (
          !asset ||
          asset.repository_id !== account.repository_id ||
          asset.deleted_at !== null ||
          !isHoldingAccountKind(asset.type)
        )
          throw fieldError({ asset_id: [LINKED_CONNECTOR_MESSAGES.NOT_AN_ACCOUNT] });
        if (asset.linked_account_id !== null && asset.linked_account_id !== account.id)
          throw AppError.conflict(LINKED_CONNECTOR_MESSAGES.ASSET_ALREADY_LINKED);
      }
      try {
        await setLinkedAccountAsset(db, body.id, body.asset_id);
      } catch (error) {
        // Another linked account took the asset between the check and the write.
        if (isUniqueViolation(error)) throw AppError.conflict(LINKED_CONNECTOR_MESSAGES.ASSET_ALREADY_LINKED);
        throw error;
      }
      return freshAccount(body.id);
    },

    /** The new account and the mapping are written in one transaction: both or neither. */
    async linkToRepository(
      user: TAccessUser | null,
      body: { id: string; asset: TAssetFields },
    ): Promise<{ linked_account: TLinkedAccount; asset: TAsset }> {
      const { account, access } = await accountToWrite(user, body.id);
      if (account.asset_id !== null)
        throw AppError.conflict(LINKED_CONNECTOR_MESSAGES.ACCOUNT_ALREADY_MAPPED);
      const actor = user as TAccessUser;
      const draft = {
        ...body.asset,
        name: body.asset.name ?? account.name ?? account.number ?? account.external_id,
        currency: body.asset.currency ?? account.currency ?? access.repository.currency,
        repository_id: account.repository_id,
      };
      const created = await db.transaction().execute(async (trx) => {
        const asset = await assets.insertIn(trx, actor, access.repository, draft, 'asset');
        // Mapped by a concurrent call since the check: this call's new account is rolled back with it.
        if (!(await mapUnmappedLinkedAccount(trx, account.id, asset.id)))
          throw AppError.conflict(LINKED_CONNECTOR_MESSAGES.ACCOUNT_ALREADY_MAPPED);
        return asset;
      });
      return { linked_account: await freshAccount(account.id), asset: await assets.get(actor, created.id) };
    },

    // --- saved CSV profiles ------------------------------------------------------------------------------

    async listCsvProfiles(user: TAccessUser | null, repositoryId: string): Promise<TCsvProfileRecord[]> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      return (await listCsvProfiles(db, repositoryId)).map(toCsvProfileRecord);
    },

    async createCsvProfile(
      user: TAccessUser | null,
      body: { repository_id: string; name: string; profile: TCsvProfile },
    ): Promise<TCsvProfileRecord> {
      await requireRepositoryAccess(db, user, body.repository_id, 'write');
      return toCsvProfileRecord(
        await nameGuard(() => insertCsvProfile(db, { ...body, created_by: (user as TAccessUser).id })),
      );
    },

    async updateCsvProfile(
      user: TAccessUser | null,
      id: string,
      change: { name?: string; profile?: TCsvProfile },
    ): Promise<TCsvProfileRecord> {
      await profileAccess(user, id, 'write');
      return toCsvProfileRecord(await nameGuard(() => updateCsvProfile(db, id, change)));
    },

    async deleteCsvProfile(user: TAccessUser | null, id: string): Promise<{ message: string }> {
      await profileAccess(user, id, 'write');
      await deleteCsvProfile(db, id);
      return { message: LINKED_CONNECTOR_MESSAGES.PROFILE_DELETED };
    },
  };
}

/** Two profiles of one repository may not share a name (case aside): the unique index decides, races too. */
async function nameGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(LINKED_CONNECTOR_MESSAGES.PROFILE_NAME_TAKEN);
    throw error;
  }
}
