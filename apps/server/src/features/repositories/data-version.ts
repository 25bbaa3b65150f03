import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

/**
 * Marks the repository's cached analytics deprecated: every price, asset, tag or transaction change calls
 * this inside its own transaction, so a result computed on the old data can never be served as current.
 */
export async function bumpDataVersion(trx: Kysely<Database>, repositoryId: string): Promise<void> {
  await trx
    .updateTable('repositories')
    .set({ data_version: sql`data_version + 1` })
    .where('id', '=', repositoryId)
    .execute();
}
