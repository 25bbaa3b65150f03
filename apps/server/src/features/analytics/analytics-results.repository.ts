import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

/**
 * The shared result cache (analytics_results). Results are kept as JSON text end to end — written as
 * the worker produced it, read back with `result::text` and spliced into the answer — so a large
 * result is never parsed and serialized again on the API thread.
 */
export function createAnalyticsResultsRepository(db: Kysely<Database>) {
  return {
    async read(repositoryId: string, hash: string, version: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('analytics_results')
        .select(sql<string>`result::text`.as('json'))
        .where('repository_id', '=', repositoryId)
        .where('request_hash', '=', hash)
        .where('data_version', '=', version)
        .executeTakeFirst();
      return row?.json;
    },

    /** Replaces the request's row; rows of older data versions are dead weight and go with it. */
    async write(repositoryId: string, hash: string, version: number, json: string, computeMs: number) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('analytics_results')
          .where('repository_id', '=', repositoryId)
          .where((eb) =>
            eb.or([
              eb('data_version', '<', version),
              eb('created_at', '<', sql<Date>`now() - interval '2 days'`),
            ]),
          )
          .execute();
        await trx
          .insertInto('analytics_results')
          .values({
            repository_id: repositoryId,
            request_hash: hash,
            data_version: version,
            result: json,
            compute_ms: Math.round(computeMs),
          })
          .onConflict((oc) =>
            oc
              .columns(['repository_id', 'request_hash'])
              .doUpdateSet((eb) => ({
                data_version: eb.ref('excluded.data_version'),
                result: eb.ref('excluded.result'),
                compute_ms: eb.ref('excluded.compute_ms'),
                created_at: sql<Date>`now()`,
              }))
              // A slow compute of older data finishing late must not replace a newer result.
              .where(sql<boolean>`analytics_results.data_version <= excluded.data_version`),
          )
          .execute();
      });
    },

    async clear(repositoryId: string): Promise<number> {
      const result = await db
        .deleteFrom('analytics_results')
        .where('repository_id', '=', repositoryId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type TAnalyticsResultsRepository = ReturnType<typeof createAnalyticsResultsRepository>;

/**
 * 'Clear analytics cache': the shared rows; the next request recomputes. The instances' in-memory copies
 * are dropped by the route (app.caches, app.cacheBus).
 */
export async function clearAnalyticsResults(db: Kysely<Database>, repositoryId: string): Promise<void> {
  await createAnalyticsResultsRepository(db).clear(repositoryId);
}
