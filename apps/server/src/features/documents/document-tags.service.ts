import type { TDocumentTag } from '@strata/contracts/documents';
import { TAG_MESSAGES } from '@strata/core/assets/tag-rules';
import { DOCUMENT_MESSAGES, validateDocumentTag } from '@strata/core/documents/document-rules';
import type { Database } from '@strata/db/schema';
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { fieldError, requireRecordAccess } from '../repositories/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../repositories/repository-access.ts';
import { isUniqueViolation } from '../repositories/repository-rules.ts';

type TTagRow = Selectable<Database['document_tags']>;

/** Document tags: a list of names of its own, apart from the assets' name/value tags (linked seed §3). */
export function createDocumentTagsService(db: Kysely<Database>) {
  async function documentsOf(tagIds: readonly string[]): Promise<Map<string, string[]>> {
    const byTag = new Map<string, string[]>();
    if (tagIds.length === 0) return byTag;
    const links = await db
      .selectFrom('document_tag_links')
      .select(['document_tag_id', 'document_id'])
      .where('document_tag_id', 'in', tagIds)
      .orderBy('document_id')
      .execute();
    for (const link of links)
      byTag.set(link.document_tag_id, [...(byTag.get(link.document_tag_id) ?? []), link.document_id]);
    return byTag;
  }

  async function respond(row: TTagRow): Promise<TDocumentTag> {
    return {
      id: row.id,
      repository_id: row.repository_id,
      name: row.name,
      documents: (await documentsOf([row.id])).get(row.id) ?? [],
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      version: row.version,
    };
  }

  async function access(user: TAccessUser | null, id: string): Promise<TTagRow> {
    const row = await db.selectFrom('document_tags').selectAll().where('id', '=', id).executeTakeFirst();
    await requireRecordAccess(db, user, row?.repository_id, 'write', DOCUMENT_MESSAGES.TAG_NOT_FOUND);
    return row as TTagRow;
  }

  function validName(name: unknown): string {
    const result = validateDocumentTag({ name });
    if (!result.ok) throw fieldError({ name: result.errors.map((error) => error.message) });
    return result.value.name;
  }

  /** The seed's 'A tag with this name already exists' for a name taken in the repository (any case). */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(TAG_MESSAGES.DUPLICATE);
      throw error;
    }
  }

  return {
    async list(user: TAccessUser | null, repositoryId: string): Promise<TDocumentTag[]> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      const rows = await db
        .selectFrom('document_tags')
        .selectAll()
        .where('repository_id', '=', repositoryId)
        .orderBy('name')
        .execute();
      const documents = await documentsOf(rows.map((row) => row.id));
      return rows.map((row) => ({
        id: row.id,
        repository_id: row.repository_id,
        name: row.name,
        documents: documents.get(row.id) ?? [],
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
        version: row.version,
      }));
    },

    async create(user: TAccessUser | null, body: { repository_id: string; name?: string | null }) {
      await requireRepositoryAccess(db, user, body.repository_id, 'write');
      const name = validName(body.name);
      const actor = (user as TAccessUser).id;
      const row = await guarded(() =>
        db
          .insertInto('document_tags')
          .values({ repository_id: body.repository_id, name, created_by: actor, updated_by: actor })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return respond(row);
    },

    async update(
      user: TAccessUser | null,
      id: string,
      body: { name?: string | null },
      expected: number | undefined,
    ) {
      await access(user, id);
      const name = validName(body.name);
      const row = await guarded(() =>
        db
          .transaction()
          .execute((trx) =>
            updateVersioned(
              trx,
              'document_tags',
              id,
              { expected, notFoundMessage: DOCUMENT_MESSAGES.TAG_NOT_FOUND },
              () => ({ name, updated_at: new Date(), updated_by: (user as TAccessUser).id }),
            ),
          ),
      );
      return respond(row);
    },

    async remove(user: TAccessUser | null, id: string): Promise<{ message: string }> {
      const row = await access(user, id);
      await db.deleteFrom('document_tags').where('id', '=', id).execute();
      return { message: `Document tag ${row.name} deleted` };
    },
  };
}
