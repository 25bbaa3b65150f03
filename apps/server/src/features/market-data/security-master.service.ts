import type { TAsset } from '@strata/contracts/assets';
import {
  SECURITY_MASTER_MESSAGES,
  type TLinkSecurityBody,
  type TSecMasterView,
  type TSecurityInfo,
  type TSecuritySearchResult,
} from '@strata/contracts/market-data';
import type { TTask } from '@strata/contracts/tasks';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { fieldError } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import type { TAccessUser } from '../../shared/repository-access.ts';
import { ASSET_MESSAGES, createAssetsService } from '../assets/index.ts';
import { type TTaskExecutor, toTaskView } from '../tasks/index.ts';
import { createMarketDataRepository } from './market-data.repository.ts';
import { askProvider, noProviderError } from './market-data-errors.ts';
import {
  securityProviderById,
  securityProvidersOf,
  type TMarketDataProviders,
} from './providers/provider-registry.ts';
import { securityIdOf } from './security-id.ts';

export const MARKET_DATA_SYNC_TASK = 'market_data_sync';

/**
 * The security master (core seed §4): search a provider, link an asset to a security (applying the changes of
 * name, type and ticker the user ticked in 'Warning of changes'), show its info, reset (unlink).
 */
export function createSecurityMasterService(deps: {
  db: Kysely<Database>;
  providers: TMarketDataProviders;
  tasks: TTaskExecutor;
}) {
  const { db, providers, tasks } = deps;
  const assets = createAssetsService(db);

  function configured() {
    const all = securityProvidersOf(providers);
    if (all.length === 0) throw noProviderError();
    return all;
  }

  /** The provider a link names, or the first configured (equities before crypto). */
  function providerFor(id: string | undefined) {
    const all = configured();
    if (id === undefined) return all[0] as (typeof all)[number];
    const provider = securityProviderById(providers, id);
    if (!provider) throw fieldError({ provider: [SECURITY_MASTER_MESSAGES.UNKNOWN_PROVIDER] });
    return provider;
  }

  async function accessAsset(user: TAccessUser | null, assetId: string, need: 'read' | 'write') {
    const asset = await createMarketDataRepository(db).findAsset(assetId);
    await requireRecordAccess(db, user, asset?.repository_id, need, ASSET_MESSAGES.NOT_FOUND);
    return asset as NonNullable<typeof asset>;
  }

  /** Queues a sync of the one asset, so a new link's prices arrive without waiting for the schedule. */
  async function startAssetSync(
    user: TAccessUser,
    repositoryId: string,
    assetId: string,
  ): Promise<TTask | null> {
    if (!tasks.isHandled(MARKET_DATA_SYNC_TASK)) return null;
    return db.transaction().execute(async (trx) => {
      const task = await tasks.create(trx, {
        userId: user.id,
        type: MARKET_DATA_SYNC_TASK,
        repositoryId,
        payload: { repository_id: repositoryId, asset_id: assetId },
      });
      await tasks.enqueue(trx, task);
      return toTaskView(task);
    });
  }

  return {
    /** The channel's eod_search: any signed-in user may search (it reads nothing of a repository). */
    // async: a missing provider must reach the socket as a rejection, not throw out of its message handler.
    // Every configured provider is asked at once; one that fails (a crypto source limiting requests) leaves
    // the others' results, and only when all fail does the search fail, with the first one's words.
    async search(symbol: string): Promise<TSecuritySearchResult[]> {
      const all = configured();
      const answers = await Promise.allSettled(all.map((provider) => provider.search(symbol)));
      if (answers.every((answer) => answer.status === 'rejected'))
        return askProvider(() => Promise.reject((answers[0] as PromiseRejectedResult).reason));
      return answers.flatMap((answer, index) =>
        answer.status === 'fulfilled'
          ? answer.value.map((result) => ({ ...result, provider: (all[index] as (typeof all)[number]).id }))
          : [],
      );
    },

    async view(user: TAccessUser | null, assetId: string): Promise<TSecMasterView> {
      const asset = await accessAsset(user, assetId, 'read');
      return {
        asset_id: asset.id,
        linked_security_id: asset.linked_security_id,
        security_info_ticker: asset.security_info_ticker,
        security_info: (asset.security_info as TSecurityInfo | null) ?? null,
        events: asset.linked_security_id
          ? await createMarketDataRepository(db).securityEvents(asset.id, asset.linked_security_id)
          : [],
      };
    },

    async link(
      user: TAccessUser | null,
      assetId: string,
      body: TLinkSecurityBody,
    ): Promise<{ asset: TAsset; security_info: TSecurityInfo; task: TTask | null }> {
      const asset = await accessAsset(user, assetId, 'write');
      const provider = providerFor(body.provider);
      // Asked before anything is written: a provider that fails leaves the asset as it was.
      const found = await askProvider(() => provider.securityInfo(body.symbol));
      const info: TSecurityInfo = {
        symbol: found.symbol,
        ticker: found.ticker,
        type: found.type,
        name: found.name,
        currency: found.currency,
        exchange: found.exchange,
        data: found.data,
      };
      const changes = {
        ...(body.apply.name && info.name ? { name: info.name } : {}),
        ...(body.apply.type && info.type ? { type: info.type } : {}),
        ...(body.apply.ticker ? { ticker: info.ticker } : {}),
      };
      const securityId = securityIdOf(provider.id, info.symbol);
      const updated = await assets.update(user, asset.id, changes, undefined, {
        columns: {
          linked_security_id: securityId,
          security_info_ticker: info.ticker,
          security_info: JSON.stringify(info),
        },
        // Another security's prices are not this one's history: they go, and the sync reads from the start.
        within: async (trx) => {
          if (asset.linked_security_id && asset.linked_security_id !== securityId)
            await createMarketDataRepository(trx).removeSecurityPrices(asset.id);
        },
      });
      const task = await startAssetSync(user as TAccessUser, asset.repository_id, asset.id);
      return { asset: updated, security_info: info, task };
    },

    /** Reset: clears the linked id and info; the synced prices stay as history until replaced. */
    async unlink(user: TAccessUser | null, assetId: string): Promise<TAsset> {
      const asset = await accessAsset(user, assetId, 'write');
      return assets.update(user, asset.id, {}, undefined, {
        columns: { linked_security_id: null, security_info_ticker: null, security_info: null },
      });
    },
  };
}

export type TSecurityMasterService = ReturnType<typeof createSecurityMasterService>;
