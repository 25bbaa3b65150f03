import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { migrateToLatest } from '@strata/db/migrate';
import type { Database } from '@strata/db/schema';
import { createTestDatabase } from '@strata/db/testing/test-database';
import { typeParsers } from '@strata/db/type-parsers';
import type { FastifyInstance } from 'fastify';
import { Kysely, PGliteDialect } from 'kysely';
import { buildApp } from '../../../build-app.ts';
import type { TJobsDatabaseHandle } from '../../../jobs/jobs-database.ts';
import { readOutbox } from '../../../mail/outbox.ts';
import { loadConfig } from '../../../plugins/config.ts';
import { loadAuthConfig } from '../../auth/auth-config.ts';
import { otpFromMailText } from '../../auth/auth-mail.ts';
import { TEST_PUBLIC_URL, type TIdentityTestApp } from '../../auth/testing/identity-test-app.ts';

export interface TTasksTestAppOptions {
  /** Work the queues in-process (the default app's behaviour); off, tests run jobs with `runPending`. */
  isWorker?: boolean;
  env?: Record<string, string>;
  /** Runs before the app is ready: register test-only task handlers or routes here. */
  prepare?: (app: FastifyInstance) => void | Promise<void>;
}

/** The whole app (buildApp) with the job runner on, plus what signUpVerified needs. */
export async function createTasksTestApp(options: TTasksTestAppOptions = {}): Promise<TIdentityTestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'strata-tasks-test-'));
  const env: Record<string, string> = {
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    AUTH_RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    ...options.env,
  };
  // Its PGlite handle exposes the instance pg-boss runs on.
  const database = await createTestDatabase();
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      callback();
    },
  });
  const app = await buildApp({
    config: loadConfig({ ...env, JOBS_WORKER: String(options.isWorker ?? true) }),
    db: database,
    logger: { level: 'info', stream },
  });
  await options.prepare?.(app);
  await app.ready();
  const auth = app.auth;
  return {
    app,
    database,
    logs,
    auth,
    config: loadAuthConfig({ PUBLIC_URL: TEST_PUBLIC_URL, DATA_DIR: dataDir }, env),
    dataDir,
    async latestCode(email, subjectIncludes) {
      await auth.backgroundTasks.idle();
      const mails = await readOutbox(dataDir, email);
      const mail = mails.find((candidate) => !subjectIncludes || candidate.subject.includes(subjectIncludes));
      const code = mail && otpFromMailText(mail.text);
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    async outbox(email) {
      await auth.backgroundTasks.idle();
      return readOutbox(dataDir, email);
    },
    async outboxCount(email) {
      await auth.backgroundTasks.idle();
      return (await readOutbox(dataDir, email)).length;
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
