import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { nextOccurrence, previousOccurrence } from '../../jobs/cron-times.ts';
import type { TJobRunner, TJobsLogger } from '../../jobs/job-runner.ts';
import type { TTaskExecutor } from '../tasks/index.ts';
import { createMarketDataRepository } from './market-data.repository.ts';
import type { TMarketDataProviders } from './providers/provider-registry.ts';
import { MARKET_DATA_SYNC_TASK } from './security-master.service.ts';

/** The pg-boss queue its cron sends to (MARKET_DATA_SYNC_CRON); its job queues the repositories' syncs. */
export const MARKET_DATA_SCHEDULE_QUEUE = 'market-data.scheduled-sync';

export interface TScheduledSyncs {
  /** The cron occurrence these syncs belong to. */
  occurrence: string;
  queued: { repository_id: string; task_id: string }[];
  /** Repositories whose sync of the occurrence was already queued, or whose last sync is still open. */
  skipped: string[];
}

/**
 * Queues a 'market data sync' task for every repository with linked securities or FX currencies, as the
 * repository's owner (the task's user), for the cron occurrence at or before `now`. Each repository is
 * claimed for the occurrence in the same transaction that makes its task, so however many workers run this
 * for one occurrence, each repository gets one sync; and a repository whose sync is still waiting or
 * running gets none more.
 */
export async function queueScheduledMarketDataSyncs(deps: {
  db: Kysely<Database>;
  tasks: TTaskExecutor;
  providers: TMarketDataProviders;
  cron: string;
  now: Date;
}): Promise<TScheduledSyncs> {
  const { db, tasks, providers } = deps;
  const occurrence = previousOccurrence(deps.cron, deps.now);
  const result: TScheduledSyncs = { occurrence: occurrence.toISOString(), queued: [], skipped: [] };
  if (!providers.securities && !providers.fx) return result;
  const candidates = await createMarketDataRepository(db).repositoriesToSync({
    securities: providers.securities !== null,
    fx: providers.fx !== null,
  });
  for (const candidate of candidates) {
    const taskId = await db.transaction().execute(async (trx) => {
      const repository = createMarketDataRepository(trx);
      if (!(await repository.claimScheduledSync(candidate.id, occurrence))) return null;
      if (await repository.openSync(candidate.id)) return null;
      const task = await tasks.create(trx, {
        userId: candidate.owner_id,
        type: MARKET_DATA_SYNC_TASK,
        repositoryId: candidate.id,
        payload: { repository_id: candidate.id, scheduled_for: occurrence.toISOString() },
      });
      await tasks.enqueue(trx, task);
      return task.id;
    });
    if (taskId) result.queued.push({ repository_id: candidate.id, task_id: taskId });
    else result.skipped.push(candidate.id);
  }
  return result;
}

/** When the scheduled sync runs next, or null when it is off or there is nothing to sync with. */
export function nextScheduledSync(providers: TMarketDataProviders, now: Date): Date | null {
  if (!providers.syncCron || (!providers.securities && !providers.fx)) return null;
  return nextOccurrence(providers.syncCron, now);
}

/**
 * Puts the sync on pg-boss's cron (MARKET_DATA_SYNC_CRON; `off` removes a schedule an earlier start stored).
 * The cron passes run in worker processes only (JOBS_WORKER), and pg-boss sends one job per occurrence.
 */
export function scheduleMarketDataSyncs(deps: {
  db: Kysely<Database>;
  jobs: TJobRunner;
  tasks: TTaskExecutor;
  providers: TMarketDataProviders;
  logger: TJobsLogger;
}): void {
  const { providers } = deps;
  deps.jobs.schedule(MARKET_DATA_SCHEDULE_QUEUE, providers.syncCron, async () => {
    if (!providers.syncCron) return;
    const result = await queueScheduledMarketDataSyncs({
      ...deps,
      cron: providers.syncCron,
      now: new Date(),
    });
    deps.logger.info(
      { occurrence: result.occurrence, queued: result.queued.length, skipped: result.skipped.length },
      'Scheduled market data syncs queued',
    );
  });
}
