import { DataDirLockedError } from '@strata/db/data-dir-lock';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './build-app.ts';
import { ConfigError, loadConfig, type TConfig } from './plugins/config.ts';

function readConfig(): TConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function build(config: TConfig) {
  try {
    return await buildApp({ config });
  } catch (error) {
    // Another process holds the embedded database: its own message names it; a stack would only hide it.
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const app = await build(config);

// SIGINT/SIGTERM: app.close() stops accepting, lets in-flight requests finish, then closes the database.
closeWithGrace(
  { delay: 10_000, logger: { error: (message: unknown) => app.log.error(message) } },
  async ({ signal, err }) => {
    if (err) {
      app.log.error({ err }, 'Shutting down after an uncaught error');
      // app.close() below sends it before the process ends.
      app.errorReporter.capture(err);
    } else app.log.info(`${signal ?? 'Close'} received, shutting down`);
    await app.close();
  },
);

try {
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Strata is ready at ${config.PUBLIC_URL} (API docs: ${config.PUBLIC_URL}/api/docs)`);
} catch (error) {
  app.log.error({ err: error }, 'The server could not start');
  await app.close();
  process.exit(1);
}
