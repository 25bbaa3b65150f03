import type { TDocumentTag } from '@strata/contracts/documents';
import { TAG_MESSAGES } from '@strata/core/assets/tag-rules';
import { DOCUMENT_MESSAGES, validateDocumentTag } from '@strata/core/documents/document-rules';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { updateVersioned } from '../../plugins/row-version.ts';
import { fieldError, isUniqueViolation } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { createDocumentTagsRepository, type TDocumentTagRow } from './document-tags.repository.ts';

/** Document tags: a list of names of its own, apart from the assets' name/value tags (linked seed §3). */
export function createDocumentTagsService(db: Kysely<Database>) {
  const tags = createDocumentTagsRepository(db);

  async function respond(row: TDocumentTagRow): Promise<TDocumentTag> {
    return {
      id: row.id,
      repository_id: row.repository_id,
      name: row.name,
      documents: (await tags.documentsOf([row.id])).get(row.id) ?? [],
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      version: row.version,
    };
  }

  async function access(user: TAccessUser | null, id: string): Promise<TDocumentTagRow> {
    const row = await tags.find(id);
    await requireRecordAccess(db, user, row?.repository_id, 'write', DOCUMENT_MESSAGES.TAG_NOT_FOUND);
    return row as TDocumentTagRow;
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
      const rows = await tags.listOf(repositoryId);
      const documents = await tags.documentsOf(rows.map((row) => row.id));
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
        tags.insert({ repository_id: body.repository_id, name, created_by: actor, updated_by: actor }),
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
      await tags.remove(id);
      return { message: `Document tag ${row.name} deleted` };
    },
  };
}
