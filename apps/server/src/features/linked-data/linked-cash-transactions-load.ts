import { addDays } from '@strata/core/dates/epoch-day';
import { DEDUP_DATE_WINDOW_DAYS, matchDuplicates, type TDedupIncoming } from '@strata/core/statements/dedup';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { dedupRowsOf, hasCashRows, insertLinkedTransactions } from './linked-data.repository.ts';
import type { TStatementHead } from './linked-statement-head.ts';
import type { TStatementStream } from './linked-statement-read.ts';

// The manual loader's cash part: a statement's bank or card transactions, de-duplicated against the
// account's stored rows, then written batch by batch as the worker hands them over. Called inside the
// loader's one transaction, so a failure half-way leaves nothing.

/** Dates the fuzzy matcher may compare with: the statement's span widened by the matcher's window. */
function dateSpanOf(keys: readonly TDedupIncoming[]): { from: string; to: string } {
  let first = keys[0]!.date;
  let last = first;
  for (const { date } of keys) {
    if (date < first) first = date;
    if (date > last) last = date;
  }
  return { from: addDays(first, -DEDUP_DATE_WINDOW_DAYS), to: addDays(last, DEDUP_DATE_WINDOW_DAYS) };
}

export interface TCashTarget {
  repositoryId: string;
  linkedAccountId: string;
  syncEventId: string;
  /** Index of the statement in the stream's head. */
  statement: number;
}

/**
 * Matches the statement's rows with the stored ones first — all of them at once, from their keys, before any
 * row of this load is written: so the matcher sees exactly what it saw when the whole file was at hand, and
 * a later batch never meets rows an earlier one added (two identical lines of one file are both kept) —,
 * then inserts the new rows of each batch as it arrives. `onBatch` hears the rows read and added so far.
 */
export async function storeCashTransactions(
  db: Kysely<Database>,
  target: TCashTarget,
  statement: TStatementHead,
  stream: TStatementStream,
  onBatch: (read: number, added: number) => Promise<void>,
): Promise<{ added: number }> {
  const keys = statement.dedupKeys;
  const isNew = new Uint8Array(statement.transactionCount);
  if (keys === null) {
    // The reader found the account empty; a load committed since would make that untrue.
    if (await hasCashRows(db, target.linkedAccountId))
      throw new Error('The account received transactions while this file was read: load the file again');
    isNew.fill(1);
  } else if (keys.length > 0) {
    const fitIds = keys.flatMap((row) => (row.fitId === null ? [] : [row.fitId]));
    const existing = await dedupRowsOf(db, target.linkedAccountId, dateSpanOf(keys), fitIds);
    for (const index of matchDuplicates(existing, keys).added) isNew[index] = 1;
    // Matched: the keys are not needed while the rows stream in.
    statement.dedupKeys = [];
  }

  // A re-import: nothing is new, so its rows need not cross over (the worker reads past them).
  if (!isNew.includes(1)) {
    stream.skip(target.statement);
    return { added: 0 };
  }
  let read = 0;
  let added = 0;
  for await (const rows of stream.transactions(target.statement)) {
    const inserts = [];
    for (const [offset, row] of rows.entries()) {
      if (isNew[read + offset] !== 1) continue;
      inserts.push({
        repository_id: target.repositoryId,
        linked_account_id: target.linkedAccountId,
        sync_event_id: target.syncEventId,
        fitid: row.fitId,
        date: row.date,
        amount: row.amount,
        currency: row.currency ?? statement.currency,
        counterparty: row.payee,
        description: row.memo,
        type: row.type,
        check_number: row.checkNumber,
        category: row.category,
        source: row,
      });
    }
    read += rows.length;
    added += await insertLinkedTransactions(db, inserts);
    await onBatch(read, added);
  }
  // The head promised this many: fewer would mean rows matched above were never written.
  if (read !== statement.transactionCount)
    throw new Error(`The statement reader sent ${read} of ${statement.transactionCount} transactions`);
  return { added };
}
