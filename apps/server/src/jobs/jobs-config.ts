import { z } from 'zod';

/** Environment of the job runner, part of the app's config (plugins/config.ts). */
export const ZJobsEnv = z.object({
  /**
   * Work the queues in this process (default true). Set false on API instances when separate worker
   * processes (the same app with JOBS_WORKER=true) take the jobs.
   */
  JOBS_WORKER: z.stringbool({ error: 'must be true or false' }).default(true),
});
export type TJobsEnv = z.infer<typeof ZJobsEnv>;
