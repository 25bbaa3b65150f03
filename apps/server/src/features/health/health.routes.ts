import { getHealth } from '@strata/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: getHealth.method,
    url: getHealth.url,
    schema: { summary: getHealth.summary, tags: ['health'], response: getHealth.response },
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
