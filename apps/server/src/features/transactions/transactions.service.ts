import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { createTransactionsCreate } from './transactions-create.ts';
import { createTransactionsImport } from './transactions-import.ts';
import {
  createTransactionCounts,
  createTransactionsList,
  type TTransactionCounts,
} from './transactions-list.ts';
import { createTransactionsReads } from './transactions-read.ts';
import { createTransactionRules } from './transactions-rules.ts';
import { createTransactionsTrash } from './transactions-trash.ts';
import { createTransactionsUpdate } from './transactions-update.ts';

export { createdMessage } from './transactions-create.ts';
export { importResult, type TCheckedImport, type TImportReport } from './transactions-import.ts';
export { createTransactionCounts, type TTransactionCounts } from './transactions-list.ts';
export { refreshStatistics, TRANSACTION_MESSAGES } from './transactions-rules.ts';

/**
 * The transactions service: each operation lives in its own file (list, reads, create, import, update,
 * trash) over the rules they share; this gathers them under the one service the routes use.
 */
export function createTransactionsService(
  db: Kysely<Database>,
  totals: TTransactionCounts = createTransactionCounts(),
) {
  const rules = createTransactionRules(db);
  return {
    ...createTransactionsList(db, totals),
    ...createTransactionsReads(db, rules),
    ...createTransactionsCreate(db, rules),
    ...createTransactionsImport(db, rules),
    ...createTransactionsUpdate(db, rules),
    ...createTransactionsTrash(db, rules),
  };
}

export type TTransactionsService = ReturnType<typeof createTransactionsService>;
