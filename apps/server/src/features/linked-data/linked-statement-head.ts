import type { TDedupIncoming } from '@strata/core/statements/dedup';
import type { TStatement, TStatementFile, TStatementTransaction } from '@strata/core/statements/model';

// What the statement reader's worker sends the loader's task, and in what order: first the file's head —
// everything but the statements' cash transactions —, then those transactions in batches, each only when the
// task has granted a credit for it. The cash transactions are what grows with a file (100k of them in 15 MB); the rest is a
// few hundred rows, except an investment statement's trades, which stay whole (see docs/linked-data.md).

/** A statement without its cash transactions, which follow in batches (linked-statement-read.ts). */
export interface TStatementHead extends Omit<TStatement, 'transactions'> {
  transactionCount: number;
  /**
   * What the duplicate matcher compares of each cash transaction, in file order. The matcher pairs the
   * whole statement with the stored rows at once (one-to-one, best pair first), so its answer is the same
   * as before batching only if it sees every row: these four fields are its input, not the rows. Null when
   * the account held no cash transaction as the file was read (nor does an earlier statement of the file
   * fill it): then every row is new, and a 100k first import holds no key at all.
   */
  dedupKeys: TDedupIncoming[] | null;
}

export interface TStatementFileHead extends Omit<TStatementFile, 'statements'> {
  statements: TStatementHead[];
}

export type TWorkerMessage =
  | { kind: 'head'; head: TStatementFileHead }
  | { kind: 'refused'; message: string }
  /** The next rows of the statement at this index of the head, sent for one credit of the task's. */
  | { kind: 'batch'; statement: number; rows: TStatementTransaction[] };

/** What identifies a statement's account inside its connector from one file to the next. */
export function externalIdOf(statement: Pick<TStatement, 'account' | 'kind'>): string {
  const { account } = statement;
  return account.number ?? account.name ?? account.type ?? statement.kind;
}

/**
 * Which statements need the matcher's keys: those of an account that holds cash transactions
 * (`accountsWithHistory`, external ids) or that an earlier statement of the same file loads first.
 */
export function needingKeys(
  statements: readonly Pick<TStatement, 'account' | 'kind'>[],
  accountsWithHistory: readonly string[],
): boolean[] {
  const filled = new Set(accountsWithHistory);
  return statements.map((statement) => {
    const id = externalIdOf(statement);
    const isNeeded = filled.has(id);
    filled.add(id);
    return isNeeded;
  });
}

export const keyOf = ({ fitId, date, amount, payee }: TStatementTransaction): TDedupIncoming => ({
  fitId,
  date,
  amount,
  payee,
});

export function headOf(file: TStatementFile, accountsWithHistory: readonly string[]): TStatementFileHead {
  const needed = needingKeys(file.statements, accountsWithHistory);
  return {
    ...file,
    statements: file.statements.map(({ transactions, ...statement }, index) => ({
      ...statement,
      transactionCount: transactions.length,
      dedupKeys: needed[index] ? transactions.map(keyOf) : null,
    })),
  };
}
