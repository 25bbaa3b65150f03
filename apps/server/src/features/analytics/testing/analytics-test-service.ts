import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import type { TLoaderParts } from '../analytics.loader.ts';
import { createAnalyticsService } from '../analytics.service.ts';
import { createAnalyticsCache } from '../analytics-cache.ts';
import { createAnalyticsEvents } from '../analytics-events.ts';
import type { TAnalyticsPool } from '../analytics-pool.ts';
import { createAnalyticsResultsRepository } from '../analytics-results.repository.ts';

/**
 * An analytics service of its own on the test database, as another process would run one (its own pool and
 * cache), with the messages it publishes (progress, results) collected in `published`.
 */
export function createTestAnalyticsService(
  db: Kysely<Database>,
  pool: TAnalyticsPool,
  loaderParts: TLoaderParts,
  options: { tablesSettleMs?: number } = {},
) {
  const published: Array<Record<string, unknown>> = [];
  const service = createAnalyticsService({
    db,
    pool,
    results: createAnalyticsResultsRepository(db),
    events: createAnalyticsEvents(),
    bus: () =>
      ({
        publish: (_repositoryId: string, json: string) => published.push(JSON.parse(json)),
        announceResult: () => {},
      }) as never,
    remote: null,
    observeComputeSeconds: () => {},
    log: { error: () => {}, warn: () => {} },
    loaderParts,
    cache: createAnalyticsCache(),
    ...options,
  });
  return { service, published };
}
