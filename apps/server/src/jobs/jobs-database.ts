import type { TDatabaseHandle } from '@strata/db/database';
import { CompiledQuery, type Kysely } from 'kysely';
import { type BackendProfile, type Db, fromKysely, fromPglite, type PGliteLike } from 'pg-boss';

export interface TJobsDatabase {
  db: Db;
  backend: BackendProfile;
}

/** A database handle that also exposes its PGlite instance (see packages/db/src/database.ts). */
export type TJobsDatabaseHandle = TDatabaseHandle & { pglite?: PGliteLike };

/**
 * pg-boss on the app's own database, so a job can be sent in the same transaction as the rows it is about.
 * PGlite: pg-boss's `fromPglite` on the one embedded instance (it needs `exec` for its multi-statement
 * DDL, which Kysely's dialect does not offer, hence the instance itself). PostgreSQL: through the app's
 * Kysely pool; a statement without parameters goes over node-postgres' simple protocol, where pg-boss's
 * multi-statement blocks run as they would on pg-boss's own pool.
 */
export class JobsUnavailableError extends Error {
  /** The error handler answers 503 for it. */
  readonly statusCode = 503;

  constructor(message: string) {
    super(message);
    this.name = 'JobsUnavailableError';
  }
}

export function jobsDatabaseOf(handle: TJobsDatabaseHandle): TJobsDatabase {
  if (handle.dialect === 'pglite') {
    if (!handle.pglite) {
      throw new JobsUnavailableError(
        'The PGlite database handle does not expose its instance (`pglite`), which pg-boss needs',
      );
    }
    return { db: fromPglite(handle.pglite), backend: 'pglite' };
  }
  return { db: kyselyPoolDatabase(handle.db), backend: 'postgres' };
}

// biome-ignore lint/suspicious/noExplicitAny: pg-boss's statements are not part of the app's schema.
function kyselyPoolDatabase(db: Kysely<any>): Db {
  return {
    async executeSql(text, values) {
      return db.connection().execute(async (connection) => {
        try {
          const result = await connection.executeQuery(CompiledQuery.raw(text, values ?? []));
          return { rows: [...result.rows] };
        } catch (error) {
          // pg-boss's multi-statement blocks open a transaction; one that fails mid-way leaves the
          // connection inside it, aborted, and the pool would hand that connection to the next query
          // ("current transaction is aborted"). Seen when several instances start pg-boss at once on a fresh
          // database and pg-boss tolerates losing the race. Outside a transaction ROLLBACK only warns.
          await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
          throw error;
        }
      });
    },
  };
}

/** pg-boss statements issued on an open Kysely transaction (send a job atomically with its rows). */
// biome-ignore lint/suspicious/noExplicitAny: any schema; only executeQuery is used.
export function jobsDatabaseInTransaction(trx: Kysely<any>): Db {
  return fromKysely(trx);
}
