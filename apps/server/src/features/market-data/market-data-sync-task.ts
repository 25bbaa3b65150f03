import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { setTaskProgress, type TTaskExecutor } from '../tasks/index.ts';
import { syncMarketData, type TSyncResult } from './market-data-sync.ts';
import type { TMarketDataProviders } from './providers/provider-registry.ts';
import { MARKET_DATA_SYNC_TASK } from './security-master.service.ts';

interface TSyncPayload {
  repository_id: string;
  asset_id?: string;
}

/**
 * The 'market data sync' task. The work happens in `prepare`, outside the task's one transaction: it waits
 * on providers for minutes, and each security's prices are committed whole as they arrive (progress is
 * visible while it runs, also on PGlite). The task's transaction then records the result.
 */
export function registerMarketDataSyncTask(tasks: TTaskExecutor, providers: TMarketDataProviders): void {
  tasks.register(MARKET_DATA_SYNC_TASK, async ({ prepared }) => ({ ...(prepared as TSyncResult) }), {
    prepare: async ({ task, db }: { task: { id: string; payload: unknown }; db: Kysely<Database> }) => {
      const payload = task.payload as TSyncPayload;
      return syncMarketData({
        db,
        providers,
        repositoryId: payload.repository_id,
        ...(payload.asset_id ? { assetId: payload.asset_id } : {}),
        onProgress: (progress) => setTaskProgress(db, task.id, progress),
      });
    },
    // Each security committed on its own: what was counted stays true when a later one fails the task.
    progressWhenFailed: (progress) => progress,
  });
}
