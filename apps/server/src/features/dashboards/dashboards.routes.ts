import {
  createDashboardView,
  deleteDashboardView,
  listDashboardViews,
  updateDashboardView,
} from '@strata/contracts/dashboards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { versionedBody } from '../../plugins/row-version.ts';
import { createDashboardsService } from './dashboards.service.ts';

/** Dashboard views (mounted under /api). */
export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before dashboardsRoutes');
  const service = createDashboardsService(app.db);
  const route = routesFrom(app, { tags: ['dashboards'], preValidation: app.authenticate });

  route(listDashboardViews, {
    handler: async (request) => service.list(request.user, request.query.repository_id, request.query.type),
  });
  route(createDashboardView, { handler: async (request) => service.create(request.user, request.body) });
  route(updateDashboardView, {
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });
  route(deleteDashboardView, { handler: async (request) => service.remove(request.user, request.params.id) });
};
