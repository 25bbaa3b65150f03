import {
  LINKED_TRANSACTION_MESSAGES,
  type TLinkedTransaction,
  type TLinkedTransactionChange,
} from '@strata/contracts/linked-transactions';
import { notifications } from '../../shared/notifications/notification-store.ts';
import { notifyError } from '../../shared/notifications/notify-error.ts';
import { updateLinkedRows } from './api/linked-transactions.ts';

const LINKED_TRANSACTIONS_PATH = '/linked-transactions';

/** Linked seed §8, "Notification titles (progress, then success)". */
export const LINKED_WRITE_TEXTS = {
  TAGS_PROGRESS: 'Update transaction tags',
  TAGS_DONE: LINKED_TRANSACTION_MESSAGES.TAGS_UPDATED,
  CELLS_PROGRESS: 'Process transactions',
  CELLS_DONE: 'Transactions processed',
} as const;

/**
 * Sends one bulk update with the seed's progress notification, turned into its success title — or removed,
 * with the server's message shown as an error (nothing was written: the update is all or nothing).
 * Answers the saved rows, or null when it failed.
 */
export async function writeLinkedRows(
  repositoryId: string,
  changes: TLinkedTransactionChange[],
  kind: 'tags' | 'cells',
): Promise<TLinkedTransaction[] | null> {
  const isTags = kind === 'tags';
  const progress = notifications.progress(
    isTags ? 'linked-tags-update' : 'linked-cells-update',
    isTags ? LINKED_WRITE_TEXTS.TAGS_PROGRESS : LINKED_WRITE_TEXTS.CELLS_PROGRESS,
  );
  try {
    const answer = await updateLinkedRows(repositoryId, changes);
    // Seed §8: the success carries 'Open', to the list the rows live in (a linked row has no page of its own).
    notifications.resolve(progress, isTags ? LINKED_WRITE_TEXTS.TAGS_DONE : LINKED_WRITE_TEXTS.CELLS_DONE, {
      link: { to: LINKED_TRANSACTIONS_PATH, label: 'Open' },
    });
    return answer.data;
  } catch (error) {
    notifications.remove(progress);
    notifyError(error);
    return null;
  }
}
