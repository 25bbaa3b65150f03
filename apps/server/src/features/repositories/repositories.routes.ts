import {
  clearAnalyticsCache,
  createRepository,
  deleteRepository,
  exportRepository,
  initializeRepository,
  listRepositories,
  saveUserRepoSettings,
  updateRepository,
} from '@strata/contracts/repositories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { versionedBody } from '../../plugins/row-version.ts';
import { createRepositoriesService } from './repositories.service.ts';

/** Repositories (mounted under /api). Every route authenticates first, so anonymous callers get 401 before any 400. */
export const repositoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before repositoriesRoutes');
  const service = createRepositoriesService(app.db, app.fileStore);
  const actorOf = (request: { user: { id: string } | null }) => {
    if (!request.user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
    return request.user;
  };
  const route = routesFrom(app, { tags: ['repositories'], preValidation: app.authenticate });

  route(listRepositories, { handler: async (request) => service.list(actorOf(request)) });
  route(createRepository, { handler: async (request) => service.create(actorOf(request), request.body) });
  route(initializeRepository, {
    handler: async (request) => service.initialize(actorOf(request), request.params.id),
  });
  route(updateRepository, {
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(actorOf(request), request.params.id, fields, expected);
    },
  });
  route(saveUserRepoSettings, {
    handler: async (request) =>
      service.saveUserRepoSettings(actorOf(request), request.params.id, request.body),
  });
  route(deleteRepository, {
    handler: async (request) => service.delete(actorOf(request), request.params.id),
  });
  route(exportRepository, {
    handler: async (request, reply) => {
      const { name, data } = await service.export(actorOf(request), request.params.id);
      // A download the browser saves as '<name>.json' (the import takes the name back from it).
      const fileName = `${name.replace(/[^\p{L}\p{N} _-]/gu, '_')}.json`;
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
      return data;
    },
  });
  route(clearAnalyticsCache, {
    tags: ['analytics'],
    handler: async (request) => {
      const answer = await service.clearAnalyticsCache(actorOf(request), request.params.id);
      // The shared rows are gone; now this instance's copies, then the other instances'.
      app.caches.analyticsResults.clearRepository(request.params.id);
      await app.cacheBus.publish({ cache: 'analytics', repository_id: request.params.id });
      return answer;
    },
  });
};
