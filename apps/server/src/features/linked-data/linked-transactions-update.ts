import {
  LINKED_TRANSACTION_MESSAGES,
  type TLinkedTransaction,
  type TLinkedTransactionChange,
} from '@strata/contracts/linked-transactions';
import { parseLinkedEdit } from '@strata/core/linked-data/linked-edit';
import {
  LINKED_EDITABLE_FIELDS,
  type TLinkedEditableField,
} from '@strata/core/linked-data/linked-transaction-fields';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../plugins/app-error.ts';
import { fieldError } from '../../shared/field-error.ts';
import { existingLinkedTagIds } from '../../shared/linked-tags.repository.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import {
  findLinkedTransactionsByIds,
  lockLinkedTransactions,
  type TLinkedRowChange,
  updateLinkedTransaction,
} from './linked-transactions.repository.ts';
import { toLinkedTransaction } from './linked-transactions.service.ts';

const TAG_KEYS = ['tags', 'add_tags', 'remove_tags'] as const;
const KNOWN_KEYS = new Set<string>(['id', ...TAG_KEYS, ...LINKED_EDITABLE_FIELDS]);

interface TCheckedChange {
  id: string;
  cells: Partial<Record<TLinkedEditableField, string | null>>;
  tags?: { set?: string[]; add?: string[]; remove?: string[] };
}

/** Checks every change before anything is written: each bad cell or key is named by its place in the list. */
function checkChanges(changes: readonly TLinkedTransactionChange[]): TCheckedChange[] {
  const errors: Record<string, string[]> = {};
  const checked = changes.map((change, index) => {
    const cells: TCheckedChange['cells'] = {};
    for (const key of Object.keys(change)) {
      if (!KNOWN_KEYS.has(key)) errors[`${index}.${key}`] = [`${key} cannot be edited`];
    }
    for (const field of LINKED_EDITABLE_FIELDS) {
      if (!Object.hasOwn(change, field) || change[field] === undefined) continue;
      const parsed = parseLinkedEdit(field, change[field]);
      if (parsed.ok) cells[field] = parsed.value;
      else errors[`${index}.${field}`] = [parsed.message];
    }
    if (change.tags !== undefined && (change.add_tags !== undefined || change.remove_tags !== undefined)) {
      errors[`${index}.tags`] = ['Give the whole list (tags) or what to add and remove, not both'];
    }
    const hasTags = TAG_KEYS.some((key) => change[key] !== undefined);
    return {
      id: change.id,
      cells,
      ...(hasTags ? { tags: { set: change.tags, add: change.add_tags, remove: change.remove_tags } } : {}),
    };
  });
  const ids = changes.map((change) => change.id);
  if (new Set(ids).size !== ids.length) errors.id = ['A transaction is listed twice'];
  if (Object.keys(errors).length > 0) throw fieldError(errors);
  return checked;
}

/** The row's new tag list: the given one, or the old one with additions appended and removals dropped. */
function nextTags(old: readonly string[], tags: NonNullable<TCheckedChange['tags']>): string[] {
  if (tags.set) return [...new Set(tags.set)];
  const removed = new Set(tags.remove ?? []);
  return [...new Set([...old, ...(tags.add ?? [])])].filter((id) => !removed.has(id));
}

/**
 * PUT linked_data/transactions (linked seed §7): tags and editable cells of many rows, in one database
 * transaction — every row of the list belongs to the repository and every tag is one of its tags, or
 * nothing is written.
 */
export async function updateLinkedTransactions(
  db: Kysely<Database>,
  user: TAccessUser | null,
  repositoryId: string,
  changes: readonly TLinkedTransactionChange[],
): Promise<{ message: string; data: TLinkedTransaction[] }> {
  await requireRepositoryAccess(db, user, repositoryId, 'write');
  const checked = checkChanges(changes);
  const tagIds = [
    ...new Set(checked.flatMap((change) => [...(change.tags?.set ?? []), ...(change.tags?.add ?? [])])),
  ];
  const ids = checked.map((change) => change.id);
  await db.transaction().execute(async (trx) => {
    const known = await existingLinkedTagIds(trx, repositoryId, tagIds);
    const unknown = tagIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new AppError('BAD_REQUEST', LINKED_TRANSACTION_MESSAGES.UNKNOWN_TAG, {
        details: { tags: unknown },
      });
    }
    const rows = new Map((await lockLinkedTransactions(trx, repositoryId, ids)).map((row) => [row.id, row]));
    if (rows.size !== ids.length) throw AppError.notFound(LINKED_TRANSACTION_MESSAGES.TRANSACTION_NOT_FOUND);
    for (const change of checked) {
      const update: TLinkedRowChange = { ...(change.cells as TLinkedRowChange) };
      if (change.tags) update.tags = nextTags(rows.get(change.id)?.tags ?? [], change.tags);
      if (Object.keys(update).length > 0) await updateLinkedTransaction(trx, change.id, update);
    }
  });
  const onlyTags = checked.every((change) => Object.keys(change.cells).length === 0);
  const byId = new Map(
    (await findLinkedTransactionsByIds(db, repositoryId, ids)).map((row) => [
      row.id,
      toLinkedTransaction(row),
    ]),
  );
  return {
    message: onlyTags
      ? LINKED_TRANSACTION_MESSAGES.TAGS_UPDATED
      : LINKED_TRANSACTION_MESSAGES.TRANSACTIONS_UPDATED,
    data: ids.flatMap((id) => byId.get(id) ?? []),
  };
}
