import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process at a time on an embedded database. PGlite keeps its pages in this process's memory and
 * writes them back on its own schedule: a second process opening the same files works on a copy the
 * first never sees, and whichever writes last wins, so the other's writes vanish without an error.
 */

export const LOCK_FILE_NAME = 'pglite.lock';

export interface TLockHolder {
  pid: number;
  hostname: string;
  /** ISO time the holder took the lock. */
  startedAt: string;
  /** The holder's command line. */
  command: string;
  /** Tells this holder's lock apart from a later one with the same pid (a restarted container's pid 1). */
  token: string;
}

export class DataDirLockedError extends Error {
  readonly lockPath: string;
  readonly holder: TLockHolder;

  constructor(lockPath: string, holder: TLockHolder) {
    const where = holder.hostname === hostname() ? '' : ` on host ${holder.hostname}`;
    super(
      `The embedded database is in use by another process: pid ${holder.pid}${where} (${holder.command}), ` +
        `since ${holder.startedAt}. It admits one process at a time: stop that process first, ` +
        `or use PostgreSQL (DATABASE_URL). If that process is gone, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
    this.lockPath = lockPath;
    this.holder = holder;
  }
}

export interface TDataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

/** Lock files this process holds, by path: a second opener in the same process is refused too. */
const heldHere = new Map<string, string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stale when its holder cannot be running: on this host, its pid is not alive, or it is this very process
 * without having taken the lock here (a container restarted after a crash gets the same pid 1). A lock
 * from another host is never taken over: its pid says nothing here.
 */
function isStale(holder: TLockHolder, path: string): boolean {
  if (holder.hostname !== hostname()) return false;
  if (holder.pid === process.pid) return heldHere.get(path) !== holder.token;
  return !isAlive(holder.pid);
}

function parseHolder(text: string): TLockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<TLockHolder>;
    if (typeof value.pid === 'number' && typeof value.hostname === 'string') {
      return {
        pid: value.pid,
        hostname: value.hostname,
        startedAt: String(value.startedAt ?? 'an unknown time'),
        command: String(value.command ?? 'an unknown command'),
        token: String(value.token ?? ''),
      };
    }
  } catch {
    // Not ours or damaged: treated as stale below.
  }
  return undefined;
}

/**
 * Takes `<directory>/pglite.lock` or throws DataDirLockedError naming the holder. The file is written whole
 * under a temporary name and then hard-linked into place: link fails when the name exists (as O_EXCL does),
 * and the lock never appears half written. Released by `release()`, and on exit if the process ends
 * without closing; after a crash (kill -9) the next opener finds it stale and takes it over.
 */
export async function acquireDataDirLock(directory: string, command = commandLine()): Promise<TDataDirLock> {
  const path = join(directory, LOCK_FILE_NAME);
  const holder: TLockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    command,
    token: randomBytes(8).toString('hex'),
  };
  const temporary = `${path}.${process.pid}.${holder.token}.tmp`;
  await writeFile(temporary, `${JSON.stringify(holder, null, 2)}\n`, { flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await link(temporary, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
      }
      const text = await readFile(path, 'utf8').catch(() => undefined);
      if (text === undefined) continue; // released meanwhile
      const current = parseHolder(text);
      if (current && !isStale(current, path)) throw new DataDirLockedError(path, current);
      await unlink(path).catch(() => {});
    }
  } finally {
    await unlink(temporary).catch(() => {});
  }
  heldHere.set(path, holder.token);

  const releaseNow = () => {
    if (heldHere.get(path) !== holder.token) return;
    heldHere.delete(path);
    process.off('exit', releaseNow);
    // Only our own lock: never one another process took over.
    try {
      if (parseHolder(readFileSync(path, 'utf8'))?.token === holder.token) unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on('exit', releaseNow);
  return {
    path,
    async release() {
      releaseNow();
    },
  };
}

function commandLine(): string {
  return [process.argv0, ...process.argv.slice(1)].join(' ');
}
