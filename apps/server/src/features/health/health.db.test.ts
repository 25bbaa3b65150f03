import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@strata/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../build-app.ts';
import { loadConfig } from '../../plugins/config.ts';
import { createTestApp, type TTestApp } from '../../testing/test-app.ts';

// The orchestrator's probes and the metrics scrape (docs/deploy.md). Across processes on PostgreSQL:
// multi-instance.db.test.ts.

const TOKEN = 'a-metrics-token-for-this-test-only';

describe('liveness and readiness', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers live without asking the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 200,
      body: { status: 'ok' },
    });
  });

  it('answers ready with each check when the database, the migrations and the job queues are', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } },
    });
  });

  it('answers 503 naming the failing check when the database is gone, while live still answers', async () => {
    const gone = await createTestApp();
    await gone.database.close();
    try {
      const ready = await gone.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect({ status: ready.statusCode, body: ready.json() }).toEqual({
        status: 503,
        body: { status: 'unavailable', checks: { database: 'failing', migrations: 'failing', jobs: 'ok' } },
      });
      expect((await gone.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await gone.app.close().catch(() => undefined);
    }
  });

  it('says /metrics does not exist when no METRICS_TOKEN is set (never public by default)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a scrape without the token or with another one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers Prometheus text: latency by route pattern, queue depth by queue, process metrics', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health/live' });
    await t.app.inject({ method: 'GET', url: '/api/health/live' });
    // Due in an hour: it waits in its queue whatever this app's worker does.
    await t.app.jobs.send('analytics.compute', {}, { startAfterSeconds: 3600 });
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const lines = response.body.split('\n');
    expect(lines).toContain(
      'strata_http_request_duration_seconds_count{role="api",method="GET",route="/api/health/live",status_code="200"} 2',
    );
    expect(lines).toContain('strata_job_queue_depth{queue="analytics.compute",state="waiting",role="api"} 1');
    expect(lines).toContain('strata_job_queue_depth{queue="analytics.compute",state="active",role="api"} 0');
    expect(lines).toContain('# TYPE strata_analytics_compute_seconds histogram');
    expect(response.body).toContain('strata_process_cpu_seconds_total');
  });
});

describe('a worker process (npm run worker)', () => {
  it('answers health and metrics, and a 404 to everything else, WebSocket upgrade included', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'strata-worker-routes-'));
    const database = await createTestDatabase();
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', METRICS_TOKEN: TOKEN });
    const worker = await buildApp({ config, db: database, logger: false, role: 'worker' });
    try {
      await worker.ready();
      expect((await worker.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect((await worker.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect((await worker.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const metrics = await worker.inject({
        method: 'GET',
        url: '/metrics?x=1',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('role="worker"');
      for (const url of ['/api/repositories', '/api/ws/analytics', '/', '/api/health/live/x']) {
        const refused = await worker.inject({ method: 'GET', url });
        expect({ url, status: refused.statusCode, body: refused.json() }).toEqual({
          url,
          status: 404,
          body: { code: 'NOT_FOUND', message: 'This is a job worker: it serves health and metrics only' },
        });
      }
    } finally {
      await worker.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
