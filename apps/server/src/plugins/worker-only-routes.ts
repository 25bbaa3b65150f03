import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

/** What a worker process answers over HTTP: its orchestrator's probes and the metrics scrape. */
const WORKER_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

/**
 * A worker (`npm run worker`) is the whole app, so every feature registers its job handlers as it does in
 * an API instance, but it serves none of the API: anything but health and metrics is a 404 before routing.
 */
export const workerOnlyRoutesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?', 1)[0] ?? '';
      if (!WORKER_PATHS.has(path)) {
        throw AppError.notFound('This is a job worker: it serves health and metrics only');
      }
    });
  },
  { name: 'worker-only-routes' },
);
