import type { FastifyInstance } from 'fastify';
import { createIdentityTestApp, type TIdentityTestApp } from '../../auth/testing/identity-test-app.ts';

export interface TTasksTestAppOptions {
  /** Work the queues in-process (the default app's behaviour); off, tests run jobs with `runPending`. */
  isWorker?: boolean;
  env?: Record<string, string>;
  /** Runs before the app is ready: register test-only task handlers or routes here. */
  prepare?: (app: FastifyInstance) => void | Promise<void>;
}

/** The whole app (buildApp) with the job runner on or off, plus what signUpVerified needs. */
export async function createTasksTestApp(options: TTasksTestAppOptions = {}): Promise<TIdentityTestApp> {
  return createIdentityTestApp({
    env: { JOBS_WORKER: String(options.isWorker ?? true), ...options.env },
    prepare: options.prepare,
  });
}
