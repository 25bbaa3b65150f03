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
  const tags = ['repositories'];

  app.route({
    method: listRepositories.method,
    url: listRepositories.url,
    preValidation: app.authenticate,
    schema: { summary: listRepositories.summary, tags, response: listRepositories.response },
    handler: async (request) => service.list(actorOf(request)),
  });

  app.route({
    method: createRepository.method,
    url: createRepository.url,
    preValidation: app.authenticate,
    schema: {
      summary: createRepository.summary,
      tags,
      body: createRepository.body,
      response: createRepository.response,
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(actorOf(request), request.body)),
  });

  app.route({
    method: initializeRepository.method,
    url: initializeRepository.url,
    preValidation: app.authenticate,
    schema: {
      summary: initializeRepository.summary,
      tags,
      params: initializeRepository.params,
      response: initializeRepository.response,
    },
    handler: async (request) => service.initialize(actorOf(request), request.params.id),
  });

  app.route({
    method: updateRepository.method,
    url: updateRepository.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateRepository.summary,
      tags,
      params: updateRepository.params,
      body: updateRepository.body,
      response: updateRepository.response,
    },
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(actorOf(request), request.params.id, fields, expected);
    },
  });

  app.route({
    method: saveUserRepoSettings.method,
    url: saveUserRepoSettings.url,
    preValidation: app.authenticate,
    schema: {
      summary: saveUserRepoSettings.summary,
      tags,
      params: saveUserRepoSettings.params,
      body: saveUserRepoSettings.body,
      response: saveUserRepoSettings.response,
    },
    handler: async (request) =>
      service.saveUserRepoSettings(actorOf(request), request.params.id, request.body),
  });

  app.route({
    method: deleteRepository.method,
    url: deleteRepository.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteRepository.summary,
      tags,
      params: deleteRepository.params,
      response: deleteRepository.response,
    },
    handler: async (request) => service.delete(actorOf(request), request.params.id),
  });

  app.route({
    method: exportRepository.method,
    url: exportRepository.url,
    preValidation: app.authenticate,
    schema: {
      summary: exportRepository.summary,
      tags,
      params: exportRepository.params,
      response: exportRepository.response,
    },
    handler: async (request, reply) => {
      const { name, data } = await service.export(actorOf(request), request.params.id);
      // A download the browser saves as '<name>.json' (the import takes the name back from it).
      const fileName = `${name.replace(/[^\p{L}\p{N} _-]/gu, '_')}.json`;
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
      return data;
    },
  });

  app.route({
    method: clearAnalyticsCache.method,
    url: clearAnalyticsCache.url,
    preValidation: app.authenticate,
    schema: {
      summary: clearAnalyticsCache.summary,
      tags: ['analytics'],
      params: clearAnalyticsCache.params,
      response: clearAnalyticsCache.response,
    },
    handler: async (request) => service.clearAnalyticsCache(actorOf(request), request.params.id),
  });
};
