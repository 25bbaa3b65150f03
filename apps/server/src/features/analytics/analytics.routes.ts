import { getAnalytics } from '@strata/contracts/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import { onDataChange } from '../../shared/data-version.ts';
import { loaderPartsFor } from './analytics.loader.ts';
import { createAnalyticsService } from './analytics.service.ts';
import { analyticsSocketRoutes } from './analytics.socket.ts';
import { createAnalyticsEvents } from './analytics-events.ts';
import { createAnalyticsPool } from './analytics-pool.ts';
import { createAnalyticsResultsRepository } from './analytics-results.repository.ts';

/**
 * Analytics (mounted under /api): computed in worker threads, cached per repository data version, and
 * followed over the WebSocket channel 'analytics'.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before analyticsRoutes');
  const pool = createAnalyticsPool(app.config.ANALYTICS_WORKERS);
  app.addHook('onClose', async () => pool.close());
  const events = createAnalyticsEvents();
  // A committed change to what analytics read: subscribers refetch (their answer recomputes on the new data).
  const stopHearing = onDataChange((repositoryId, dataVersion) => {
    if (!events.hasListeners(repositoryId)) return;
    events.publish(
      repositoryId,
      JSON.stringify({ type: 'deprecated', repository_id: repositoryId, data_version: dataVersion }),
    );
  });
  app.addHook('onClose', async () => stopHearing());
  const service = createAnalyticsService({
    db: app.db,
    pool,
    results: createAnalyticsResultsRepository(app.db),
    events,
    log: app.log,
    loaderParts: loaderPartsFor(app.dbDialect),
    cache: app.caches.analyticsResults,
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
