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

async function build(config: TConfig, role: 'api' | 'worker') {
  try {
    return await buildApp({ config, role });
  } catch (error) {
    // Another process holds the embedded database: its own message names it; a stack would only hide it.
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Starts a server process: 'api' (main.ts: the API and the web app on PORT, working the job queues unless
 * JOBS_WORKER=false) or 'worker' (worker.ts: the job queues, with only health and metrics on WORKER_PORT).
 */
export async function serve(role: 'api' | 'worker'): Promise<void> {
  const loaded = readConfig();
  const config = role === 'worker' ? { ...loaded, JOBS_WORKER: true } : loaded;
  const app = await build(config, role);

  // SIGINT/SIGTERM: app.close() stops accepting, lets in-flight requests finish, lets running jobs finish
  // for JOBS_SHUTDOWN_SECONDS (then hands back or fails them), then closes the database. The grace delay
  // is past that, so only a close that hangs is cut short.
  closeWithGrace(
    {
      delay: (config.JOBS_SHUTDOWN_SECONDS + 10) * 1000,
      logger: { error: (message: unknown) => app.log.error(message) },
    },
    async ({ signal, err }) => {
      if (err) {
        app.log.error({ err }, 'Shutting down after an uncaught error');
        // app.close() below sends it before the process ends.
        app.errorReporter.capture(err);
      } else app.log.info(`${signal ?? 'Close'} received, shutting down`);
      await app.close();
    },
  );

  const port = role === 'worker' ? config.WORKER_PORT : config.PORT;
  try {
    await app.listen({ port, host: config.HOST });
    if (role === 'worker') app.log.info(`Strata job worker is running (health and metrics on port ${port})`);
    else app.log.info(`Strata is ready at ${config.PUBLIC_URL} (API docs: ${config.PUBLIC_URL}/api/docs)`);
  } catch (error) {
    app.log.error({ err: error }, 'The server could not start');
    await app.close();
    process.exit(1);
  }
}
