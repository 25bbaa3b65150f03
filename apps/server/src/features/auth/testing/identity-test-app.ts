import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, migrations } from '@strata/db/migrate';
import * as identityMigration from '@strata/db/migrations/2026-11-22-0002-identity';
import type { FastifyInstance } from 'fastify';
import { createOutboxMailer } from '../../../mail/mailer.ts';
import { readOutbox, type TOutboxMail } from '../../../mail/outbox.ts';
import { createTestApp, type TTestApp } from '../../../testing/test-app.ts';
import { userSettingsRoutes } from '../../user-settings/user-settings.routes.ts';
import { authRoutes } from '../auth.routes.ts';
import { createAuth, type TAuth } from '../auth.ts';
import { loadAuthConfig, type TAuthConfig } from '../auth-config.ts';
import { otpFromMailText } from '../auth-mail.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** The identity migration on top of whatever the migration list holds (it may not be registered yet). */
export const migrationsWithIdentity = { ...migrations, '2026-11-22-0002-identity': identityMigration };

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
}

/**
 * The real app (buildApp) on a fresh test database with identity mounted: by build-app.ts once it wires
 * identity, otherwise here the same way. Mails go to the outbox of a temporary DATA_DIR.
 */
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
    ...options.env,
  };
  const config = loadAuthConfig({ PUBLIC_URL: publicUrl, DATA_DIR: dataDir }, env);
  config.AUTH_SECRET = env.AUTH_SECRET;
  let auth: TAuth | undefined;
  const testApp = await createTestApp({
    env,
    prepare: async (app: FastifyInstance) => {
      await migrateToLatest(app.db, migrationsWithIdentity);
      if (app.hasDecorator('auth')) {
        // build-app.ts already mounts identity (from the same env).
        auth = app.auth;
        return;
      }
      auth = createAuth({
        db: app.db,
        config,
        mailer: createOutboxMailer(dataDir, app.log),
        logger: app.log,
      });
      await app.register(authRoutes, { auth, publicUrl });
      await app.register(userSettingsRoutes, { prefix: '/api' });
    },
  });
  if (!auth) throw new Error('auth was not created');
  const ready = auth;
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
