import { getAnalytics } from '@strata/contracts/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAnalyticsService } from './analytics.service.ts';
import { createAnalyticsPool } from './analytics-pool.ts';

/** Analytics (mounted under /api): computed in a worker thread, cached per repository data version. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before analyticsRoutes');
  const pool = createAnalyticsPool(1);
  app.addHook('onClose', async () => pool.close());
  const service = createAnalyticsService(app.db, pool, app.log);

  app.route({
    method: getAnalytics.method,
    url: getAnalytics.url,
    preValidation: app.authenticate,
    schema: {
      summary: getAnalytics.summary,
      tags: ['analytics'],
      params: getAnalytics.params,
      querystring: getAnalytics.querystring,
      response: getAnalytics.response,
    },
    handler: async (request) => service.get(request.user, request.params.id, request.query),
  });
};
