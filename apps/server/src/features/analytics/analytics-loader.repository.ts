import type { Database } from '@strata/db/schema';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { TPriceSeriesText } from './analytics-source.ts';

/** The queries the analytics loader reads a repository with (analytics.loader.ts holds how it parts them). */

/** How many live transactions fall on each day, in date order. */
export async function transactionsPerDay(db: Kysely<Database>, repositoryId: string) {
  const { rows } = await sql<{ date: string; count: number }>`
    SELECT date::text AS date, count(*)::int AS count
    FROM transactions
    WHERE repository_id = ${repositoryId} AND deleted_at IS NULL
    GROUP BY date
    ORDER BY date
  `.execute(db);
  return rows;
}

/** A line per entry (the format analytics-source.ts parses), the transaction named by its seq. */
const ENTRY_LINE = sql`concat_ws(',', t.seq, t.date - DATE '1970-01-01', coalesce(e.position::text, ''),
  coalesce(e.account_id::text, ''), coalesce(e.asset_id::text, ''), coalesce(e.amount::text, ''),
  coalesce(e.pos_id::text, ''), t.type)`;

/** The entry lines of the repository's live transactions that `which` selects, in date order. */
async function transactionLinesWhere(
  db: Kysely<Database>,
  repositoryId: string,
  which: RawBuilder<boolean>,
): Promise<string> {
  const { rows } = await sql<{ text: string | null }>`
    SELECT string_agg(line, E'\n') AS text
    FROM (
      SELECT ${ENTRY_LINE} AS line
      FROM transactions t
      LEFT JOIN transaction_entries e ON e.transaction_id = t.id AND e.repository_id = ${repositoryId}
      WHERE t.repository_id = ${repositoryId} AND t.deleted_at IS NULL AND ${which}
      ORDER BY t.date, t.seq, e.position
    ) AS ordered
  `.execute(db);
  return rows[0]?.text ?? '';
}

/** The live transactions of days `from`..`to` as entry lines. */
export function transactionLines(
  db: Kysely<Database>,
  repositoryId: string,
  range: { from: string; to: string },
) {
  return transactionLinesWhere(
    db,
    repositoryId,
    sql<boolean>`t.date >= ${range.from}::date AND t.date <= ${range.to}::date`,
  );
}

/** Those of these transactions (by seq) that are live, as entry lines. */
export function transactionLinesOf(db: Kysely<Database>, repositoryId: string, seqs: readonly number[]) {
  return transactionLinesWhere(db, repositoryId, sql<boolean>`t.seq = ANY(${sql.val(seqs)}::bigint[])`);
}

/**
 * The transactions (by seq) written after `transactionsVersion` (transaction_changes, migration 2026-11-28-0043):
 * at most `limit` + 1 of them, so a caller that finds more than `limit` reads every transaction instead.
 */
export async function transactionsChangedAfter(
  db: Kysely<Database>,
  repositoryId: string,
  transactionsVersion: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('transaction_changes')
    .select('seq')
    .where('repository_id', '=', repositoryId)
    .where('transactions_version', '>', transactionsVersion)
    .limit(limit + 1)
    .execute();
  return rows.map((row) => Number(row.seq));
}

/** Every asset id of the repository (the trashed too), in the price index's order. */
export async function assetIdsInOrder(db: Kysely<Database>, repositoryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('assets')
    .select('id')
    .where('repository_id', '=', repositoryId)
    .orderBy('id')
    .execute();
  return rows.map((asset) => asset.id);
}

/** The price series (as comma lists) of the repository's assets that `assets` selects, with their lengths. */
async function priceSeriesWhere(db: Kysely<Database>, repositoryId: string, assets: RawBuilder<boolean>) {
  const { rows } = await sql<TPriceSeriesText & { count: number }>`
    SELECT asset_id, source, count(*)::int AS count, string_agg(day, ',') AS days, string_agg(close, ',') AS closes
    FROM (
      SELECT asset_id, source, (date - DATE '1970-01-01')::text AS day, close::text AS close
      FROM asset_prices
      WHERE repository_id = ${repositoryId} AND ${assets}
        AND date > '-infinity'::date AND date < 'infinity'::date
      ORDER BY asset_id, source, date
    ) AS ordered
    GROUP BY asset_id, source
  `.execute(db);
  return rows;
}

/** The price series of the assets whose ids lie in `first`..`last`. */
export function priceSeriesBetween(db: Kysely<Database>, repositoryId: string, first: string, last: string) {
  return priceSeriesWhere(db, repositoryId, sql<boolean>`asset_id BETWEEN ${first}::uuid AND ${last}::uuid`);
}

/** The price series of these assets. */
export function priceSeriesOf(db: Kysely<Database>, repositoryId: string, assetIds: readonly string[]) {
  return priceSeriesWhere(db, repositoryId, sql<boolean>`asset_id = ANY(${sql.val(assetIds)}::uuid[])`);
}

/** The assets whose prices were written after `pricesVersion` (asset_price_changes, migration 0040). */
export async function assetsWithPricesChangedAfter(
  db: Kysely<Database>,
  repositoryId: string,
  pricesVersion: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('asset_price_changes')
    .select('asset_id')
    .where('repository_id', '=', repositoryId)
    .where('prices_version', '>', pricesVersion)
    .orderBy('asset_id')
    .execute();
  return rows.map((row) => row.asset_id);
}

/**
 * The price table kept for the repository (`keepPriceTable`) if it is of this prices version or an older one
 * (the caller patches an older one with the assets changed since); a newer one is not this version's table.
 */
export function keptPriceTable(db: Kysely<Database>, repositoryId: string, pricesVersion: number) {
  return db
    .selectFrom('analytics_price_tables')
    .select(['price_count', 'packed', 'prices_version'])
    .where('repository_id', '=', repositoryId)
    .where('prices_version', '<=', pricesVersion)
    .executeTakeFirst();
}

/** The prices version of the repository's kept price table; undefined when none is kept. */
export async function keptPriceVersion(
  db: Kysely<Database>,
  repositoryId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('analytics_price_tables')
    .select('prices_version')
    .where('repository_id', '=', repositoryId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.prices_version);
}

/** Keeps a price table read at `pricesVersion`, unless one of a later version is kept already. */
export async function keepPriceTable(
  db: Kysely<Database>,
  table: { repositoryId: string; pricesVersion: number; priceCount: number; packed: Uint8Array },
) {
  await db
    .insertInto('analytics_price_tables')
    .values({
      repository_id: table.repositoryId,
      prices_version: table.pricesVersion,
      price_count: table.priceCount,
      // A Buffer (a Uint8Array to PGlite): node-postgres sends a Buffer as bytea.
      packed: Buffer.from(table.packed.buffer, table.packed.byteOffset, table.packed.byteLength),
    })
    .onConflict((oc) =>
      oc
        .column('repository_id')
        .doUpdateSet((eb) => ({
          prices_version: eb.ref('excluded.prices_version'),
          price_count: eb.ref('excluded.price_count'),
          packed: eb.ref('excluded.packed'),
          created_at: sql<Date>`now()`,
        }))
        .where(sql<boolean>`analytics_price_tables.prices_version <= excluded.prices_version`),
    )
    .execute();
}

/**
 * The transactions kept for the repository (`keepTransactionTable`) if of this transactions version or an older
 * one (the caller patches an older one with the transactions changed since).
 */
export function keptTransactionTable(
  db: Kysely<Database>,
  repositoryId: string,
  transactionsVersion: number,
) {
  return db
    .selectFrom('analytics_transaction_tables')
    .select(['transaction_count', 'packed', 'transactions_version'])
    .where('repository_id', '=', repositoryId)
    .where('transactions_version', '<=', transactionsVersion)
    .executeTakeFirst();
}

/**
 * How many live transactions the repository has, counting to `limit` + 1 at most: whether a first compute
 * would read more than a part of them.
 */
export async function liveTransactionsUpTo(db: Kysely<Database>, repositoryId: string, limit: number) {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM (
      SELECT 1 FROM transactions WHERE repository_id = ${repositoryId} AND deleted_at IS NULL LIMIT ${limit + 1}
    ) AS live
  `.execute(db);
  return rows[0]?.count ?? 0;
}

/** How many of the repository's assets have prices (each found by the price index, not by reading them). */
export async function pricedAssetCount(db: Kysely<Database>, repositoryId: string) {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM assets a
    WHERE a.repository_id = ${repositoryId}
      AND EXISTS (SELECT 1 FROM asset_prices p WHERE p.repository_id = a.repository_id AND p.asset_id = a.id)
  `.execute(db);
  return rows[0]?.count ?? 0;
}

/** The transactions version of the repository's kept transactions; undefined when none are kept. */
export async function keptTransactionVersion(
  db: Kysely<Database>,
  repositoryId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('analytics_transaction_tables')
    .select('transactions_version')
    .where('repository_id', '=', repositoryId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.transactions_version);
}

/** Keeps transactions read at `transactionsVersion`, unless some of a later version are kept already. */
export async function keepTransactionTable(
  db: Kysely<Database>,
  table: { repositoryId: string; transactionsVersion: number; transactionCount: number; packed: Uint8Array },
) {
  await db
    .insertInto('analytics_transaction_tables')
    .values({
      repository_id: table.repositoryId,
      transactions_version: table.transactionsVersion,
      transaction_count: table.transactionCount,
      packed: Buffer.from(table.packed.buffer, table.packed.byteOffset, table.packed.byteLength),
    })
    .onConflict((oc) =>
      oc
        .column('repository_id')
        .doUpdateSet((eb) => ({
          transactions_version: eb.ref('excluded.transactions_version'),
          transaction_count: eb.ref('excluded.transaction_count'),
          packed: eb.ref('excluded.packed'),
          created_at: sql<Date>`now()`,
        }))
        .where(
          sql<boolean>`analytics_transaction_tables.transactions_version <= excluded.transactions_version`,
        ),
    )
    .execute();
}

export function liveAssets(db: Kysely<Database>, repositoryId: string) {
  return db
    .selectFrom('assets')
    .select(['id', 'name', 'type', 'currency', 'ticker', 'parent_id'])
    .where('repository_id', '=', repositoryId)
    .where('deleted_at', 'is', null)
    .execute();
}

export function assetTagPairs(db: Kysely<Database>, repositoryId: string) {
  return db
    .selectFrom('asset_tags as at')
    .innerJoin('tags as t', 't.id', 'at.tag_id')
    .select(['at.asset_id', 't.tag_name', 't.tag_value'])
    .where('at.repository_id', '=', repositoryId)
    .execute();
}

/**
 * The repository's data version, its prices and transactions versions and its first live transaction's date (null when it has
 * none). Read before the data they name: a write after this read makes the loaded data newer than the versions
 * say, never older, and the next request sees the new versions.
 */
export function analyticsFacts(db: Kysely<Database>, repositoryId: string) {
  return db
    .selectFrom('repositories as r')
    .select((eb) => [
      'r.data_version',
      'r.prices_version',
      'r.transactions_version',
      eb
        .selectFrom('transactions as t')
        .select((inner) => inner.fn.min('t.date').as('first'))
        .whereRef('t.repository_id', '=', 'r.id')
        .where('t.deleted_at', 'is', null)
        .as('first_date'),
    ])
    .where('r.id', '=', repositoryId)
    .executeTakeFirstOrThrow();
}

/**
 * Repositories whose analytics were computed in the last `days` days but which have no kept price table or no
 * kept transactions (an upgrade emptied them, or nobody computed since they were written), the most recently
 * computed first: those whose next compute would read everything.
 */
export async function recentRepositoriesWithoutTables(
  db: Kysely<Database>,
  days: number,
  limit: number,
): Promise<string[]> {
  const { rows } = await sql<{ repository_id: string }>`
    SELECT r.repository_id
    FROM analytics_results r
    WHERE r.created_at > now() - make_interval(days => ${days})
      AND (
        NOT EXISTS (SELECT 1 FROM analytics_transaction_tables t WHERE t.repository_id = r.repository_id)
        OR NOT EXISTS (SELECT 1 FROM analytics_price_tables p WHERE p.repository_id = r.repository_id)
      )
    GROUP BY r.repository_id
    ORDER BY max(r.created_at) DESC
    LIMIT ${limit}
  `.execute(db);
  return rows.map((row) => row.repository_id);
}

/** What the loader needs of a repository, for a compute that arrives as a job (no caller to check). */
export function findLoaderRepository(db: Kysely<Database>, repositoryId: string) {
  return db
    .selectFrom('repositories')
    .select(['id', 'currency', 'settings'])
    .where('id', '=', repositoryId)
    .executeTakeFirst();
}
