import type {
  TAnalyticsAsset,
  TAnalyticsInput,
  TAnalyticsPriceSeries,
  TAnalyticsRequest,
  TAnalyticsTransaction,
} from '@strata/core/analytics/analytics-types';
import { findTransactionType } from '@strata/core/transactions/catalogue';
import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

export interface TLoadedRepository {
  input: TAnalyticsInput;
  transactionCount: number;
  priceCount: number;
}

export interface TLoaderRepository {
  id: string;
  currency: string;
  settings: Record<string, unknown>;
}

/** [id, date, type, [[position, account_id, asset_id, amount, pos_id], …] | null] */
type TTransactionTuple = [
  string,
  string,
  string,
  Array<[number, string, string, string, string | null]> | null,
];

/**
 * Live transactions with their entries as one JSON document built by the database: one row to read and
 * one JSON.parse, where 300k entry rows through the driver cost seconds. Amounts travel as text (exact).
 */
async function loadTransactions(db: Kysely<Database>, repositoryId: string): Promise<TTransactionTuple[]> {
  const { rows } = await sql<{ json: string }>`
    SELECT coalesce(json_agg(
      json_build_array(t.id, t.date, t.type, (
        SELECT json_agg(json_build_array(e.position, e.account_id, e.asset_id, e.amount::text, e.pos_id)
                        ORDER BY e.position)
        FROM transaction_entries e WHERE e.transaction_id = t.id
      )) ORDER BY t.date, t.created_at, t.id), '[]')::text AS json
    FROM transactions t
    WHERE t.repository_id = ${repositoryId} AND t.deleted_at IS NULL
  `.execute(db);
  return JSON.parse(rows[0]?.json ?? '[]') as TTransactionTuple[];
}

/**
 * Prices as the engine's columns (`price_series`, one per asset and source), aggregated by the database
 * into two comma lists per series: 2.6M price rows arrive as a few thousand rows. Days are epoch days.
 */
async function loadPriceSeries(
  db: Kysely<Database>,
  repositoryId: string,
): Promise<{ series: TAnalyticsPriceSeries[]; count: number }> {
  const { rows } = await sql<{ asset_id: string; source: string; days: string; closes: string }>`
    SELECT asset_id, source,
      string_agg((date - DATE '1970-01-01')::text, ',' ORDER BY date) AS days,
      string_agg(close::float8::text, ',' ORDER BY date) AS closes
    FROM asset_prices
    WHERE repository_id = ${repositoryId} AND date > '-infinity'::date AND date < 'infinity'::date
    GROUP BY asset_id, source
  `.execute(db);
  let count = 0;
  const series = rows.map((row) => {
    const days = Int32Array.from(row.days.split(','), Number);
    const closes = Float64Array.from(row.closes.split(','), Number);
    count += days.length;
    return { asset_id: row.asset_id, source: row.source, days, closes };
  });
  return { series, count };
}

async function loadAssets(db: Kysely<Database>, repository: TLoaderRepository): Promise<TAnalyticsAsset[]> {
  const [assetRows, tagRows] = await Promise.all([
    db
      .selectFrom('assets')
      .select(['id', 'name', 'type', 'currency', 'ticker', 'parent_id'])
      .where('repository_id', '=', repository.id)
      .where('deleted_at', 'is', null)
      .execute(),
    db
      .selectFrom('asset_tags as at')
      .innerJoin('tags as t', 't.id', 'at.tag_id')
      .select(['at.asset_id', 't.tag_name', 't.tag_value'])
      .where('at.repository_id', '=', repository.id)
      .execute(),
  ]);
  const tagsByAsset = new Map<string, Array<{ name: string; value: string }>>();
  for (const tag of tagRows) {
    const list = tagsByAsset.get(tag.asset_id) ?? [];
    list.push({ name: tag.tag_name, value: tag.tag_value });
    tagsByAsset.set(tag.asset_id, list);
  }
  return assetRows.map((asset) => ({
    id: asset.id,
    name: asset.name,
    type: asset.type,
    currency: asset.currency ?? repository.currency,
    ...(asset.ticker ? { ticker: asset.ticker } : {}),
    parent_id: asset.parent_id,
    tags: tagsByAsset.get(asset.id) ?? [],
  }));
}

/**
 * Reads a repository into the engine's input: live assets with their tags, live transactions with each
 * entry's role from the catalogue (by slot), every price as columns (currency assets' prices are the FX
 * rates), and the repository's price-source precedence.
 */
export async function loadAnalyticsInput(
  db: Kysely<Database>,
  repository: TLoaderRepository,
  request: TAnalyticsRequest,
  today: string,
): Promise<TLoadedRepository> {
  const [assets, tuples, prices] = await Promise.all([
    loadAssets(db, repository),
    loadTransactions(db, repository.id),
    loadPriceSeries(db, repository.id),
  ]);
  const transactions: TAnalyticsTransaction[] = tuples.map(([id, date, type, entries]) => {
    const slots = findTransactionType(type)?.entries ?? [];
    return {
      id,
      date,
      type,
      entries: (entries ?? []).map(([position, account_id, asset_id, amount, pos_id]) => ({
        account_id,
        asset_id,
        amount,
        role: slots[position]?.role ?? 'position',
        pos_id,
      })),
    };
  });
  const precedence = Array.isArray(repository.settings.price_source_precedence)
    ? (repository.settings.price_source_precedence as string[])
    : [];
  return {
    input: {
      currency: repository.currency,
      assets,
      transactions,
      price_series: prices.series,
      price_source_precedence: precedence,
      request,
      today,
    },
    transactionCount: transactions.length,
    priceCount: prices.count,
  };
}
