import { getHealth, getHealthLive, getHealthReady, type TReadinessResponse } from '@strata/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import { isSchemaCurrent, pingDatabase } from './health.repository.ts';

/** A readiness check that hangs counts as failing: an orchestrator's probe would time out anyway. */
const CHECK_TIMEOUT_MS = 2_000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('check timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

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

  // No database round trip: a database outage must not make the orchestrator restart every instance.
  routeFrom(app, getHealthLive, {
    tags: ['health'],
    handler: async () => ({ status: 'ok' as const }),
  });

  routeFrom(app, getHealthReady, {
    tags: ['health'],
    handler: async (request, reply) => {
      const check = async (name: string, work: () => Promise<boolean>) => {
        try {
          return (await withinTimeout(work())) ? ('ok' as const) : ('failing' as const);
        } catch (error) {
          request.log.warn({ err: error, check: name }, 'Readiness check failed');
          return 'failing' as const;
        }
      };
      const database = await check('database', () => pingDatabase(app.db).then(() => true));
      const checks: TReadinessResponse['checks'] = {
        database,
        migrations: database === 'ok' ? await check('migrations', () => isSchemaCurrent(app.db)) : 'failing',
        jobs: app.jobs.isStarted ? 'ok' : 'failing',
      };
      const isReady = Object.values(checks).every((value) => value === 'ok');
      return reply.code(isReady ? 200 : 503).send({ status: isReady ? 'ok' : 'unavailable', checks });
    },
  });
};
