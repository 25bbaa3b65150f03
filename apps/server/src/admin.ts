import { DataDirLockedError } from '@strata/db/data-dir-lock';
import { createDatabase } from '@strata/db/database';
import { migrateToLatest } from '@strata/db/migrate';
import { AdminCommandError, runAdminCommand, type TAdminContext } from './admin/admin-commands.ts';
import { createAuth } from './features/auth/auth.ts';
import { resolveAuthSecret } from './features/auth/auth-secret.ts';
import { createMailer } from './mail/mailer.ts';
import { loadConfig } from './plugins/config.ts';

/**
 * Operator commands: `npm run admin -- help`. Opens the configured database, migrates, works, closes. On the
 * embedded database that needs the server stopped (one process at a time); the lock says so if it runs.
 */

const quiet = {
  debug: () => {},
  info: () => {},
  warn: (object: object, message: string) => console.error(message, object),
  error: (object: object, message: string) => console.error(message, object),
};

async function openContext(): Promise<TAdminContext & { close(): Promise<void> }> {
  const config = loadConfig(process.env);
  const database = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    logger: { info: () => {}, error: quiet.error },
  });
  try {
    await migrateToLatest(database.db);
    const secret = await resolveAuthSecret(config.DATA_DIR, config.AUTH_SECRET);
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      logger: quiet,
    });
    const auth = createAuth({
      db: database.db,
      config: { ...config, AUTH_SECRET: secret },
      mailer,
      logger: quiet,
    });
    return { db: database.db, auth, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

try {
  console.log(await runAdminCommand(process.argv.slice(2), openContext));
} catch (error) {
  if (error instanceof AdminCommandError || error instanceof DataDirLockedError) {
    console.error(`Error: ${error.message}`);
    process.exitCode = 2;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
}
