import type { TAnalyticsAsset, TAnalyticsRequest } from '@strata/core/analytics/analytics-types';
import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';
import type { TAnalyticsSource, TPriceSeriesText } from './analytics-source.ts';

export interface TLoadedRepository {
  source: TAnalyticsSource;
  transactionCount: number;
  priceCount: number;
}

export interface TLoaderRepository {
  id: string;
  currency: string;
  settings: Record<string, unknown>;
}

/**
 * Live transactions with their entries as one text the worker parses (analytics-source.ts): a line per entry in
 * date order, `transaction number,epoch day,slot,account_id,asset_id,amount,pos_id,type`, the number counting
 * transactions in that order (a transaction without entries is one line with empty entry fields; the type,
 * last, may hold anything). One join and one sort instead of a JSON document built per transaction: 0.85 →
 * 0.45 s at 100k transactions, the longest query of a cold request. Amounts travel as text (exact).
 */
async function loadTransactions(
  db: Kysely<Database>,
  repositoryId: string,
): Promise<{ text: string; count: number }> {
  const { rows } = await sql<{ text: string | null; count: number | null }>`
    SELECT string_agg(line, E'\n') AS text, max(number)::int AS count
    FROM (
      SELECT dense_rank() OVER (ORDER BY t.date, t.seq) AS number,
        concat_ws(',', dense_rank() OVER (ORDER BY t.date, t.seq), t.date - DATE '1970-01-01',
          coalesce(e.position::text, ''), coalesce(e.account_id::text, ''), coalesce(e.asset_id::text, ''),
          coalesce(e.amount::text, ''), coalesce(e.pos_id::text, ''), t.type) AS line
      FROM transactions t
      LEFT JOIN transaction_entries e ON e.transaction_id = t.id AND e.repository_id = ${repositoryId}
      WHERE t.repository_id = ${repositoryId} AND t.deleted_at IS NULL
      ORDER BY t.date, t.seq, e.position
    ) AS ordered
  `.execute(db);
  return { text: rows[0]?.text ?? '', count: rows[0]?.count ?? 0 };
}

/**
 * Prices as comma lists per asset and source (epoch days; closes as numeric text, which PostgreSQL writes
 * faster than float8's shortest form): 2.6M price rows arrive as a few thousand rows. The inner ORDER BY is
 * served by asset_prices_series_idx (no sort) and feeds each group in date order; the worker still checks
 * the order (analytics-source.ts) rather than trust it.
 */
async function loadPriceSeries(
  db: Kysely<Database>,
  repositoryId: string,
): Promise<{ series: TPriceSeriesText[]; count: number }> {
  const { rows } = await sql<TPriceSeriesText & { count: number }>`
    SELECT asset_id, source, count(*)::int AS count, string_agg(day, ',') AS days, string_agg(close, ',') AS closes
    FROM (
      SELECT asset_id, source, (date - DATE '1970-01-01')::text AS day, close::text AS close
      FROM asset_prices
      WHERE repository_id = ${repositoryId} AND date > '-infinity'::date AND date < 'infinity'::date
      ORDER BY asset_id, source, date
    ) AS ordered
    GROUP BY asset_id, source
  `.execute(db);
  let count = 0;
  const series = rows.map(({ count: n, ...row }) => {
    count += n;
    return row;
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
 * Reads a repository for the engine: live assets with their tags, live transactions (entries get their roles
 * in the worker), every price (currency assets' prices are the FX rates), and the repository's price-source
 * precedence. The large parts stay text for the worker to parse (analytics-source.ts).
 */
export async function loadAnalyticsInput(
  db: Kysely<Database>,
  repository: TLoaderRepository,
  request: TAnalyticsRequest,
  today: string,
): Promise<TLoadedRepository> {
  const [assets, transactions, prices] = await Promise.all([
    loadAssets(db, repository),
    loadTransactions(db, repository.id),
    loadPriceSeries(db, repository.id),
  ]);
  const precedence = Array.isArray(repository.settings.price_source_precedence)
    ? (repository.settings.price_source_precedence as string[])
    : [];
  return {
    source: {
      currency: repository.currency,
      assets,
      transactionsText: transactions.text,
      prices: prices.series,
      precedence,
      request,
      today,
    },
    transactionCount: transactions.count,
    priceCount: prices.count,
  };
}
