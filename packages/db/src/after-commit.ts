import type { DatabaseConnection, Dialect, Driver, Kysely } from 'kysely';

/**
 * Work to do once a transaction has committed — telling listeners about a change, which must not be heard
 * before the change can be read, nor at all when it rolls back. Kept by connection: the connection of a
 * transaction is the one object its queries, its commit and its rollback share.
 */
const pending = new WeakMap<DatabaseConnection, Map<string, () => void>>();

function settle(connection: DatabaseConnection, isCommitted: boolean): void {
  const callbacks = pending.get(connection);
  pending.delete(connection);
  if (!isCommitted || !callbacks) return;
  for (const callback of callbacks.values()) {
    try {
      callback();
    } catch {
      // The commit stands; a failing listener must not turn it into an error.
    }
  }
}

function withCommitHooks(driver: Driver): Driver {
  return {
    init: () => driver.init(),
    acquireConnection: () => driver.acquireConnection(),
    async beginTransaction(connection, settings) {
      await driver.beginTransaction(connection, settings);
      pending.set(connection, new Map());
    },
    async commitTransaction(connection) {
      try {
        await driver.commitTransaction(connection);
      } catch (error) {
        settle(connection, false);
        throw error;
      }
      settle(connection, true);
    },
    async rollbackTransaction(connection) {
      settle(connection, false);
      await driver.rollbackTransaction(connection);
    },
    ...(driver.savepoint && { savepoint: driver.savepoint.bind(driver) }),
    ...(driver.rollbackToSavepoint && { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) }),
    ...(driver.releaseSavepoint && { releaseSavepoint: driver.releaseSavepoint.bind(driver) }),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  };
}

/** The dialect with commit hooks, so `afterCommit` can wait for the commit. */
export function withAfterCommit(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => withCommitHooks(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/**
 * Runs `callback` once `db`'s transaction commits (never if it rolls back); at once outside a transaction.
 * One callback per `key` and transaction: a later one with the same key replaces the earlier.
 */
export async function afterCommit<T>(db: Kysely<T>, key: string, callback: () => void): Promise<void> {
  if (!db.isTransaction) return callback();
  const callbacks = await db
    .getExecutor()
    .provideConnection(async (connection) => Promise.resolve(pending.get(connection)));
  // A database built without withAfterCommit: no commit to wait for is known, so no later than now.
  if (!callbacks) return callback();
  callbacks.delete(key);
  callbacks.set(key, callback);
}
