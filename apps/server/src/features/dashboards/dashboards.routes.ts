import {
  createDashboardView,
  deleteDashboardView,
  listDashboardViews,
  updateDashboardView,
} from '@strata/contracts/dashboards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { versionedBody } from '../../plugins/row-version.ts';
import { createDashboardsService } from './dashboards.service.ts';

/** Dashboard views (mounted under /api). */
export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before dashboardsRoutes');
  const service = createDashboardsService(app.db);
  const tags = ['dashboards'];

  app.route({
    method: listDashboardViews.method,
    url: listDashboardViews.url,
    preValidation: app.authenticate,
    schema: {
      summary: listDashboardViews.summary,
      tags,
      querystring: listDashboardViews.querystring,
      response: listDashboardViews.response,
    },
    handler: async (request) => service.list(request.user, request.query.repository_id, request.query.type),
  });

  app.route({
    method: createDashboardView.method,
    url: createDashboardView.url,
    preValidation: app.authenticate,
    schema: {
      summary: createDashboardView.summary,
      tags,
      body: createDashboardView.body,
      response: createDashboardView.response,
    },
    handler: async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  });

  app.route({
    method: updateDashboardView.method,
    url: updateDashboardView.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateDashboardView.summary,
      tags,
      params: updateDashboardView.params,
      body: updateDashboardView.body,
      response: updateDashboardView.response,
    },
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });

  app.route({
    method: deleteDashboardView.method,
    url: deleteDashboardView.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteDashboardView.summary,
      tags,
      params: deleteDashboardView.params,
      response: deleteDashboardView.response,
    },
    handler: async (request) => service.remove(request.user, request.params.id),
  });
};
