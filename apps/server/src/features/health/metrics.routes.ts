import { createHash, timingSafeEqual } from 'node:crypto';
import { getMetrics } from '@strata/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';

/** Compared as digests: equal lengths for timingSafeEqual, and no timing hint of the token's length. */
function isSameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics (outside /api: where scrapers look). Not public: without METRICS_TOKEN it does not exist
 * (404), with it the scraper sends `Authorization: Bearer <METRICS_TOKEN>` (docs/deploy.md).
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = app.config.METRICS_TOKEN;
  routeFrom(app, getMetrics, {
    tags: ['health'],
    isHidden: true,
    isResponseRaw: true,
    handler: async (request, reply) => {
      if (!token) throw AppError.notFound('Not found');
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!given || !isSameToken(given, token)) {
        throw new AppError('UNAUTHORIZED', 'Metrics need the bearer token set in METRICS_TOKEN');
      }
      const text = await app.metrics.registry.metrics();
      return reply.type(app.metrics.registry.contentType).send(text as never);
    },
  });
};
