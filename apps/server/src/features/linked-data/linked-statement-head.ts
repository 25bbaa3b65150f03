import type { TDedupIncoming } from '@strata/core/statements/dedup';
import type { TStatement, TStatementFile, TStatementTransaction } from '@strata/core/statements/model';

// What the statement reader's worker sends the loader's task, and in what order: first the file's head —
// everything but the statements' cash transactions —, then those transactions in batches, each only when the
// task asks for it. The cash transactions are what grows with a file (100k of them in 15 MB); the rest is a
// few hundred rows, except an investment statement's trades, which stay whole (see docs/linked-data.md).

/** A statement without its cash transactions, which follow in batches (linked-statement-read.ts). */
export interface TStatementHead extends Omit<TStatement, 'transactions'> {
  transactionCount: number;
  /**
   * What the duplicate matcher compares of each cash transaction, in file order. The matcher pairs the
   * whole statement with the stored rows at once (one-to-one, best pair first), so its answer is the same
   * as before batching only if it sees every row: these four fields are its input, not the rows.
   */
  dedupKeys: TDedupIncoming[];
}

export interface TStatementFileHead extends Omit<TStatementFile, 'statements'> {
  statements: TStatementHead[];
}

export type TWorkerMessage =
  | { kind: 'head'; head: TStatementFileHead }
  | { kind: 'refused'; message: string }
  /** The next rows of the statement asked for; none once it has sent them all. */
  | { kind: 'batch'; rows: TStatementTransaction[] };

/** The task's request: the next batch of the statement at this index of the head. */
export interface TBatchRequest {
  statement: number;
}

export function headOf(file: TStatementFile): TStatementFileHead {
  return {
    ...file,
    statements: file.statements.map(({ transactions, ...statement }) => ({
      ...statement,
      transactionCount: transactions.length,
      dedupKeys: transactions.map(({ fitId, date, amount, payee }) => ({ fitId, date, amount, payee })),
    })),
  };
}
