import type { TTask } from '@strata/contracts/tasks';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { fieldError } from '../../shared/field-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { type TTaskExecutor, toTaskView } from '../tasks/index.ts';
import { createMarketDataRepository } from './market-data.repository.ts';
import { noProviderError } from './market-data-errors.ts';
import { nextScheduledSync } from './market-data-schedule.ts';
import { MARKET_DATA_MESSAGES, type TMarketDataProviders } from './providers/provider-registry.ts';
import { MARKET_DATA_SYNC_TASK } from './security-master.service.ts';

/** At most this many tickers in one daily_prices call. */
const MAX_TICKERS = 500;

/** Tickers of the daily_prices query: comma-separated, or a JSON list (the seed sends lists as JSON). */
function tickersOf(text: string): string[] {
  let list: unknown = null;
  if (text.trim().startsWith('[')) {
    try {
      list = JSON.parse(text);
    } catch {
      list = null;
    }
    if (!Array.isArray(list) || list.some((item) => typeof item !== 'string'))
      throw fieldError({ tickers: ['Must be a list of tickers'] });
  }
  const tickers = ((list as string[] | null) ?? text.split(','))
    .map((ticker) => ticker.trim())
    .filter(Boolean);
  if (tickers.length > MAX_TICKERS) throw fieldError({ tickers: [`At most ${MAX_TICKERS} tickers`] });
  return [...new Set(tickers)];
}

/** Market data of a repository: its security-master prices, its providers and last sync, a sync on demand. */
export function createMarketDataService(deps: {
  db: Kysely<Database>;
  providers: TMarketDataProviders;
  tasks: TTaskExecutor;
}) {
  const { db, providers, tasks } = deps;
  const repository = createMarketDataRepository(db);

  return {
    async dailyPrices(
      user: TAccessUser | null,
      query: { repo_id: string; from_dt?: string; tickers: string },
    ) {
      await requireRepositoryAccess(db, user, query.repo_id, 'read');
      const tickers = tickersOf(query.tickers);
      const data: Record<string, Array<{ date: string; close: string; adjusted_close: string | null }>> = {};
      if (tickers.length === 0) return { data };
      const byLower = new Map(tickers.map((ticker) => [ticker.toLowerCase(), ticker]));
      for (const row of await repository.dailyPrices(
        query.repo_id,
        tickers,
        query.from_dt ?? providers.start,
      )) {
        // Answered under the ticker as asked.
        const key = byLower.get(String(row.ticker).toLowerCase()) ?? String(row.ticker);
        const series = data[key] ?? [];
        series.push({ date: row.date, close: row.close, adjusted_close: row.adjusted_close });
        data[key] = series;
      }
      return { data };
    },

    async status(user: TAccessUser | null, repositoryId: string) {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      const synced = await repository.syncedAt(repositoryId);
      return {
        repository_id: repositoryId,
        provider: providers.securities?.id ?? null,
        crypto_provider: providers.crypto?.id ?? null,
        fx_provider: providers.fx?.id ?? null,
        message: providers.securities || providers.crypto ? null : MARKET_DATA_MESSAGES.NO_PROVIDER,
        last_synced_at: synced?.market_data_synced_at?.toISOString() ?? null,
        sync_cron: providers.syncCron,
        next_sync_at: nextScheduledSync(providers, new Date())?.toISOString() ?? null,
        linked_assets: await repository.countLinkedAssets(repositoryId),
      };
    },

    async startSync(user: TAccessUser | null, repositoryId: string): Promise<TTask> {
      await requireRepositoryAccess(db, user, repositoryId, 'write');
      if (!providers.securities && !providers.crypto && !providers.fx) throw noProviderError();
      if (!tasks.isHandled(MARKET_DATA_SYNC_TASK))
        throw new AppError('SERVICE_UNAVAILABLE', 'Background tasks do not run in this install');
      return db.transaction().execute(async (trx) => {
        const task = await tasks.create(trx, {
          userId: (user as TAccessUser).id,
          type: MARKET_DATA_SYNC_TASK,
          repositoryId,
          payload: { repository_id: repositoryId },
        });
        await tasks.enqueue(trx, task);
        return toTaskView(task);
      });
    },
  };
}
