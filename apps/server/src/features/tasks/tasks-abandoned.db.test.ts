import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TASK_MESSAGES } from '@strata/contracts/tasks';
import type { TDatabaseHandle } from '@strata/db/database';
import { createTestDatabase } from '@strata/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../build-app.ts';
import { loadConfig } from '../../plugins/config.ts';
import { setTaskProgress } from './tasks.repository.ts';

// Issue #17.6: a task whose worker died (kill -9, a crash) stayed `running` forever, and a CSV import's
// task could show rows written that its rolled-back transaction never kept.
const WORKER_STOPPED =
  'The task stopped before it finished: the server running it ended (a crash or restart) or it ran past its time limit. Nothing of it was kept; start it again.';

let database: TDatabaseHandle;
let dataDir: string;
let app: FastifyInstance;
let userId: string;
const isPglite = process.env.STRATA_TEST_DB !== 'postgres';

/** The app as a server process runs it, on the test database (jobs run only through runPending). */
async function startApp(prepare?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    JOBS_WORKER: 'false',
  });
  const started = await buildApp({ config, db: database, logger: false });
  prepare?.(started);
  await started.ready();
  return started;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'strata-abandoned-'));
  userId = randomUUID();
  await database.db
    .insertInto('user')
    .values({
      id: userId,
      name: 'Ops',
      email: 'ops@example.com',
      emailVerified: true,
      image: null,
      twoFactorEnabled: false,
    })
    .execute();
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A background CSV import as its worker left it: running, its job claimed, 5,000 of 10,000 rows reported written. */
async function importLeftRunning(
  on: FastifyInstance,
  job: { startedSecondsAgo: number; heartbeatSecondsAgo?: number },
) {
  const id = await database.db.transaction().execute(async (trx) => {
    const task = await on.tasks.create(trx, {
      userId,
      type: 'default',
      repositoryId: null,
      payload: { kind: 'transactions_import' },
    });
    await on.tasks.enqueue(trx, task);
    return task.id;
  });
  await database.db
    .updateTable('tasks')
    .set({ status: 'running', started_at: new Date() })
    .where('id', '=', id)
    .execute();
  await setTaskProgress(database.db, id, { total: 10_000, validated: 10_000, written: 5_000 });
  await sql`update pgboss.job set state = 'active',
      started_on = now() - ${job.startedSecondsAgo} * interval '1 second',
      heartbeat_seconds = ${job.heartbeatSecondsAgo === undefined ? null : 10},
      heartbeat_on = now() - ${job.heartbeatSecondsAgo ?? 0} * interval '1 second'
    where data->>'taskId' = ${id}`.execute(database.db);
  return id;
}

async function taskRow(id: string) {
  return database.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('a task whose worker died', () => {
  it('is failed with a clear error when the next server starts, its written count back to what was kept', async () => {
    // Killed a minute ago: its heartbeat (every 5 s on PostgreSQL) stopped then.
    const id = await importLeftRunning(app, { startedSecondsAgo: 90, heartbeatSecondsAgo: 60 });
    await app.close();
    app = await startApp();

    const row = await taskRow(id);
    expect(row).toMatchObject({
      status: 'failed',
      error: WORKER_STOPPED,
      progress: { total: 10_000, validated: 10_000, written: 0 },
    });
    expect(row.finished_at).not.toBeNull();
  });

  it('is failed by the running server once its job is no longer alive; a live one is left alone', async () => {
    const expired = await importLeftRunning(app, { startedSecondsAgo: 2 * 60 * 60 });
    const heartbeatStopped = await importLeftRunning(app, { startedSecondsAgo: 60, heartbeatSecondsAgo: 30 });
    const alive = await importLeftRunning(app, { startedSecondsAgo: 60, heartbeatSecondsAgo: 2 });
    const settled = await importLeftRunning(app, { startedSecondsAgo: 60 });
    await sql`update pgboss.job set state = 'failed' where data->>'taskId' = ${settled}`.execute(database.db);
    // Running without any job: only ever set by hand (a worker always holds one); not this rule's to judge.
    const withoutJob = (
      await database.db
        .insertInto('tasks')
        .values({ user_id: userId, type: 'market_data_sync', status: 'running', payload: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    expect(await app.tasks.failAbandoned({ isEveryRunningAbandoned: false })).toBe(3);
    expect((await taskRow(expired)).status).toBe('failed');
    expect((await taskRow(heartbeatStopped)).status).toBe('failed');
    expect((await taskRow(settled)).error).toBe(WORKER_STOPPED);
    expect((await taskRow(alive)).status).toBe('running');
    expect((await taskRow(withoutJob)).status).toBe('running');
  });

  it('on PGlite, where one process owns the database, any task running at start is dead', async () => {
    const alive = await importLeftRunning(app, { startedSecondsAgo: 1, heartbeatSecondsAgo: 1 });
    await app.close();
    app = await startApp();
    expect((await taskRow(alive)).status).toBe(isPglite ? 'failed' : 'running');
  });
});

describe('a task that fails while its worker lives', () => {
  it('keeps only the progress that is still true: what its rolled-back transaction wrote is not counted', async () => {
    await app.close();
    app = await startApp((starting) =>
      starting.tasks.register(
        'market_data_sync',
        async () => {
          throw new Error('The feed broke at row 5,001');
        },
        {
          prepare: ({ task, db }) => setTaskProgress(db, task.id, { total: 10_000, written: 5_000 }),
          progressWhenFailed: (progress) => ({ ...progress, written: 0 }),
        },
      ),
    );
    const id = await database.db.transaction().execute(async (trx) => {
      const task = await app.tasks.create(trx, { userId, type: 'market_data_sync' });
      await app.tasks.enqueue(trx, task);
      return task.id;
    });
    expect(await app.jobs.runPending('task.market_data_sync')).toBe(1);
    expect(await taskRow(id)).toMatchObject({
      status: 'failed',
      error: 'The feed broke at row 5,001',
      progress: { total: 10_000, written: 0 },
    });
    expect(TASK_MESSAGES.WORKER_STOPPED).toBe(WORKER_STOPPED);
  });
});
