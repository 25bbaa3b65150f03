import { LINKED_DATA_MESSAGES, type TLinkedLoader } from '@strata/contracts/linked-data';
import type { TCsvProfile } from '@strata/core/statements/csv';
import { afterCommit } from '@strata/db/after-commit';
import type { TDialectName } from '@strata/db/database';
import type { Database } from '@strata/db/schema';
import type { TSyncResult } from '@strata/db/schema-linked-data';
import type { Kysely } from 'kysely';
import type { TFileStore } from '../../storage/file-store.ts';
import { runRulesOnImported } from '../rules/index.ts';
import {
  setTaskProgress,
  type TTaskContext,
  type TTaskExecutor,
  type TTaskHandler,
  type TTaskPrepare,
} from '../tasks/index.ts';
import { storeCashTransactions } from './linked-cash-transactions-load.ts';
import {
  accountsWithCashRows,
  findConnector,
  finishSyncEvent,
  insertConnector,
  insertSyncEvent,
  setConnectorStatus,
  upsertLinkedAccount,
} from './linked-data.repository.ts';
import { storeInvestmentStatement, storeSecurities } from './linked-investments-load.ts';
import { externalIdOf, type TStatementFileHead, type TStatementHead } from './linked-statement-head.ts';
import { openStatementInWorker, type TStatementStream } from './linked-statement-read.ts';
import { analyzeLinkedTransactions, vacuumLinkedTransactions } from './linked-transactions.repository.ts';
import { isProviderSyncPayload } from './providers/provider-sync.ts';

/** The loader's part of a manual_sync task's payload (written by POST linked_data/connectors/manual). */
export interface TLoadPayload {
  file_key: string;
  loader: TLinkedLoader;
  repository_id: string;
  connector_id?: string;
  name?: string;
  csv_profile?: TCsvProfile;
}

/** Loads of at least this many new rows refresh the planner's statistics of linked transactions. */
const ANALYZE_AFTER_ROWS = 1000;

const LOADER_NAMES: Record<TLinkedLoader, string> = {
  ofx: 'OFX file',
  qfx: 'QFX file',
  qif: 'QIF file',
  csv: 'CSV file',
};

/** The task's progress once the file is read: what it holds, before any of it is written. */
function parsedProgressOf(file: TStatementFileHead): Record<string, unknown> {
  const count = (of: (statement: TStatementHead) => number) =>
    file.statements.reduce((sum, statement) => sum + of(statement), 0);
  return {
    stage: 'parsed',
    statements: file.statements.length,
    transactions: count((statement) => statement.transactionCount),
    investment_transactions: count((statement) => statement.investmentTransactions.length),
    positions: count((statement) => statement.positions.length),
  };
}

export interface TAccountLoad {
  linked_account_id: string;
  sync_event_id: string;
  added: number;
  skipped_duplicate: number;
  failed: number;
  /** Positions and balances as of their date: new, or replacing the stored one of the same date. */
  positions: { added: number; replaced: number };
  balances: { added: number; replaced: number };
}

/** What a load needs besides its task: the plain database and the log, outside any task's transaction. */
interface TLoadDeps {
  /** For the VACUUM after a large load, and (PostgreSQL) the progress of each batch. */
  db: Kysely<Database>;
  dialect: TDialectName;
  log: { warn: (object: object, message: string) => void };
}

/**
 * The `sync_linked_account` task of a manual upload: the file is read (and deleted from the store) before
 * the task's transaction opens, its worker keeping the cash transactions until the task asks for them; then
 * the connector, its accounts, their transactions (batch by batch) and one sync event per account are
 * written in that one transaction, so a failure leaves nothing half-imported.
 */
export function registerManualLoadTask(
  tasks: TTaskExecutor,
  fileStore: TFileStore,
  providerSync: { handler: TTaskHandler; prepare: TTaskPrepare },
  after: TLoadDeps,
): void {
  tasks.register(
    'sync_linked_account',
    async (context) => {
      // One task type for both kinds of sync (the seed's 'sync linked account'): a provider's payload names it.
      if (isProviderSyncPayload(context.task.payload)) return providerSync.handler(context);
      const stream = context.prepared as TStatementStream;
      try {
        return await loadStatements(context, stream, after);
      } finally {
        await stream.close();
      }
    },
    {
      // All or nothing: a failed load wrote no row, whatever the per-batch progress said.
      progressWhenFailed: (progress) => ('written' in progress ? { ...progress, written: 0 } : progress),
      prepare: async ({ task, db }) => {
        if (isProviderSyncPayload(task.payload)) return providerSync.prepare({ task, db });
        const payload = task.payload as unknown as TLoadPayload;
        const bytes = await fileStore.get(payload.file_key);
        if (!bytes) throw new Error(LINKED_DATA_MESSAGES.NO_UPLOAD);
        await fileStore.delete(payload.file_key);
        await setTaskProgress(db, task.id, { stage: 'reading', bytes: bytes.length });
        let stream: TStatementStream;
        try {
          // Off the API's thread: a 100k-row file takes seconds to parse on a busy machine, and a blocked event
          // loop would stall every request and stop the job's heartbeat (the task would be taken for dead).
          // A new connector's accounts hold nothing yet: no statement needs the matcher's keys.
          const history = payload.connector_id ? await accountsWithCashRows(db, payload.connector_id) : [];
          stream = await openStatementInWorker(bytes, payload, history);
        } catch (error) {
          // Outside the task's transaction, so it stays: the connector's screen says why its last load failed.
          if (payload.connector_id)
            await setConnectorStatus(db, payload.connector_id, 'failed', (error as Error).message);
          throw error;
        }
        try {
          await setTaskProgress(db, task.id, parsedProgressOf(stream.head));
        } catch (error) {
          await stream.close();
          throw error;
        }
        return stream;
      },
    },
  );
  // Linked seed's 'link account': a provider connector's first fetch, after its link flow made it.
  tasks.register('link_account', providerSync.handler, { prepare: providerSync.prepare });
}

async function loadStatements({ task, trx }: TTaskContext, stream: TStatementStream, after: TLoadDeps) {
  const payload = task.payload as unknown as TLoadPayload;
  const file = stream.head;
  const parsed = parsedProgressOf(file);
  const progressDb = after.dialect === 'postgres' ? after.db : null;
  let readBefore = 0;
  let writtenBefore = 0;
  const startedAt = new Date();
  const connector = payload.connector_id
    ? await findConnector(trx, payload.connector_id)
    : await insertConnector(trx, {
        repository_id: payload.repository_id,
        name: payload.name ?? LOADER_NAMES[payload.loader],
        kind: 'manual',
        created_by: task.user_id,
      });
  // Checked when the loader was given; gone since (deleted meanwhile) it is the user's to know.
  if (!connector || connector.repository_id !== payload.repository_id)
    throw new Error(LINKED_DATA_MESSAGES.CONNECTOR_NOT_FOUND);

  const accounts: TAccountLoad[] = [];
  const securities = await storeSecurities(trx, payload.repository_id, file);
  const importDay = startedAt.toISOString().slice(0, 10);
  for (const [statementIndex, statement] of file.statements.entries()) {
    const account = await upsertLinkedAccount(trx, {
      repository_id: payload.repository_id,
      connector_id: connector.id,
      external_id: externalIdOf(statement),
      number: statement.account.number,
      name: statement.account.name,
      type: statement.account.type ?? statement.kind,
      currency: statement.currency,
    });
    const event = await insertSyncEvent(trx, {
      // The account's, not the load's: an account of a shared connector may have been given to another
      // of its repositories (PUT linked_data/accounts), and its rows follow it there.
      repository_id: account.repository_id,
      connector_id: connector.id,
      linked_account_id: account.id,
      task_id: task.id,
      started_at: startedAt,
      result: 'success',
    });
    const investments = await storeInvestmentStatement(
      trx,
      {
        repositoryId: payload.repository_id,
        linkedAccountId: account.id,
        syncEventId: event.id,
        importDay,
      },
      statement,
      securities,
    );
    const cash = await storeCashTransactions(
      trx,
      {
        repositoryId: account.repository_id,
        linkedAccountId: account.id,
        syncEventId: event.id,
        statement: statementIndex,
      },
      statement,
      stream,
      async (read, added) => {
        // PostgreSQL: another pooled connection records each batch while the transaction runs. PGlite has
        // one connection, which the transaction holds: there the row gets the final counts only.
        if (progressDb)
          await setTaskProgress(progressDb, task.id, {
            ...parsed,
            stage: 'writing',
            read: readBefore + read,
            written: writtenBefore + added,
          });
      },
    );
    readBefore += statement.transactionCount;
    writtenBefore += cash.added;
    const incomingCount = statement.transactionCount;
    const inserted = cash.added;
    const failed = statement.failures.length;
    // Nothing readable is an error, some rows unreadable a warning: either way the event says which.
    const readable = incomingCount + statement.investmentTransactions.length;
    const result: TSyncResult = failed === 0 ? 'success' : readable === 0 ? 'error' : 'warning';
    // Investment transactions are linked transactions too: the event counts them with the cash ones.
    const load = {
      added: inserted + investments.added,
      skipped_duplicate: incomingCount - inserted + investments.skipped_duplicate,
      failed,
    };
    const message =
      failed > 0
        ? statement.failures.map((failure) => `line ${failure.line}: ${failure.message}`).join('; ')
        : null;
    await finishSyncEvent(trx, event.id, { result, ...load, message });
    accounts.push({
      linked_account_id: account.id,
      sync_event_id: event.id,
      ...load,
      positions: investments.positions,
      balances: investments.balances,
    });
  }
  await setConnectorStatus(trx, connector.id, 'ok', null);
  // A large load leaves the planner's row estimates stale: fresh ones keep list pages on the date index.
  // Its new pages are not yet all-visible either, so list pages would visit the heap for every row they
  // walk past instead of reading the covering index alone: a VACUUM marks them once the load has
  // committed (it cannot run in a transaction; autovacuum would, later or — when off — never).
  if (accounts.reduce((sum, account) => sum + account.added, 0) >= ANALYZE_AFTER_ROWS) {
    await analyzeLinkedTransactions(trx);
    await afterCommit(trx, 'vacuum-linked-transactions', () => {
      vacuumLinkedTransactions(after.db).catch((error: unknown) =>
        after.log.warn({ err: error }, 'VACUUM linked_transactions after a load failed'),
      );
    });
  }
  // The repository's rules tag and map what this load added, in the same transaction as the load.
  const ruled = await runRulesOnImported(trx, {
    repositoryId: payload.repository_id,
    userId: task.user_id,
    syncEventIds: accounts.map((account) => account.sync_event_id),
  });

  const total = (key: 'added' | 'skipped_duplicate' | 'failed') =>
    accounts.reduce((sum, account) => sum + account[key], 0);
  const warnings = [...file.warnings];
  const counts = {
    added: total('added'),
    skipped_duplicate: total('skipped_duplicate'),
    failed: total('failed'),
  };
  const positions = accounts.reduce(
    (sum, account) => sum + account.positions.added + account.positions.replaced,
    0,
  );
  await setTaskProgress(trx, task.id, { stage: 'written', ...counts });
  return {
    connector_id: connector.id,
    accounts,
    ...counts,
    positions,
    securities: securities.size,
    warnings,
    rules: ruled,
    message: `${counts.added} added, ${counts.skipped_duplicate} skipped as duplicates, ${counts.failed} failed${positions > 0 ? `, ${positions} positions` : ''}`,
  };
}
