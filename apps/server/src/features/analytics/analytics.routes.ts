import { getAnalytics } from '@strata/contracts/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import { onDataChange } from '../../shared/data-version.ts';
import { loaderPartsFor } from './analytics.loader.ts';
import {
  ANALYTICS_BUILD_QUEUE,
  ANALYTICS_COMPUTE_QUEUE,
  createAnalyticsService,
} from './analytics.service.ts';

/** How long after a write on an instance that computes nothing a worker process builds the tables. */
const BUILD_SETTLE_SECONDS = 1;

/** At a start, the repositories computed within this many days and without kept tables are built, at most this many. */
const WARM_DAYS = 30;
const WARM_REPOSITORIES = 20;

import { analyticsSocketRoutes } from './analytics.socket.ts';
import { createAnalyticsBus, type TAnalyticsBus } from './analytics-bus.ts';
import { createAnalyticsEvents } from './analytics-events.ts';
import { recentRepositoriesWithoutTables } from './analytics-loader.repository.ts';
import { createAnalyticsPool } from './analytics-pool.ts';
import { createAnalyticsResultsRepository } from './analytics-results.repository.ts';

/**
 * Analytics (mounted under /api): computed in worker threads, cached per repository data version, and
 * followed over the WebSocket channel 'analytics'. With ANALYTICS_COMPUTE=workers (PostgreSQL) this instance
 * computes nothing itself: it queues each compute for the worker processes (`npm run worker`) and answers
 * with what one of them announces (docs/deploy.md).
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before analyticsRoutes');
  const isShared = app.dbDialect === 'postgres';
  // PGlite is one process (config refuses 'workers' without DATABASE_URL; a test's own handle may still be one).
  const isComputedElsewhere = isShared && app.config.ANALYTICS_COMPUTE === 'workers';
  const pool = isComputedElsewhere ? null : createAnalyticsPool(app.config.ANALYTICS_WORKERS);
  app.addHook('onClose', async () => pool?.close());
  const events = createAnalyticsEvents();
  let bus: TAnalyticsBus | undefined;
  const service = createAnalyticsService({
    db: app.db,
    pool,
    results: createAnalyticsResultsRepository(app.db),
    events,
    bus: () => {
      if (!bus) throw new Error('the analytics bus is not listening yet');
      return bus;
    },
    remote: isComputedElsewhere
      ? { send: async (data) => void (await app.jobs.send(ANALYTICS_COMPUTE_QUEUE, data)) }
      : null,
    observeComputeSeconds: (seconds) => app.metrics.analyticsComputeSeconds.observe(seconds),
    log: app.log,
    loaderParts: loaderPartsFor(app.dbDialect),
    cache: app.caches.analyticsResults,
  });
  bus = await createAnalyticsBus({
    db: app.db,
    listen: app.dbListen,
    isShared,
    events,
    log: app.log,
    onResult: (note) => service.deliver(note),
  });
  // After the database's other users are done with it, before it closes (onClose runs in reverse order).
  app.addHook('onClose', async () => bus?.stop());
  // Worked only by processes that work the queues; a stopping worker hands a running compute back.
  app.jobs.define(ANALYTICS_BUILD_QUEUE, (data) => service.buildJob(data), { policy: 'short' });
  // After a start (an upgrade emptied the kept tables, or they were never made) the repositories people use
  // are built ahead of their first compute, which would otherwise read everything (1.9–2.6 s at 100k
  // transactions against 0.7–1 s; docs/benchmarks.md). Only where tables are kept (PostgreSQL); every process
  // may ask, one waiting build per repository is queued, and a small repository's build reads nothing.
  app.addHook('onReady', async () => {
    if (!loaderPartsFor(app.dbDialect).keepsTables) return;
    void recentRepositoriesWithoutTables(app.db, WARM_DAYS, WARM_REPOSITORIES)
      .then((repositoryIds) =>
        Promise.all(
          repositoryIds.map((repositoryId) =>
            app.jobs.send(
              ANALYTICS_BUILD_QUEUE,
              { repository_id: repositoryId },
              { singletonKey: repositoryId },
            ),
          ),
        ),
      )
      .catch((error: unknown) => app.log.warn({ err: error }, 'analytics tables not queued for building'));
  });
  app.jobs.define(ANALYTICS_COMPUTE_QUEUE, (data) => service.computeJob(data), {
    concurrency: app.config.ANALYTICS_WORKERS,
    pollingIntervalSeconds: 0.5,
    isHandedBackOnShutdown: true,
  });

  // A committed change to what analytics read: subscribers on every instance refetch (their answer
  // recomputes on the new data).
  const stopHearing = onDataChange((repositoryId, dataVersion) => {
    bus?.publish(
      repositoryId,
      JSON.stringify({ type: 'deprecated', repository_id: repositoryId, data_version: dataVersion }),
    );
    // A write of many prices or transactions (an import, a sync) may leave no kept table a first compute
    // could read: built here, or by a worker process where this instance computes nothing.
    if (!isComputedElsewhere) service.tablesAfterWrite(repositoryId);
    else {
      app.jobs
        .send(
          ANALYTICS_BUILD_QUEUE,
          { repository_id: repositoryId },
          { singletonKey: repositoryId, startAfterSeconds: BUILD_SETTLE_SECONDS },
        )
        .catch((error: unknown) =>
          app.log.warn({ err: error, repositoryId }, 'analytics table build not queued'),
        );
    }
  });
  app.addHook('onClose', async () => {
    stopHearing();
    await service.stopBuilding();
  });

  routeFrom(app, getAnalytics, {
    tags: ['analytics'],
    preValidation: app.authenticate,
    handler: async (request, reply) => {
      const answer = await service.get(request.user, request.params.id, request.query);
      // Already JSON (a large result is spliced in as text): sent as it is, not serialized again.
      return reply.type('application/json; charset=utf-8').send(answer.body as never);
    },
  });

  // @fastify/websocket is registered once for the app (build-app.ts): two registrations would each answer
  // every upgrade.
  await analyticsSocketRoutes(app, { service, events });
};
