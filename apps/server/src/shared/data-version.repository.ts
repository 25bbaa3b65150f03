import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

/** Adds one to the repository's data version; its new value, or nothing when there is no such repository. */
export function incrementDataVersion(trx: Kysely<Database>, repositoryId: string) {
  return trx
    .updateTable('repositories')
    .set({ data_version: sql`data_version + 1` })
    .where('id', '=', repositoryId)
    .returning('data_version')
    .executeTakeFirst();
}
