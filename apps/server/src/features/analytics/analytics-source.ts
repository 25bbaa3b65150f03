import type {
  TAnalyticsAsset,
  TAnalyticsInput,
  TAnalyticsPriceSeries,
  TAnalyticsRequest,
  TAnalyticsTransaction,
} from '@strata/core/analytics/analytics-types';
import { findTransactionType } from '@strata/core/transactions/catalogue';

/** One price series as the database aggregated it: epoch days and closes as comma lists. */
export interface TPriceSeriesText {
  asset_id: string;
  source: string;
  days: string;
  closes: string;
}

/**
 * A repository as the loader read it: the large parts still text (transactions as one JSON document, prices as
 * comma lists), so the API thread only passes strings on and the worker does the parsing — at 100k
 * transactions and 2.6M prices that parsing took the event loop for most of a second.
 */
export interface TAnalyticsSource {
  currency: string;
  assets: TAnalyticsAsset[];
  transactionsJson: string;
  prices: TPriceSeriesText[];
  precedence: string[];
  request: TAnalyticsRequest;
  today: string;
}

/** [id, date, type, [[position, account_id, asset_id, amount, pos_id], …] | null] */
type TTransactionTuple = [
  string,
  string,
  string,
  Array<[number, string, string, string, string | null]> | null,
];

/** Columns of one series, in date order (sorted here if the database ever handed them otherwise). */
export function seriesOf(row: TPriceSeriesText): TAnalyticsPriceSeries {
  const days = Int32Array.from(row.days.split(','), Number);
  const closes = Float64Array.from(row.closes.split(','), Number);
  for (let index = 1; index < days.length; index += 1) {
    if ((days[index] as number) < (days[index - 1] as number)) {
      const order = Array.from(days.keys()).sort((a, b) => (days[a] as number) - (days[b] as number));
      return {
        asset_id: row.asset_id,
        source: row.source,
        days: Int32Array.from(order, (at) => days[at] as number),
        closes: Float64Array.from(order, (at) => closes[at] as number),
      };
    }
  }
  return { asset_id: row.asset_id, source: row.source, days, closes };
}

/** The engine's input: each entry gets its role from the catalogue (by slot). */
export function buildAnalyticsInput(source: TAnalyticsSource): TAnalyticsInput {
  const tuples = JSON.parse(source.transactionsJson) as TTransactionTuple[];
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
  return {
    currency: source.currency,
    assets: source.assets,
    transactions,
    price_series: source.prices.map(seriesOf),
    price_source_precedence: source.precedence,
    request: source.request,
    today: source.today,
  };
}
