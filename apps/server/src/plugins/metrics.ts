import type { TDatabaseHandle } from '@strata/db/database';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { readQueueDepths } from '../jobs/job-queue-depth.repository.ts';

export interface TAppMetrics {
  registry: Registry;
  /** Seconds one analytics compute took in the engine (worker thread). */
  analyticsComputeSeconds: Histogram;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: TAppMetrics;
  }
}

export interface TMetricsPluginOptions {
  database: TDatabaseHandle;
  /** Also the process's own metrics (CPU, memory, event loop lag, GC): only where they are served. */
  isCollectingProcessMetrics: boolean;
  /** 'api' or 'worker', a label on every series so one dashboard tells the two kinds apart. */
  role: 'api' | 'worker';
}

/**
 * Prometheus metrics of one app, in a registry of its own (tests build many apps in one process; the
 * library's global registry would refuse the second). Served by the metrics route (features/health).
 */
export const metricsPlugin = fp<TMetricsPluginOptions>(
  async (app: FastifyInstance, { database, isCollectingProcessMetrics, role }) => {
    const registry = new Registry();
    registry.setDefaultLabels({ role });
    if (isCollectingProcessMetrics) collectDefaultMetrics({ register: registry, prefix: 'strata_' });

    const requestSeconds = new Histogram({
      name: 'strata_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern (not the raw URL: ids would explode the series)',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      requestSeconds.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    const analyticsComputeSeconds = new Histogram({
      name: 'strata_analytics_compute_seconds',
      help: 'Engine time of one analytics compute (load excluded); the role label says where it ran',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [registry],
    });

    new Gauge({
      name: 'strata_job_queue_depth',
      help: 'Jobs per queue: waiting (created or handed back) and active, from the job table',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const depth of await readQueueDepths(app.db)) {
            this.set({ queue: depth.queue, state: 'waiting' }, depth.waiting);
            this.set({ queue: depth.queue, state: 'active' }, depth.active);
          }
        } catch (error) {
          // Before pg-boss created its schema, or the database is down: the scrape still answers.
          app.log.warn({ err: error }, 'Metrics: could not count the job queues');
        }
      },
    });

    const poolStats = database.poolStats;
    if (poolStats) {
      new Gauge({
        name: 'strata_db_pool_connections',
        help: 'PostgreSQL pool of this process: connections by state, queries waiting for one, and the maximum',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const stats = poolStats();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
          this.set({ state: 'max' }, stats.max);
        },
      });
    }

    app.decorate('metrics', { registry, analyticsComputeSeconds });
  },
  { name: 'metrics', dependencies: ['db'] },
);
