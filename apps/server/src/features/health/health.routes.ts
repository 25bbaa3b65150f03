import { getHealth } from '@strata/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  routeFrom(app, getHealth, {
    tags: ['health'],
    handler: async (request) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'Health check: database query failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ok' as const };
    },
  });
};
