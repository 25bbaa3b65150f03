import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTaskExecutor, type TTaskExecutor } from '../features/tasks/task-executor.ts';
import { createJobRunner, createUnavailableJobRunner, type TJobRunner } from './job-runner.ts';
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
}

/**
 * pg-boss on the app's database. The queues start when the app is ready (after every feature registered
 * its task handlers) and stop when it closes, letting running tasks finish first.
 */
export const jobsPlugin = fp<TJobsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const jobs = createRunnerOrExplain(app, options);
    app.decorate('jobs', jobs);
    app.decorate('tasks', createTaskExecutor({ db: app.db, jobs, logger: app.log }));
    app.addHook('onReady', async () => {
      await jobs.start();
    });
    // onClose hooks run last-registered first: this one before the db plugin closes the database.
    app.addHook('onClose', async () => {
      await jobs.stop();
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
