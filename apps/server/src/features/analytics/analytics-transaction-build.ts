import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { loadTransactions, type TLoaderParts } from './analytics.loader.ts';
import {
  analyticsFacts,
  keepTransactionTable,
  keptTransactionVersion,
  liveTransactionsUpTo,
  transactionsChangedAfter,
} from './analytics-loader.repository.ts';
import type { TAnalyticsPool } from './analytics-pool.ts';
import { tableKeyOf } from './analytics-price-build.ts';

/** What `buildTransactionTable` did, and why (as TPriceTableBuild). */
export type TTransactionTableBuild = 'held' | 'kept' | 'cheap' | 'built' | 'no worker idle' | 'not kept here';

/**
 * Reads, parses and keeps a repository's transactions ahead of any compute (after its writes settle,
 * analytics.service.ts) when a first compute would otherwise read every transaction's entry lines: none kept
 * in the database, or kept before more transactions changed than one of the loader's parts holds (an import,
 * a rule applied to thousands). An idle worker parses and holds them (the next compute there reads none) and
 * they are stored packed for the other processes. At 100k transactions the read was 0.45–0.7 s and the parse
 * 0.18 s of a first compute's 1.7–1.9 s. Fewer changes are left to the compute: it reads those alone.
 */
export async function buildTransactionTable(
  deps: { db: Kysely<Database>; pool: TAnalyticsPool; parts: TLoaderParts },
  repositoryId: string,
): Promise<TTransactionTableBuild> {
  const { db, pool, parts } = deps;
  if (!parts.keepsTables) return 'not kept here';
  const facts = await analyticsFacts(db, repositoryId);
  const transactionsVersion = Number(facts.transactions_version);
  const transactionsKey = tableKeyOf(repositoryId, transactionsVersion);
  if (pool.holdsTransactions(transactionsKey)) return 'held';
  const kept = await keptTransactionVersion(db, repositoryId);
  if (kept !== undefined && kept >= transactionsVersion) return 'kept';
  // None kept: the compute would read every transaction (transaction_changes starts at migration 0043, so
  // it does not hold those written before).
  const toRead =
    kept === undefined
      ? await liveTransactionsUpTo(db, repositoryId, parts.transactions)
      : (await transactionsChangedAfter(db, repositoryId, kept, parts.transactions)).length;
  if (toRead <= parts.transactions) return 'cheap';
  const { text, count } = await loadTransactions(db, repositoryId, parts);
  const built = await pool.buildTransactions(
    { buildTransactions: transactionsKey, transactionsText: text },
    tableKeyOf(repositoryId, Number(facts.prices_version)),
  );
  if (!built?.ok) return 'no worker idle';
  await keepTransactionTable(db, {
    repositoryId,
    transactionsVersion,
    transactionCount: count,
    packed: built.packed,
  });
  return 'built';
}
