import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readOutbox, type TOutboxMail } from '../../../mail/outbox.ts';
import { createTestApp, type TTestApp } from '../../../testing/test-app.ts';
import type { TAuth } from '../auth.ts';
import { loadAuthConfig, type TAuthConfig } from '../auth-config.ts';
import { otpFromMailText } from '../auth-mail.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

export interface TIdentityTestApp extends TTestApp {
  auth: TAuth;
  config: TAuthConfig;
  dataDir: string;
  /** The newest code mailed to `email` (of the given subject word), or throws. */
  latestCode(email: string, subjectIncludes?: string): Promise<string>;
  outboxCount(email: string): Promise<number>;
  /** Mails to `email`, newest first, after the ones still being sent are written. */
  outbox(email: string): Promise<TOutboxMail[]>;
}

export interface TIdentityTestAppOptions {
  env?: Record<string, string>;
  publicUrl?: string;
  /** Runs before the app is ready: register test-only routes or task handlers here. */
  prepare?: (app: FastifyInstance) => void | Promise<void>;
}

/** The real app (buildApp) on a fresh test database; mails go to the outbox of a temporary DATA_DIR. */
export async function createIdentityTestApp(
  options: TIdentityTestAppOptions = {},
): Promise<TIdentityTestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'strata-identity-test-'));
  const publicUrl = options.publicUrl ?? TEST_PUBLIC_URL;
  const env: Record<string, string> = {
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // High enough that only the rate-limit tests, which lower it, ever meet it.
    AUTH_RATE_LIMIT_MAX: '1000',
    AUTH_ACCOUNT_RATE_LIMIT_MAX: '1000',
    ...options.env,
  };
  const config = loadAuthConfig({ PUBLIC_URL: publicUrl, DATA_DIR: dataDir }, env);
  const testApp = await createTestApp({ env, prepare: options.prepare });
  const ready: TAuth = testApp.app.auth;
  return {
    ...testApp,
    auth: ready,
    config,
    dataDir,
    async latestCode(email, subjectIncludes) {
      await ready.backgroundTasks.idle();
      const mails = await readOutbox(dataDir, email);
      const mail = mails.find((candidate) => !subjectIncludes || candidate.subject.includes(subjectIncludes));
      const code = mail && otpFromMailText(mail.text);
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    async outbox(email) {
      await ready.backgroundTasks.idle();
      return readOutbox(dataDir, email);
    },
    async outboxCount(email) {
      await ready.backgroundTasks.idle();
      return (await readOutbox(dataDir, email)).length;
    },
    async close() {
      await testApp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
