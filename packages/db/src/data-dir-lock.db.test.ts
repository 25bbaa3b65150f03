import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock.ts';
import { createDatabase } from './database.ts';

const quietLogger = { info: () => {}, error: () => {} };
const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'strata-lock-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Node code in a child process, with the lock module imported as `lock`. */
function childScript(body: string): string[] {
  return ['--input-type=module', '-e', `const lock = await import(${JSON.stringify(lockModule)});\n${body}`];
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
  return child.pid as number;
}

describe('the embedded database admits one process at a time', () => {
  it('refuses a second process while the first holds it, naming the holder, and admits it after close', async () => {
    const first = await createDatabase({ dataDir, logger: quietLogger });
    const second = spawnSync(
      process.execPath,
      childScript(`try { await lock.acquireDataDirLock(${JSON.stringify(dataDir)}, 'second opener'); console.log('acquired'); }
       catch (error) { console.log(error.name + ': ' + error.message); }`),
      { encoding: 'utf8' },
    );
    expect(second.stdout).toContain(
      `DataDirLockedError: The embedded database is in use by another process: pid ${process.pid} (`,
    );
    expect(second.stdout).toContain('stop that process first, or use PostgreSQL (DATABASE_URL)');

    await first.close();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const again = spawnSync(
      process.execPath,
      childScript(
        `const held = await lock.acquireDataDirLock(${JSON.stringify(dataDir)}, 'x'); await held.release(); console.log('acquired');`,
      ),
      { encoding: 'utf8' },
    );
    expect(again.stdout.trim()).toBe('acquired');
  });

  it('refuses a second opener in the same process too', async () => {
    const held = await acquireDataDirLock(dataDir, 'npm run serve');
    try {
      const error = await acquireDataDirLock(dataDir, 'again').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(`pid ${process.pid} (npm run serve)`);
    } finally {
      await held.release();
    }
  });

  it('writes pid, host, start time and command in the lock file', async () => {
    const held = await acquireDataDirLock(dataDir, 'node apps/server/src/admin.ts seed-demo');
    try {
      const holder = JSON.parse(await readFile(join(dataDir, LOCK_FILE_NAME), 'utf8'));
      expect(holder).toMatchObject({
        pid: process.pid,
        hostname: hostname(),
        command: 'node apps/server/src/admin.ts seed-demo',
      });
      expect(Number.isNaN(Date.parse(holder.startedAt))).toBe(false);
    } finally {
      await held.release();
    }
  });

  it('takes over the lock of a process killed with SIGKILL (stale: its pid is not alive on this host)', async () => {
    const child = spawn(
      process.execPath,
      childScript(
        `await lock.acquireDataDirLock(${JSON.stringify(dataDir)}, 'crashing'); console.log('held'); setInterval(() => {}, 1000);`,
      ),
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // kill -9 runs no exit handler: the file is still there, naming a dead pid.
    const left = JSON.parse(await readFile(join(dataDir, LOCK_FILE_NAME), 'utf8'));
    expect(left.pid).toBe(child.pid);

    const database = await createDatabase({ dataDir, logger: quietLogger });
    const holder = JSON.parse(await readFile(join(dataDir, LOCK_FILE_NAME), 'utf8'));
    expect(holder.pid).toBe(process.pid);
    await database.close();
  });

  it('releases the lock when the process exits without closing', async () => {
    const run = spawnSync(
      process.execPath,
      childScript(`await lock.acquireDataDirLock(${JSON.stringify(dataDir)}, 'forgetful'); process.exit(3);`),
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(3);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('takes over a lock left by this pid before it restarted (a container pid 1) and one with a dead pid', async () => {
    const write = (pid: number) =>
      writeFile(
        join(dataDir, LOCK_FILE_NAME),
        JSON.stringify({
          pid,
          hostname: hostname(),
          startedAt: '2026-01-01T00:00:00.000Z',
          command: 'old',
          token: 'old',
        }),
      );
    await write(process.pid);
    await (await acquireDataDirLock(dataDir, 'new')).release();
    await write(deadPid());
    await (await acquireDataDirLock(dataDir, 'new')).release();
  });

  it('never takes over a lock held on another host, whose pid says nothing here', async () => {
    await writeFile(
      join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({
        pid: deadPid(),
        hostname: `${hostname()}-other`,
        startedAt: '2026-01-01T00:00:00.000Z',
        command: 'node apps/server/src/main.ts',
        token: 't',
      }),
    );
    const error = await acquireDataDirLock(dataDir, 'new').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`on host ${hostname()}-other (node apps/server/src/main.ts)`);
    expect((error as Error).message).toContain(
      `If that process is gone, delete ${join(dataDir, LOCK_FILE_NAME)}`,
    );
  });
});
