import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTaskExecutor, type TTaskExecutor } from '../features/tasks/task-executor.ts';
import {
  createJobRunner,
  createUnavailableJobRunner,
  JOB_HEARTBEAT_SECONDS,
  type TJobRunner,
} from './job-runner.ts';
import { JobsUnavailableError, type TJobsDatabaseHandle } from './jobs-database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: TJobRunner;
    /** Creates, queues and runs tasks; features register their task types' handlers here. */
    tasks: TTaskExecutor;
  }
}

export interface TJobsPluginOptions {
  database: TJobsDatabaseHandle;
  isWorker: boolean;
  pollingIntervalSeconds?: number;
  /** How long a closing app lets running jobs finish (JOBS_SHUTDOWN_SECONDS). */
  shutdownSeconds?: number;
}

/** How often running tasks are checked for a worker that died (a heartbeat that stopped, an expired job). */
export const ABANDONED_TASKS_SWEEP_SECONDS = JOB_HEARTBEAT_SECONDS;

/** Runs `sweep` now (resolving after it) and then every `seconds`, one at a time; `stop()` waits for one under way. */
async function startSweeper(sweep: () => Promise<void>, seconds: number): Promise<{ stop(): Promise<void> }> {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let isStopped = false;
  const next = () => {
    if (isStopped) return;
    timer = setTimeout(() => {
      current = sweep().finally(next);
    }, seconds * 1000);
    timer.unref();
  };
  await sweep();
  next();
  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

/**
 * pg-boss on the app's database. The queues start when the app is ready (after every feature registered
 * its task handlers) and stop when it closes, letting running tasks finish first.
 */
export const jobsPlugin = fp<TJobsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const jobs = createRunnerOrExplain(app, options);
    app.decorate('jobs', jobs);
    const tasks = createTaskExecutor({ db: app.db, jobs, logger: app.log });
    app.decorate('tasks', tasks);
    let sweeper: { stop(): Promise<void> } | undefined;
    const failAbandoned = (isEveryRunningAbandoned: boolean) =>
      tasks.failAbandoned({ isEveryRunningAbandoned }).then(
        () => {},
        (error: unknown) => app.log.error({ err: error }, 'Could not check for tasks whose worker died'),
      );
    app.addHook('onReady', async () => {
      // PGlite admits one process (packages/db data-dir-lock.ts), and this one has started no task yet: a
      // task left running was being worked by a process that ended without finishing it.
      if (options.database.dialect === 'pglite') await failAbandoned(true);
      await jobs.start();
      // Then, on every database, by the jobs' own state: a heartbeat that stopped, a job past its expiry.
      if (jobs.isStarted)
        sweeper = await startSweeper(() => failAbandoned(false), ABANDONED_TASKS_SWEEP_SECONDS);
    });
    // onClose hooks run last-registered first: this one before the db plugin closes the database.
    app.addHook('onClose', async () => {
      await sweeper?.stop();
      await jobs.stop((options.shutdownSeconds ?? 10) * 1000);
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);

function createRunnerOrExplain(app: FastifyInstance, options: TJobsPluginOptions): TJobRunner {
  try {
    return createJobRunner({
      database: options.database,
      logger: app.log,
      isWorker: options.isWorker,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
    });
  } catch (error) {
    if (!(error instanceof JobsUnavailableError)) throw error;
    app.log.warn({ reason: error.message }, 'Background jobs are disabled');
    return createUnavailableJobRunner(error.message);
  }
}
