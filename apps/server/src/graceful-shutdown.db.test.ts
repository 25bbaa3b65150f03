import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './build-app.ts';
import { loadConfig } from './plugins/config.ts';

// The app opens (and owns) its embedded database here, as `npm start` does.
let dataDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'strata-shutdown-'));
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web'), NODE_ENV: 'test' });
  app = await buildApp({ config, logger: false });
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function isAcceptingConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

it('lets an in-flight request finish on close, then closes the database it opened', async () => {
  const started = deferred();
  const release = deferred();
  app.get('/api/test-only/slow', async () => {
    started.resolve();
    await release.promise;
    const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(app.db);
    return { answer: rows[0]?.answer };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const inFlight = fetch(`http://127.0.0.1:${port}/api/test-only/slow`);
  await started.promise;

  let isClosed = false;
  const closing = app.close().then(() => {
    isClosed = true;
  });
  // Wait until the listener is gone: from then on the shutdown is under way.
  while (await isAcceptingConnections(port)) await new Promise((resolve) => setImmediate(resolve));
  expect(isClosed).toBe(false);

  release.resolve();
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ answer: 42 });

  await closing;
  expect(isClosed).toBe(true);
  await expect(sql`select 1`.execute(app.db)).rejects.toThrow();
});

it('lets a running job finish on close before the database closes, and takes no new one', async () => {
  const jobsDir = await mkdtemp(join(tmpdir(), 'strata-shutdown-jobs-'));
  try {
    const config = loadConfig({
      DATA_DIR: jobsDir,
      WEB_DIST_DIR: join(jobsDir, 'no-web'),
      NODE_ENV: 'test',
      JOBS_SHUTDOWN_SECONDS: '60',
    });
    const worker = await buildApp({ config, logger: false });
    const started = deferred();
    const release = deferred();
    const answers: number[] = [];
    // Defined before ready, as every feature defines its queues; worked here (JOBS_WORKER defaults to true).
    worker.jobs.define('test-only.slow', async () => {
      started.resolve();
      await release.promise;
      const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(worker.db);
      answers.push(rows[0]?.answer ?? 0);
    });
    await worker.ready();
    await worker.jobs.send('test-only.slow', {});
    await started.promise;

    let isClosed = false;
    const closing = worker.close().then(() => {
      isClosed = true;
    });
    // Well past pg-boss's own polling: the close waits for the job, not for a timer.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(isClosed).toBe(false);
    await expect(worker.jobs.send('test-only.slow', {})).rejects.toThrow('The job runner has stopped');

    release.resolve();
    await closing;
    // The job's last query ran on the open database, before close() resolved.
    expect(answers).toEqual([42]);
    await expect(sql`select 1`.execute(worker.db)).rejects.toThrow();
  } finally {
    await rm(jobsDir, { recursive: true, force: true });
  }
}, 120_000);
