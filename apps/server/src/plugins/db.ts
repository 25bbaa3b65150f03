import type { TDatabaseHandle, TDialectName } from '@strata/db/database';
import type { Database } from '@strata/db/schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbDialect: TDialectName;
    /** LISTEN on the app's database (TDatabaseHandle.listen); undefined on a hand-built handle. */
    dbListen: TDatabaseHandle['listen'];
  }
}

export interface TDbPluginOptions {
  database: TDatabaseHandle;
  /** Close the database with the app; false when the caller (a test) owns it. */
  isOwned: boolean;
}

export const dbPlugin = fp<TDbPluginOptions>(
  async (app: FastifyInstance, { database, isOwned }) => {
    app.decorate('db', database.db);
    app.decorate('dbDialect', database.dialect);
    app.decorate('dbListen', database.listen?.bind(database));
    if (isOwned) {
      // onClose runs after the server stopped accepting and in-flight requests finished.
      app.addHook('onClose', async () => {
        await database.close();
      });
    }
  },
  { name: 'db' },
);
