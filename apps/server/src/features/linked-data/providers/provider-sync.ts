import { LINKED_DATA_MESSAGES } from '@strata/contracts/linked-data';
import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { addDays } from '@strata/core/dates/epoch-day';
import { toDecimal } from '@strata/core/money/decimal';
import { matchDuplicates } from '@strata/core/statements/dedup';
import type { Database } from '@strata/db/schema';
import type { TSyncResult } from '@strata/db/schema-linked-data';
import type { Kysely } from 'kysely';
import { runRulesOnImported } from '../../rules/index.ts';
import { setTaskProgress, type TTaskHandler, type TTaskPrepare } from '../../tasks/index.ts';
import {
  dedupRowsOf,
  findConnector,
  insertSyncEvent,
  setConnectorStatus,
  upsertLinkedAccount,
} from '../linked-data.repository.ts';
import {
  connectorAccountIds,
  deleteRowsByIds,
  findProviderConnection,
  finishProviderSyncEvent,
  insertProviderRows,
  recordProviderSync,
  replaceProviderSecret,
  rowsByFitIds,
  type TProviderConnectionRow,
  type TProviderRowWrite,
  type TStoredProviderRow,
  updateProviderRow,
} from './provider-connections.repository.ts';
import { storeHoldings } from './provider-holdings.ts';
import {
  isProviderError,
  type THolding,
  type TProviderAccount,
  type TProviderTransaction,
  type TTransactionChanges,
} from './provider-port.ts';
import type { TProviderRegistry } from './provider-registry.ts';
import { recordScheduledSyncFailure } from './provider-schedule.ts';
import { recordSyncSuccess } from './provider-schedules.repository.ts';
import type { TProviderSyncPayload } from './provider-sync-queue.ts';
import type { TSealed } from './secret-box.ts';

export function isProviderSyncPayload(payload: unknown): payload is TProviderSyncPayload {
  return typeof (payload as { provider?: unknown } | null)?.provider === 'string';
}

interface TFetched {
  connection: TProviderConnectionRow;
  accounts: TProviderAccount[];
  /** Fetched when the provider lists a brokerage account. */
  holdings: THolding[];
  changes: TTransactionChanges;
  /** The token sealed again with the current key, when an older key had sealed it. */
  resealed: TSealed | null;
}

function sealedOf(row: TProviderConnectionRow): TSealed {
  return {
    ciphertext: row.secret_ciphertext,
    iv: row.secret_iv,
    tag: row.secret_tag,
    keyId: row.secret_key_id,
  };
}

/** Plaid keeps 24 months of investment transactions; a first sync takes them all. */
const INVESTMENTS_FIRST_DAYS = 730;
/** Later syncs go back this far before the last one: a trade settles, or is corrected, days later. */
const INVESTMENTS_OVERLAP_DAYS = 30;

/** The dates a sync asks investment transactions for (no cursor: the provider pages by offset in a window). */
export function investmentWindow(
  connection: Pick<TProviderConnectionRow, 'last_synced_at'>,
  now: Date,
): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  if (!connection.last_synced_at) return { from: addDays(to, -INVESTMENTS_FIRST_DAYS), to };
  const last = new Date(connection.last_synced_at).toISOString().slice(0, 10);
  return { from: addDays(last, -INVESTMENTS_OVERLAP_DAYS), to };
}

function toWrite(row: TProviderTransaction): TProviderRowWrite {
  return {
    fitid: row.externalId,
    date: row.date,
    amount: row.amount,
    currency: row.currency,
    counterparty: row.counterparty,
    description: row.description,
    category: row.category,
    subcategory: row.subcategory,
    status: row.status,
    source: row.source,
  };
}

function isSame(stored: TStoredProviderRow, incoming: TProviderTransaction): boolean {
  return (
    stored.date === incoming.date &&
    toDecimal(stored.amount).eq(incoming.amount) &&
    stored.status === incoming.status &&
    stored.counterparty === incoming.counterparty &&
    stored.description === incoming.description
  );
}

/**
 * The sync of a provider's connector, as the sync_linked_account task (and a new connector's link, the
 * link_account task: the same fetch, its progress first telling the accounts it linked): everything is fetched from the
 * provider before the task's transaction opens (a slow or failing provider holds no database transaction,
 * and a malformed answer fails the task with nothing written); then accounts, rows, one sync event per
 * account, the cursor and the connector's status are written in that one transaction.
 */
export function providerSyncTask(deps: { db: Kysely<Database>; providers: TProviderRegistry }): {
  prepare: TTaskPrepare;
  handler: TTaskHandler;
} {
  const { providers } = deps;

  /** Outside the task's transaction, so it stays: the connector and its accounts say why the sync failed. */
  async function recordFailure(
    db: Kysely<Database>,
    payload: TProviderSyncPayload,
    taskId: string,
    result: TSyncResult,
    message: string,
  ): Promise<void> {
    await setConnectorStatus(db, payload.connector_id, 'failed', message);
    const now = new Date();
    for (const account of await connectorAccountIds(db, payload.connector_id)) {
      const event = await insertSyncEvent(db, {
        repository_id: account.repository_id,
        connector_id: payload.connector_id,
        linked_account_id: account.id,
        task_id: taskId,
        started_at: now,
        result,
      });
      await finishProviderSyncEvent(db, event.id, {
        result,
        added: 0,
        updated: 0,
        removed: 0,
        skipped_duplicate: 0,
        failed: 0,
        message,
      });
    }
  }

  const prepare: TTaskPrepare = async ({ task, db }) => {
    const payload = task.payload as unknown as TProviderSyncPayload;
    const connector = await findConnector(db, payload.connector_id);
    const connection = await findProviderConnection(db, payload.connector_id);
    if (!connector || !connection) throw new Error(LINKED_DATA_MESSAGES.CONNECTOR_NOT_FOUND);
    const provider = providers.get(connection.provider);
    if (!provider || !providers.secrets) throw new Error(LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE);
    const sealed = sealedOf(connection);
    // A link (the 'link account' task) says so while it lists the accounts; a sync goes straight to fetching.
    const isLink = task.type === 'link_account';
    await setTaskProgress(db, task.id, { stage: isLink ? 'linking' : 'fetching', provider: provider.id });
    let opened: string | null = null;
    try {
      const secret = providers.secrets.open(sealed);
      opened = secret;
      const accounts = await provider.listAccounts(secret);
      if (isLink)
        await setTaskProgress(db, task.id, {
          stage: 'linked',
          provider: provider.id,
          accounts: accounts.length,
        });
      const fetched = await provider.fetchTransactions(secret, connection.cursor);
      const hasInvestments = accounts.some((account) => account.isInvestment);
      const holdings = hasInvestments ? await provider.fetchHoldings(secret) : [];
      const investments =
        hasInvestments && provider.fetchInvestmentTransactions
          ? await provider.fetchInvestmentTransactions(secret, investmentWindow(connection, new Date()))
          : { rows: [], failures: [] };
      // Investment transactions are new rows like the others: a row already stored is skipped as duplicate.
      const changes: TTransactionChanges = {
        ...fetched,
        added: [...fetched.added, ...investments.rows],
        failures: [...fetched.failures, ...investments.failures],
      };
      await setTaskProgress(db, task.id, {
        stage: 'fetched',
        accounts: accounts.length,
        added: changes.added.length,
        modified: changes.modified.length,
        removed: changes.removed.length,
        failed: changes.failures.length,
        holdings: holdings.length,
        investment_transactions: investments.rows.length,
      });
      // Tokens refreshed during the fetch replace the stored ones (the old refresh token may be spent).
      const renewed = provider.renewedSecret?.(secret) ?? null;
      const resealed = renewed
        ? providers.secrets.seal(renewed)
        : providers.secrets.isStale(sealed)
          ? providers.secrets.seal(secret)
          : null;
      return { connection, accounts, holdings, changes, resealed } satisfies TFetched;
    } catch (error) {
      // A refresh that worked before a later call failed: its tokens are kept all the same.
      const renewed = opened === null ? null : (provider.renewedSecret?.(opened) ?? null);
      if (renewed)
        await replaceProviderSecret(
          db,
          payload.connector_id,
          providers.secrets.seal(renewed),
          connection.external_id,
        );
      const message = error instanceof Error ? error.message : String(error);
      const loginRequired = isProviderError(error) && error.kind === 'login_required';
      await recordFailure(db, payload, task.id, loginRequired ? 'login_required' : 'error', message);
      await recordScheduledSyncFailure(db, payload.connector_id, {
        isLoginRequired: loginRequired,
        failedAt: new Date(),
      });
      throw error;
    }
  };

  const handler: TTaskHandler = async ({ task, trx, prepared }) => {
    const payload = task.payload as unknown as TProviderSyncPayload;
    const { connection, accounts, holdings, changes, resealed } = prepared as TFetched;
    const startedAt = new Date();

    // The provider's accounts; a transaction of an account it did not list is a failed row.
    const linked = new Map<string, { id: string; repository_id: string; event_id: string }>();
    const counts = new Map<string, { added: number; updated: number; removed: number; skipped: number }>();
    for (const account of accounts) {
      const row = await upsertLinkedAccount(trx, {
        repository_id: payload.repository_id,
        connector_id: payload.connector_id,
        external_id: account.externalId,
        number: account.number,
        name: account.name,
        type: account.type,
        currency: account.currency,
      });
      const event = await insertSyncEvent(trx, {
        repository_id: row.repository_id,
        connector_id: payload.connector_id,
        linked_account_id: row.id,
        task_id: task.id,
        started_at: startedAt,
        result: 'success',
      });
      linked.set(account.externalId, { id: row.id, repository_id: row.repository_id, event_id: event.id });
      counts.set(account.externalId, { added: 0, updated: 0, removed: 0, skipped: 0 });
    }
    const failures = [...changes.failures];
    // One version per transaction: a later page's (modified after added) wins, and one the same fetch took
    // back is not written at all.
    const takenBack = new Set(changes.removed.map((row) => row.externalId));
    const latest = new Map<string, TProviderTransaction>();
    for (const row of [...changes.added, ...changes.modified]) latest.set(row.externalId, row);
    const incoming: TProviderTransaction[] = [];
    for (const row of latest.values()) {
      if (takenBack.has(row.externalId)) continue;
      if (linked.has(row.accountExternalId)) incoming.push(row);
      else
        failures.push({
          externalId: row.externalId,
          accountExternalId: row.accountExternalId,
          message: `account ${row.accountExternalId} is not one of the connection's accounts`,
        });
    }
    const allIds = [...linked.values()].map((account) => account.id);
    const lookup = await rowsByFitIds(trx, allIds, [
      ...incoming.map((row) => row.externalId),
      ...incoming.flatMap((row) => (row.replacesPendingId ? [row.replacesPendingId] : [])),
      ...changes.removed.map((row) => row.externalId),
    ]);
    const stored = new Map(lookup.map((row) => [`${row.linked_account_id} ${row.fitid}`, row]));
    const replaced = new Set<string>();

    for (const [externalId, target] of linked) {
      const tally = counts.get(externalId) as {
        added: number;
        updated: number;
        removed: number;
        skipped: number;
      };
      const mine = incoming.filter((row) => row.accountExternalId === externalId);
      const fresh: TProviderTransaction[] = [];
      for (const row of mine) {
        const same = stored.get(`${target.id} ${row.externalId}`);
        const pending = row.replacesPendingId
          ? stored.get(`${target.id} ${row.replacesPendingId}`)
          : undefined;
        const existing = same ?? pending;
        if (!existing) {
          fresh.push(row);
          continue;
        }
        if (pending && !same) replaced.add(pending.id);
        if (same && isSame(same, row)) {
          tally.skipped += 1;
          continue;
        }
        await updateProviderRow(trx, existing.id, toWrite(row), target.event_id);
        tally.updated += 1;
      }
      // What the provider sends for the first time goes through the files' de-duplication too.
      if (fresh.length > 0) {
        const dates = fresh.map((row) => row.date).sort();
        const existing = await dedupRowsOf(
          trx,
          target.id,
          { from: addDays(dates[0] as string, -3), to: addDays(dates.at(-1) as string, 3) },
          fresh.map((row) => row.externalId),
        );
        const { added } = matchDuplicates(
          existing.map((row) => ({ ...row, amount: String(row.amount) })),
          fresh.map((row) => ({
            fitId: row.externalId,
            date: row.date,
            amount: row.amount,
            payee: row.counterparty,
          })),
        );
        const inserted = await insertProviderRows(
          trx,
          {
            repository_id: target.repository_id,
            linked_account_id: target.id,
            sync_event_id: target.event_id,
          },
          added.map((index) => toWrite(fresh[index] as TProviderTransaction)),
        );
        tally.added += inserted;
        tally.skipped += fresh.length - inserted;
      }
    }

    // Removed: the provider took them back (a pending one that posted under another id is already replaced).
    const removedIds: { id: string; account: string }[] = [];
    for (const removal of changes.removed) {
      for (const [externalId, target] of linked) {
        if (removal.accountExternalId !== null && removal.accountExternalId !== externalId) continue;
        const row = stored.get(`${target.id} ${removal.externalId}`);
        if (row && !replaced.has(row.id)) removedIds.push({ id: row.id, account: externalId });
      }
    }
    await deleteRowsByIds(
      trx,
      removedIds.map((row) => row.id),
    );
    for (const row of removedIds) (counts.get(row.account) as { removed: number }).removed += 1;

    const accountOfRow = new Map(
      [...changes.added, ...changes.modified].map((row) => [row.externalId, row.accountExternalId]),
    );
    const failedByAccount = new Map<string, string[]>();
    for (const failure of failures) {
      const account =
        failure.accountExternalId ??
        (failure.externalId === null ? undefined : accountOfRow.get(failure.externalId));
      const key = account && linked.has(account) ? account : '';
      failedByAccount.set(key, [
        ...(failedByAccount.get(key) ?? []),
        `${failure.externalId ?? 'a transaction'}: ${failure.message}`,
      ]);
    }
    const unplaced = failedByAccount.get('') ?? [];

    const summaries: {
      linked_account_id: string;
      sync_event_id: string;
      added: number;
      updated: number;
      removed: number;
      skipped: number;
    }[] = [];
    for (const [externalId, target] of linked) {
      const tally = counts.get(externalId) as {
        added: number;
        updated: number;
        removed: number;
        skipped: number;
      };
      // Failures the answer does not tie to an account are told on every account's event of this sync.
      const failedHere = [...(failedByAccount.get(externalId) ?? []), ...unplaced];
      const result: TSyncResult = failedHere.length > 0 ? 'warning' : 'success';
      const message = [...failedHere, ...changes.notices].join('; ') || null;
      await finishProviderSyncEvent(trx, target.event_id, {
        result,
        added: tally.added,
        updated: tally.updated,
        removed: tally.removed,
        skipped_duplicate: tally.skipped,
        failed: (failedByAccount.get(externalId) ?? []).length,
        message,
      });
      summaries.push({ linked_account_id: target.id, sync_event_id: target.event_id, ...tally });
    }
    const positions = await storeHoldings(trx, {
      repositoryId: payload.repository_id,
      provider: connection.provider,
      day: startedAt.toISOString().slice(0, 10),
      holdings,
      accounts: linked,
    });
    await recordProviderSync(trx, payload.connector_id, {
      cursor: changes.nextCursor,
      sealed: resealed ?? undefined,
    });
    await setConnectorStatus(trx, payload.connector_id, 'ok', null);
    await recordSyncSuccess(trx, payload.connector_id);
    const ruled = await runRulesOnImported(trx, {
      repositoryId: payload.repository_id,
      userId: task.user_id,
      syncEventIds: summaries.map((summary) => summary.sync_event_id),
    });
    const total = (key: 'added' | 'updated' | 'removed' | 'skipped') =>
      summaries.reduce((sum, summary) => sum + summary[key], 0);
    const counted = {
      added: total('added'),
      updated: total('updated'),
      removed: total('removed'),
      skipped_duplicate: total('skipped'),
      failed: failures.length,
    };
    await setTaskProgress(trx, task.id, { stage: 'written', ...counted });
    return {
      connector_id: payload.connector_id,
      provider: connection.provider,
      /** The link's task says what it linked; a sync's does not. */
      ...(task.type === 'link_account' ? { linked_accounts: summaries.length } : {}),
      accounts: summaries,
      ...counted,
      positions,
      rules: ruled,
      message: `${counted.added} added, ${counted.updated} updated, ${counted.removed} removed, ${counted.skipped_duplicate} skipped as duplicates, ${counted.failed} failed`,
    };
  };

  return { prepare, handler };
}
