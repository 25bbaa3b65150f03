// The transactions feature's public entry: what other features may use of it.
import type { TValidTransaction } from '@strata/core/transactions/validate-transaction';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { createTransactionsRepository } from './transactions.repository.ts';

/**
 * Writes validated transactions mapped from linked ones (source 'linked', linked_id each one's linked
 * transaction), inside the caller's database transaction; answers their ids in order.
 */
export async function insertMappedTransactions(
  trx: Kysely<Database>,
  repositoryId: string,
  userId: string,
  mapped: readonly { linkedId: string; transaction: TValidTransaction }[],
): Promise<string[]> {
  const rows = await createTransactionsRepository(trx).insertMany(
    repositoryId,
    userId,
    mapped.map((item) => item.transaction),
    'linked',
    mapped.map((item) => item.linkedId),
  );
  return rows.map((row) => row.id);
}

export { createTransactionRules, type TTransactionRules } from './transactions-rules.ts';

/** The repository's live assets and accounts as core's transaction validator reads them. */
export function assetRefsOf(db: Kysely<Database>, repositoryId: string) {
  return createTransactionsRepository(db).assetRefs(repositoryId);
}

/**
 * Writes validated transactions of an import from another tool (source 'import'), inside the caller's
 * database transaction; answers their ids in order (a journal import keys them for the next run).
 */
export async function insertImportedTransactions(
  trx: Kysely<Database>,
  repositoryId: string,
  userId: string,
  transactions: readonly TValidTransaction[],
): Promise<string[]> {
  const rows = await createTransactionsRepository(trx).insertMany(
    repositoryId,
    userId,
    transactions,
    'import',
  );
  return rows.map((row) => row.id);
}

export { refreshStatistics } from './transactions-rules.ts';
