// The two lookups of linked-transaction tags that more than one feature needs: the linked transactions' own
// (bulk edit, pivot) and the rules' (add tag, mapping leaves excluded rows).
import { EXCLUDE_TAG_NAME } from '@strata/core/linked-data/linked-transaction-fields';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

type TDb = Kysely<Database>;
// An id that is no uuid names no tag: left out rather than sent to a uuid column (a 500 there).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The repository's exclude tag, if it was ever made (no row can carry it otherwise). */
export async function findExcludeTagId(db: TDb, repositoryId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('linked_transaction_tags')
    .select('id')
    .where('repository_id', '=', repositoryId)
    .where('is_system', '=', true)
    .where('name', '=', EXCLUDE_TAG_NAME)
    .executeTakeFirst();
  return row?.id;
}

/** Which of these ids are tags of the repository. */
export async function existingLinkedTagIds(
  db: TDb,
  repositoryId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const valid = ids.filter((id) => UUID.test(id));
  if (valid.length === 0) return new Set();
  const rows = await db
    .selectFrom('linked_transaction_tags')
    .select('id')
    .where('repository_id', '=', repositoryId)
    .where('id', 'in', valid)
    .execute();
  return new Set(rows.map((row) => row.id));
}
