import { z } from 'zod';

/** Environment of the job runner, part of the app's config (plugins/config.ts). */
export const ZJobsEnv = z.object({
  /**
   * Work the queues in this process (default true). Set false on API instances when separate worker
   * processes (`npm run worker`) take the jobs (analytics too with ANALYTICS_COMPUTE=workers).
   */
  JOBS_WORKER: z.stringbool({ error: 'must be true or false' }).default(true),
  /** The port of a worker process (`npm run worker`), which serves only health and metrics. */
  WORKER_PORT: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3001),
  /**
   * On SIGTERM, how long running jobs may take to finish before they are handed back (analytics) or left
   * to the abandoned-task sweep (imports). Keep the orchestrator's grace period above it.
   */
  JOBS_SHUTDOWN_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be an integer' })
    .min(1, { error: 'must be between 1 and 3600' })
    .max(3600, { error: 'must be between 1 and 3600' })
    .default(25),
});
export type TJobsEnv = z.infer<typeof ZJobsEnv>;
