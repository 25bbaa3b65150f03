import { searchRepository } from '@strata/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import { createSearchService } from './search.service.ts';

/** Global search (mounted under /api). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before searchRoutes');
  const service = createSearchService(app.db);

  routeFrom(app, searchRepository, {
    tags: ['search'],
    preValidation: app.authenticate,
    handler: async (request) => service.search(request.user, request.query),
  });
};
