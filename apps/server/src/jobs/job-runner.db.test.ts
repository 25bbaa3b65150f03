import { PGlite } from '@electric-sql/pglite';
import { createTestDatabase } from '@strata/db/testing/test-database';
import { typeParsers } from '@strata/db/type-parsers';
import { Kysely, PGliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobRunner, createUnavailableJobRunner, type TJobRunner } from './job-runner.ts';
import { JobsUnavailableError, jobsDatabaseOf, type TJobsDatabaseHandle } from './jobs-database.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** As the app has it: PostgreSQL from createTestDatabase, or PGlite with its instance exposed. */
async function openDatabase(): Promise<TJobsDatabaseHandle> {
  if (process.env.STRATA_TEST_DB === 'postgres') return createTestDatabase();
  const pglite = await PGlite.create('memory://', { parsers: typeParsers });
  // biome-ignore lint/suspicious/noExplicitAny: no app tables are used here
  const db = new Kysely<any>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    dialect: 'pglite',
    pglite,
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function runnerOn(
  isWorker: boolean,
  shared?: TJobsDatabaseHandle,
): Promise<{ runner: TJobRunner; database: TJobsDatabaseHandle }> {
  const database = shared ?? (await openDatabase());
  const runner = createJobRunner({
    database,
    logger: silent,
    isWorker,
    pollingIntervalSeconds: 0.5,
    cronMonitorIntervalSeconds: 1,
    cronWorkerIntervalSeconds: 1,
  });
  if (shared) {
    cleanup.push(() => runner.stop());
    return { runner, database };
  }
  cleanup.push(
    () => database.close(),
    () => runner.stop(),
  );
  return { runner, database };
}

describe('job runner', () => {
  it('lets running jobs finish before stop() resolves, then takes no more', async () => {
    const { runner } = await runnerOn(true);
    const events: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    runner.define('slow', async () => {
      events.push('job started');
      markStarted();
      await released;
      events.push('job finished');
    });
    await runner.start();
    await runner.send('slow', {});
    await started;

    const stopping = runner.stop().then(() => events.push('stopped'));
    release();
    await stopping;
    expect(events).toEqual(['job started', 'job finished', 'stopped']);
    await expect(runner.send('slow', {})).rejects.toThrow('The job runner has stopped');
  });

  it('hands a job back when stop() runs out of time, where its queue allows: another worker takes it', async () => {
    const { runner: stopping, database } = await runnerOn(true);
    let releaseHung = () => {};
    const hung = new Promise<void>((resolve) => {
      releaseHung = resolve;
    });
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    stopping.define(
      'handed-back',
      async () => {
        markStarted();
        await hung;
      },
      { isHandedBackOnShutdown: true },
    );
    await stopping.start();
    await stopping.send('handed-back', { n: 1 });
    await started;
    await stopping.stop(1_000);

    // A second worker on the same database finds the job waiting again and finishes it.
    const other = createJobRunner({ database, logger: silent, isWorker: false });
    cleanup.push(() => other.stop());
    const seen: unknown[] = [];
    other.define(
      'handed-back',
      async (data) => {
        seen.push(data.n);
      },
      { isHandedBackOnShutdown: true },
    );
    await other.start();
    expect(await other.runPending('handed-back')).toBe(1);
    expect(seen).toEqual([1]);
    releaseHung();
  }, 120_000);

  it("fails a task queue's job for good when stop() runs out of time (the task sweep reports it)", async () => {
    const { runner: stopping, database } = await runnerOn(true);
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    let releaseHung = () => {};
    const hung = new Promise<void>((resolve) => {
      releaseHung = resolve;
    });
    stopping.define('kept-failed', async () => {
      markStarted();
      await hung;
    });
    await stopping.start();
    await stopping.send('kept-failed', { n: 2 });
    await started;
    await stopping.stop(1_000);

    const other = createJobRunner({ database, logger: silent, isWorker: false });
    cleanup.push(() => other.stop());
    const seen: unknown[] = [];
    other.define('kept-failed', async (data) => {
      seen.push(data.n);
    });
    await other.start();
    expect(await other.runPending('kept-failed')).toBe(0);
    expect(seen).toEqual([]);
    releaseHung();
  }, 120_000);

  it('sends a job inside a transaction: it exists only if the transaction commits', async () => {
    const { runner, database } = await runnerOn(false);
    const seen: unknown[] = [];
    runner.define('in-trx', async (data) => {
      seen.push(data.n);
    });
    await runner.start();
    await database.db.transaction().execute(async (trx) => {
      await runner.send('in-trx', { n: 1 }, { trx });
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await runner.send('in-trx', { n: 2 }, { trx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await runner.runPending('in-trx')).toBe(1);
    expect(seen).toEqual([1]);
  });

  // Polling every 30 s, the job can only run within the test's 15 s if sending it woke the worker — and
  // only once the sending transaction committed (woken earlier, the worker finds nothing and sleeps again).
  it('wakes its own worker when a job is sent, once the sending transaction commits', async () => {
    const database = await createTestDatabase();
    const runner = createJobRunner({ database, logger: silent, isWorker: true, pollingIntervalSeconds: 30 });
    cleanup.push(
      () => database.close(),
      () => runner.stop(),
    );
    const seen: unknown[] = [];
    let ran = () => {};
    runner.define('woken', async (data) => {
      seen.push(data.n);
      ran();
    });
    await runner.start();
    const first = new Promise<void>((resolve) => {
      ran = resolve;
    });
    await runner.send('woken', { n: 1 });
    await first;
    const second = new Promise<void>((resolve) => {
      ran = resolve;
    });
    await database.db.transaction().execute(async (trx) => {
      await runner.send('woken', { n: 2 }, { trx });
      // Still inside the transaction: the job cannot be seen yet, and the wake waits for the commit.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await second;
    expect(seen).toEqual([1, 2]);
  }, 15_000);

  it('refuses new queues once started', async () => {
    const { runner } = await runnerOn(false);
    await runner.start();
    expect(() => runner.define('late', async () => {})).toThrow('before the job runner starts');
  });
});

/** A six-field UTC cron expression that comes due once, `seconds` from now (and then a day later). */
function onceIn(seconds: number): string {
  const at = new Date(Date.now() + seconds * 1000);
  return `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} * * *`;
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('scheduled queues (pg-boss cron)', () => {
  it('runs an occurrence once although two workers share the database', async () => {
    const first = await runnerOn(true);
    const second = await runnerOn(true, first.database);
    const runs: string[] = [];
    const cron = onceIn(3);
    first.runner.schedule('tick', cron, async () => {
      runs.push('first');
    });
    second.runner.schedule('tick', cron, async () => {
      runs.push('second');
    });
    // One after the other: two pg-boss instances creating its internal queues at the same instant race on
    // a fresh database (pg-boss's start-up, not the scheduling under test).
    await first.runner.start();
    await second.runner.start();
    await until(() => runs.length > 0, 20_000);
    // Both workers run cron passes every second and both work the queue: give the other one time to send.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(runs).toHaveLength(1);
  }, 30_000);

  it('keeps the schedule out of a process that is not a worker, and removes it when set to null', async () => {
    const worker = await runnerOn(true);
    worker.runner.schedule('nightly', '0 22 * * *', async () => {});
    await worker.runner.start();
    const stored = async () =>
      (
        await sql<{ name: string; cron: string; timezone: string }>`
          SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`.execute(worker.database.db)
      ).rows.map((row) => ({ ...row }));
    expect(await stored()).toEqual([{ name: 'nightly', cron: '0 22 * * *', timezone: 'UTC' }]);

    const api = await runnerOn(false, worker.database);
    api.runner.schedule('nightly', '5 23 * * *', async () => {});
    await api.runner.start();
    expect(await stored()).toEqual([{ name: 'nightly', cron: '0 22 * * *', timezone: 'UTC' }]);

    const turnedOff = await runnerOn(true, worker.database);
    turnedOff.runner.schedule('nightly', null, async () => {});
    await turnedOff.runner.start();
    expect(await stored()).toEqual([]);
  });
});

describe('when pg-boss cannot run on the database handle', () => {
  it('says why: a PGlite handle must expose its instance', () => {
    const handle = { db: {} as never, dialect: 'pglite' as const, close: vi.fn() };
    expect(() => jobsDatabaseOf(handle)).toThrow(JobsUnavailableError);
  });

  it('stands in with a runner whose sends fail with 503', async () => {
    const runner = createUnavailableJobRunner('no PGlite instance');
    await runner.start();
    const error = await runner.send('q', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JobsUnavailableError);
    expect(error).toMatchObject({
      statusCode: 503,
      message: 'Background jobs are not available: no PGlite instance',
    });
  });
});
