import { EXCLUDE_TAG_NAME } from '@strata/core/linked-data/linked-transaction-fields';
import type { Database } from '@strata/db/schema';
import type { LinkedTransactionTagsTable } from '@strata/db/schema-linked-transaction-tags';
import { type Kysely, type Selectable, sql } from 'kysely';

type TDb = Kysely<Database>;
export type TLinkedTagRow = Selectable<LinkedTransactionTagsTable>;

const TAG_COLUMNS = ['id', 'repository_id', 'name', 'is_system', 'created_at', 'updated_at'] as const;

/**
 * Makes the repository's system tag 'exclude' if it has none (names are unique whatever their case, so a
 * concurrent call or an existing row leaves it as it is). Answers its id.
 */
export async function ensureExcludeTag(db: TDb, repositoryId: string): Promise<string> {
  await sql`insert into linked_transaction_tags (repository_id, name, is_system)
    values (${repositoryId}, ${EXCLUDE_TAG_NAME}, true)
    on conflict (repository_id, lower(name)) do nothing`.execute(db);
  const row = await db
    .selectFrom('linked_transaction_tags')
    .select('id')
    .where('repository_id', '=', repositoryId)
    .where(sql<string>`lower(name)`, '=', EXCLUDE_TAG_NAME)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** System tags first, then by name (any case). */
export async function listLinkedTags(db: TDb, repositoryId: string): Promise<TLinkedTagRow[]> {
  return db
    .selectFrom('linked_transaction_tags')
    .select(TAG_COLUMNS)
    .where('repository_id', '=', repositoryId)
    .orderBy('is_system', 'desc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export async function findLinkedTag(db: TDb, id: string): Promise<TLinkedTagRow | undefined> {
  return db.selectFrom('linked_transaction_tags').select(TAG_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Inserts the tag unless its name (any case) is taken in the repository; then answers nothing. */
export async function insertLinkedTag(
  db: TDb,
  repositoryId: string,
  name: string,
): Promise<TLinkedTagRow | undefined> {
  const result = await sql<TLinkedTagRow>`insert into linked_transaction_tags (repository_id, name)
    values (${repositoryId}, ${name})
    on conflict (repository_id, lower(name)) do nothing
    returning id, repository_id, name, is_system, created_at, updated_at`.execute(db);
  return result.rows[0];
}

export async function renameLinkedTag(db: TDb, id: string, name: string): Promise<TLinkedTagRow> {
  return db
    .updateTable('linked_transaction_tags')
    .set({ name, updated_at: new Date() })
    .where('id', '=', id)
    .returning(TAG_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Deletes the tag and takes its id off every transaction of its repository (call inside a transaction). */
export async function deleteLinkedTag(db: TDb, tag: { id: string; repository_id: string }): Promise<void> {
  await db
    .updateTable('linked_transactions')
    .set({ tags: sql`tags - ${tag.id}::text` })
    .where('repository_id', '=', tag.repository_id)
    .where(sql<boolean>`tags @> ${JSON.stringify([tag.id])}::jsonb`)
    .execute();
  await db.deleteFrom('linked_transaction_tags').where('id', '=', tag.id).execute();
}
