import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real server (`node apps/server/src/main.ts`, as `npm run serve`) in a child process, for tests that
 * must end it the hard way (kill -9) and start it again on the same data, or run several instances and a
 * worker (`apps/server/src/worker.ts`, as `npm run worker`) on one database. e2e/support/app-server.ts starts
 * the built app for the browser journeys; this one needs no web build and keeps its data across restarts.
 */

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface TServerSetup {
  dataDir: string;
  /** PostgreSQL; empty for the embedded database in dataDir. */
  databaseUrl: string;
  port: number;
}

export interface TServerProcess {
  baseUrl: string;
  pid: number;
  /** What it printed (warnings and errors). */
  output(): string;
  /** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. */
  killHard(): Promise<void>;
  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function serverEnv(setup: TServerSetup): NodeJS.ProcessEnv {
  const baseUrl = `http://127.0.0.1:${setup.port}`;
  return {
    ...process.env,
    PORT: String(setup.port),
    HOST: '127.0.0.1',
    DATA_DIR: setup.dataDir,
    PUBLIC_URL: baseUrl,
    DATABASE_URL: setup.databaseUrl,
    LOG_LEVEL: 'warn',
  };
}

/** `npm run admin -- …` on the setup's database (on PGlite: with the server stopped). */
export function runAdmin(setup: TServerSetup, args: string[]): string {
  const run = spawnSync(process.execPath, ['apps/server/src/admin.ts', ...args], {
    cwd: repoRoot,
    env: serverEnv(setup),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`admin ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once('exit', resolve));
}

export interface TServerProcessOptions {
  /** 'worker': worker.ts, with health and metrics on `setup.port` (as WORKER_PORT). Default 'api'. */
  role?: 'api' | 'worker';
  /** More environment (JOBS_WORKER, AUTH_SECRET, METRICS_TOKEN, …). */
  env?: Record<string, string>;
}

export async function startServerProcess(
  setup: TServerSetup,
  options: TServerProcessOptions = {},
): Promise<TServerProcess> {
  const baseUrl = `http://127.0.0.1:${setup.port}`;
  const isWorker = options.role === 'worker';
  let log = '';
  const child = spawn(
    process.execPath,
    [isWorker ? 'apps/server/src/worker.ts' : 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        ...serverEnv(setup),
        ...(isWorker ? { WORKER_PORT: String(setup.port), PORT: '0' } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health in 120 s:\n${log}`);
    }
    const isUp = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: child.pid as number,
    output: () => log,
    async killHard() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
