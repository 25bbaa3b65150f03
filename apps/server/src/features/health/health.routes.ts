import { getHealth } from '@strata/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import { pingDatabase } from './health.repository.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  routeFrom(app, getHealth, {
    tags: ['health'],
    handler: async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'Health check: database query failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ok' as const };
    },
  });
};
