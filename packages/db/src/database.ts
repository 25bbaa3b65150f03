import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { withAfterCommit } from './after-commit.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { Database } from './schema.ts';
import { typeParsers } from './type-parsers.ts';

export type TDialectName = 'pglite' | 'postgres';

export interface TDatabaseHandle {
  db: Kysely<Database>;
  dialect: TDialectName;
  /** The embedded instance itself, for clients that run multi-statement SQL (pg-boss); absent on PostgreSQL. */
  pglite?: PGlite;
  /**
   * Hears `NOTIFY channel` (sent by any connection, `pg_notify(channel, payload)` in SQL) until the returned
   * stop is called. Absent on a handle built by hand (some tests).
   */
  listen?(channel: string, listener: TNotificationListener): Promise<() => Promise<void>>;
  /** The connection pool's state now (PostgreSQL; PGlite has one connection and no pool). */
  poolStats?(): TPoolStats;
  close(): Promise<void>;
}

export interface TPoolStats {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: above zero for long, the pool (10) is too small for the load. */
  waiting: number;
  max: number;
}

/** `NOTIFY channel, payload` for every listener on the database, this process's included. */
export async function notify(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

export interface TNotificationListener {
  onMessage(payload: string): void;
  /** The listening connection was lost and is back: notifications sent meanwhile were missed. */
  onGap?(): void;
}

/** The subset of a pino logger used here. */
export interface TDatabaseLogger {
  info(message: string): void;
  error(details: object, message: string): void;
}

export interface TCreateDatabaseOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite keeps its files in `<dataDir>/pglite`, and its one-process lock in `<dataDir>/pglite.lock`. */
  dataDir: string;
  logger?: TDatabaseLogger;
}

const consoleLogger: TDatabaseLogger = {
  info: (message) => console.info(message),
  error: (details, message) => console.error(message, details),
};

/** Opens the application database: PostgreSQL when a URL is given, otherwise PGlite on disk. */
export async function createDatabase(options: TCreateDatabaseOptions): Promise<TDatabaseHandle> {
  const logger = options.logger ?? consoleLogger;
  if (options.databaseUrl) {
    const handle = createPostgresDatabase({ databaseUrl: options.databaseUrl, logger });
    logger.info(`Database: PostgreSQL at ${redactUrl(options.databaseUrl)}`);
    return handle;
  }
  const directory = join(options.dataDir, 'pglite');
  await mkdir(directory, { recursive: true });
  // Before opening: a second process must not even read the files (see data-dir-lock.ts).
  const lock = await acquireDataDirLock(options.dataDir);
  try {
    const handle = await createPgliteDatabase({ directory });
    logger.info(`Database: embedded PGlite in ${directory}`);
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** PGlite on disk, or in memory when no directory is given (tests). */
export async function createPgliteDatabase(options: { directory?: string } = {}): Promise<TDatabaseHandle> {
  // pg_trgm backs global search's indexes (migration 2026-11-26-0018); PGlite loads extensions at creation.
  const pglite = await PGlite.create(options.directory ?? 'memory://', {
    parsers: typeParsers,
    extensions: { pg_trgm },
  });
  const db = new Kysely<Database>({ dialect: withAfterCommit(new PGliteDialect({ pglite })) });
  return {
    db,
    dialect: 'pglite',
    pglite,
    // One embedded connection: a NOTIFY reaches every listener of this instance, i.e. of this process.
    async listen(channel, listener) {
      const stop = await pglite.listen(channel, (payload) => listener.onMessage(payload));
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    async close() {
      await db.destroy();
      // Kysely only closes an instance it has initialised, i.e. one that ran a query.
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Statements a connection keeps prepared at most; later new texts run unnamed (planned every time). */
const PREPARED_PER_CONNECTION = 1000;

/**
 * A pg client that prepares reads (named statements, keyed by their SQL): PostgreSQL then parses and plans a
 * list or access query once per connection instead of on every call — 1–2 ms of each list request at 100k
 * transactions was planning. Only `select … ` texts without `*` are named: a prepared `select *` would break
 * with "cached plan must not change result type" if a migration added a column while the connection lives.
 */
class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; only the (text, values) call is rewritten.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && isPreparable(config)) {
      const name = `s_${createHash('sha1').update(config).digest('hex').slice(0, 24)}`;
      if (this.#prepared.has(name) || this.#prepared.size < PREPARED_PER_CONNECTION) {
        this.#prepared.add(name);
        return super.query({ name, text: config, values }, callback);
      }
    }
    return super.query(config, values, callback);
  }
}

function isPreparable(text: string): boolean {
  return /^\s*select\s/i.test(text) && !text.includes('*');
}

/**
 * Settings of every application connection. Generic plans: PostgreSQL's default re-plans a prepared list
 * query on every call when the generic plan's estimate (LIMIT and OFFSET unknown) looks dearer, and that
 * planning was a third of the database's work per list call; every query here is scoped by repository, so
 * one plan fits all parameter values. No JIT: compiling costs 10–15 ms, more than any of these queries
 * runs, and a generic plan's larger estimates would cross the JIT threshold.
 */
const SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan -c jit=off';

export function createPostgresDatabase(options: {
  databaseUrl: string;
  logger?: TDatabaseLogger;
}): TDatabaseHandle {
  const logger = options.logger ?? consoleLogger;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    Client: PreparingClient,
    options: SESSION_OPTIONS,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would end the process.
  pool.on('error', (error) => logger.error({ err: error }, 'PostgreSQL idle client error'));
  const db = new Kysely<Database>({ dialect: withAfterCommit(new PostgresDialect({ pool })) });
  return {
    db,
    dialect: 'postgres',
    listen: (channel, listener) => listenOnPostgres(options.databaseUrl, channel, listener, logger),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    close: () => db.destroy(),
  };
}

const RECONNECT_DELAY_MS = 1000;

/**
 * LISTEN needs a connection of its own for as long as it listens (a pooled one goes back to the pool), so
 * each listener opens one, and opens it again after losing it, telling the listener of the gap.
 */
async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  listener: TNotificationListener,
  logger: TDatabaseLogger,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let isStopped = false;
  let retry: NodeJS.Timeout | undefined;
  const scheduleReconnect = () => {
    if (isStopped) return;
    retry = setTimeout(() => {
      connect().then(
        () => listener.onGap?.(),
        (error: unknown) => {
          logger.error({ err: error }, `PostgreSQL LISTEN ${channel}: could not reconnect`);
          scheduleReconnect();
        },
      );
    }, RECONNECT_DELAY_MS);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? '');
    });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', (error) => {
      if (client === next) logger.error({ err: error }, `PostgreSQL LISTEN ${channel}: connection lost`);
      lost();
    });
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client = undefined;
      await next.end().catch(() => undefined);
      throw error;
    }
  };
  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end();
  };
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
