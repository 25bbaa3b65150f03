import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const ZHealthResponse = z.object({ status: z.literal('ok') });
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const getHealth = defineEndpoint({
  method: 'GET',
  url: '/health',
  summary: 'Liveness and database reachability',
  response: { 200: ZHealthResponse },
});

/** The process answers: nothing else is checked, so an orchestrator restarts only a process that hangs. */
export const getHealthLive = defineEndpoint({
  method: 'GET',
  url: '/health/live',
  summary: 'Liveness for an orchestrator: the process answers',
  response: { 200: ZHealthResponse },
});

const ZReadinessCheck = z.enum(['ok', 'failing']);

/** Each check of readiness; a 503 carries the same shape with the failing ones marked. */
export const ZReadinessResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({
    /** A query answers. */
    database: ZReadinessCheck,
    /** Every migration this build knows has run. */
    migrations: ZReadinessCheck,
    /** The job queues are started (sending works; on a worker, working too). */
    jobs: ZReadinessCheck,
  }),
});
export type TReadinessResponse = z.infer<typeof ZReadinessResponse>;

export const getHealthReady = defineEndpoint({
  method: 'GET',
  url: '/health/ready',
  summary: 'Readiness for an orchestrator: database, migrations and job queues',
  response: { 200: ZReadinessResponse, 503: ZReadinessResponse },
});

/**
 * Prometheus text exposition (format 0.0.4). Served at `/metrics`, outside the `/api` prefix where
 * scrapers look for it, and only with the operator's METRICS_TOKEN as a bearer token (docs/deploy.md).
 */
export const getMetrics = defineEndpoint({
  method: 'GET',
  url: '/metrics',
  summary: 'Prometheus metrics (bearer METRICS_TOKEN)',
  response: { 200: z.string() },
});
