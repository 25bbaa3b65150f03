import { LINKED_DATA_MESSAGES } from '@strata/contracts/linked-data';
import type { TDedupIncoming } from '@strata/core/statements/dedup';
import type { TStatementFile, TStatementTransaction } from '@strata/core/statements/model';
import { parseOfx, streamOfx } from '@strata/core/statements/ofx';
import { headOf, keyOf, type TWorkerMessage } from './linked-statement-head.ts';

// What the reader's worker does, apart from its thread: the file's head first, then every statement's cash
// transactions in statement order, one batch per credit the task grants (`waitForCredit` blocks until it
// has one). An OFX file is read in two streaming passes (the head, then the rows), each row handed on as
// the parser reads it — so no pass keeps the file's rows, only its text. Other formats (QIF, CSV) are
// parsed whole and their rows handed on from memory, dropped as they go.

export interface TEmitter {
  post: (message: TWorkerMessage) => void;
  /** Blocks until the task grants a batch of this statement; false when it no longer wants its rows. */
  waitForCredit: (statement: number) => boolean;
  batchRows: number;
  /** External ids of the connector's accounts that hold cash transactions (see needingKeys). */
  accountsWithHistory: readonly string[];
}

/** Sends one statement's rows kept in memory, a batch per credit, letting each go once sent. */
function emitKept(emitter: TEmitter, statement: number, rows: (TStatementTransaction | undefined)[]): void {
  for (let start = 0; start < rows.length; start += emitter.batchRows) {
    const end = Math.min(start + emitter.batchRows, rows.length);
    if (emitter.waitForCredit(statement))
      emitter.post({ kind: 'batch', statement, rows: rows.slice(start, end) as TStatementTransaction[] });
    rows.fill(undefined, start, end);
  }
}

/** A file parsed whole: its head, then its rows from memory. */
export function emitWhole(emitter: TEmitter, file: TStatementFile): void {
  const kept = file.statements.map(
    (statement) => statement.transactions as (TStatementTransaction | undefined)[],
  );
  emitter.post({ kind: 'head', head: headOf(file, emitter.accountsWithHistory) });
  for (const [statement, rows] of kept.entries()) emitKept(emitter, statement, rows);
}

/**
 * An OFX file in two streaming passes: one for the head (rows counted, and their keys where an account
 * holds rows), one for the rows. A refusal of the first is thrown with core's message.
 */
export function emitOfx(emitter: TEmitter, bytes: Uint8Array): void {
  const sent = sendOfxHead(emitter, bytes);
  if (sent === null) {
    const whole = parseOfx(bytes);
    if (!whole.ok) throw new Error(whole.error.message);
    emitWhole(emitter, whole.file);
    return;
  }
  const { listOf, kept, remaining } = sent;
  const statementOfList = new Map<number, number>();
  for (const [statement, list] of listOf.entries())
    if (list !== null && remaining[statement]! > 0) statementOfList.set(list, statement);
  let next = 0;
  const emitKeptBefore = (limit: number) => {
    for (; next < limit; next++) if (listOf[next] === null) emitKept(emitter, next, kept[next]!);
  };
  // An investment file streams nothing: no second parse, its few INVBANKTRAN rows go from memory.
  if (statementOfList.size > 0) {
    let batch: TStatementTransaction[] = [];
    let current = -1;
    const second = streamOfx(bytes, (row, list) => {
      const statement = statementOfList.get(list);
      if (statement === undefined) return;
      if (statement !== current) {
        // The same bytes read the same way: statements come in file order, which is their order.
        if (statement < current)
          throw new Error('The statement reader met rows out of their statement’s order');
        // Statements are sent in order: the ones kept whole before this one go first.
        emitKeptBefore(statement);
        next = statement + 1;
        current = statement;
      }
      batch.push(row);
      remaining[statement]! -= 1;
      if (batch.length === emitter.batchRows || remaining[statement] === 0) {
        if (emitter.waitForCredit(statement)) emitter.post({ kind: 'batch', statement, rows: batch });
        batch = [];
      }
    });
    if (!second.ok) throw new Error(second.error.message);
  }
  emitKeptBefore(listOf.length);
}

/**
 * The first pass: sends the head and answers only what the rows' pass needs — the parsed file (an
 * investment statement's trades and positions) is let go once sent. Null, sending nothing, for a file
 * whose bank list also holds rows the parser kept (an INVBANKTRAN inside a BANKTRANLIST): their order
 * among the streamed rows would be lost, so such a file is read whole.
 */
function sendOfxHead(
  emitter: TEmitter,
  bytes: Uint8Array,
): { listOf: (number | null)[]; kept: (TStatementTransaction | undefined)[][]; remaining: number[] } | null {
  // With any account holding rows, the keys are gathered on this pass (most such files need them); those
  // of statements that do not need them are let go below. Otherwise no key is made at all.
  const isGathering = emitter.accountsWithHistory.length > 0;
  const keysOfList = new Map<number, TDedupIncoming[]>();
  const counts = new Map<number, number>();
  const first = streamOfx(bytes, (row, list) => {
    counts.set(list, (counts.get(list) ?? 0) + 1);
    if (!isGathering) return;
    const keys = keysOfList.get(list);
    if (keys === undefined) keysOfList.set(list, [keyOf(row)]);
    else keys.push(keyOf(row));
  });
  if (!first.ok) throw new Error(first.error.message);
  if (first.file.statements.length === 0) throw new Error(LINKED_DATA_MESSAGES.NOTHING_TO_IMPORT);
  const { file, listOf } = first;
  // A statement's rows are its streamed list's, or (an investment statement's INVBANKTRAN) kept whole.
  if (listOf.some((list, index) => list !== null && file.statements[index]!.transactions.length > 0))
    return null;
  const head = headOf(file, emitter.accountsWithHistory);
  for (const [statement, list] of listOf.entries()) {
    if (list === null) continue;
    const entry = head.statements[statement]!;
    entry.transactionCount = counts.get(list) ?? 0;
    if (entry.dedupKeys !== null) entry.dedupKeys = keysOfList.get(list) ?? [];
  }
  keysOfList.clear();
  emitter.post({ kind: 'head', head });
  return {
    listOf,
    kept: file.statements.map((statement) => statement.transactions as (TStatementTransaction | undefined)[]),
    remaining: head.statements.map((statement) => statement.transactionCount),
  };
}
