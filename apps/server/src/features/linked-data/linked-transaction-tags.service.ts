import {
  LINKED_TRANSACTION_MESSAGES,
  type TLinkedTransactionTag,
} from '@strata/contracts/linked-transactions';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { isUniqueViolation } from '../../shared/field-error.ts';
import { requireRecordAccess } from '../../shared/record-access.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import {
  deleteLinkedTag,
  ensureExcludeTag,
  findLinkedTag,
  insertLinkedTag,
  listLinkedTags,
  renameLinkedTag,
  type TLinkedTagRow,
} from './linked-transaction-tags.repository.ts';

function toTag(row: TLinkedTagRow): TLinkedTransactionTag {
  return { id: row.id, repository_id: row.repository_id, name: row.name, is_system: row.is_system };
}

/**
 * The linked transactions' tags (linked seed §3 "rule tag", §7 transaction_tags): a name per repository,
 * unique whatever its case, and the system tag 'exclude' — made with the repository's first tag call, so
 * the row action 'Exclude' always has its id, and never renamed or deleted.
 */
export function createLinkedTransactionTagsService(db: Kysely<Database>) {
  async function tagForWrite(user: TAccessUser | null, id: string): Promise<TLinkedTagRow> {
    const tag = await findLinkedTag(db, id);
    await requireRecordAccess(db, user, tag?.repository_id, 'write', LINKED_TRANSACTION_MESSAGES.NO_SUCH_TAG);
    const found = tag as TLinkedTagRow;
    if (found.is_system) throw new AppError('BAD_REQUEST', LINKED_TRANSACTION_MESSAGES.SYSTEM_TAG);
    return found;
  }

  return {
    async list(user: TAccessUser | null, repositoryId: string): Promise<TLinkedTransactionTag[]> {
      await requireRepositoryAccess(db, user, repositoryId, 'read');
      await ensureExcludeTag(db, repositoryId);
      return (await listLinkedTags(db, repositoryId)).map(toTag);
    },

    async create(user: TAccessUser | null, body: { repository_id: string; name: string }) {
      await requireRepositoryAccess(db, user, body.repository_id, 'write');
      // First, so a user's tag can never take the system tag's name.
      await ensureExcludeTag(db, body.repository_id);
      const row = await insertLinkedTag(db, body.repository_id, body.name);
      if (!row) throw AppError.conflict(LINKED_TRANSACTION_MESSAGES.TAG_EXISTS);
      return toTag(row);
    },

    async rename(user: TAccessUser | null, id: string, body: { id?: string; name: string }) {
      if (body.id !== undefined && body.id !== id) {
        throw new AppError('BAD_REQUEST', LINKED_TRANSACTION_MESSAGES.TAG_PROBLEM, {
          details: { fieldErrors: { id: ['Must be the id in the path'] } },
        });
      }
      await tagForWrite(user, id);
      try {
        return toTag(await renameLinkedTag(db, id, body.name));
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(LINKED_TRANSACTION_MESSAGES.TAG_EXISTS);
        throw error;
      }
    },

    async remove(user: TAccessUser | null, id: string): Promise<{ message: string }> {
      const tag = await tagForWrite(user, id);
      await db.transaction().execute((trx) => deleteLinkedTag(trx, tag));
      return { message: LINKED_TRANSACTION_MESSAGES.TAG_DELETED };
    },
  };
}
