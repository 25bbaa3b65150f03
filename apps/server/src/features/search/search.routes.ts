import { searchRepository } from '@strata/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSearchService } from './search.service.ts';

/** Global search (mounted under /api). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before searchRoutes');
  const service = createSearchService(app.db);

  app.route({
    method: searchRepository.method,
    url: searchRepository.url,
    preValidation: app.authenticate,
    schema: {
      summary: searchRepository.summary,
      tags: ['search'],
      querystring: searchRepository.querystring,
      response: searchRepository.response,
    },
    handler: async (request) => service.search(request.user, request.query),
  });
};
