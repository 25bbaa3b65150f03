// Scenario fixtures: the example repository of docs/domain.md (transactions/type-examples.ts) as engine
// input, so scenario tests use exactly the assets and transactions the docs work by hand.
import { findTransactionType } from '../../transactions/catalogue.ts';
import { EXAMPLE_ASSETS, TYPE_EXAMPLES } from '../../transactions/type-examples.ts';
import type {
  TAnalyticsAsset,
  TAnalyticsInput,
  TAnalyticsPrice,
  TAnalyticsRequest,
  TAnalyticsTransaction,
} from '../analytics-types.ts';

export const EXAMPLE_ANALYTICS_ASSETS: TAnalyticsAsset[] = [...EXAMPLE_ASSETS].map(([id, asset]) => ({
  id,
  name: asset.name,
  type: asset.type,
  ticker: asset.ticker,
  currency: 'USD',
  tags: asset.category ? [{ name: 'Category', value: asset.category }] : [],
}));

let counter = 0;

/** A transaction of a catalogue type; entry roles come from the type's slots, in order. */
export function tx(
  type: string,
  date: string,
  entries: [string, string, string, string?][],
): TAnalyticsTransaction {
  const definition = findTransactionType(type);
  if (!definition) throw new Error(`unknown type ${type}`);
  return {
    id: `t${++counter}`,
    date,
    type,
    entries: entries.map(([account_id, asset_id, amount, pos_id], i) => ({
      account_id,
      asset_id,
      amount,
      pos_id: pos_id ?? null,
      role: definition.entries[i]!.role,
    })),
  };
}

/** The worked example of a type, from type-examples.ts, on another date if given. */
export function example(type: string, date?: string): TAnalyticsTransaction {
  const found = TYPE_EXAMPLES.find((e) => e.draft.type === type);
  if (!found) throw new Error(`no example for ${type}`);
  const draft = found.draft;
  return tx(
    type,
    date ?? (draft.date as string),
    (draft.entries ?? []).map((e) => [e.account_id!, e.asset_id!, String(e.amount), e.pos_id ?? undefined]),
  );
}

export const price = (asset_id: string, date: string, close: number, source = 'manual'): TAnalyticsPrice => ({
  asset_id,
  date,
  close,
  source,
});

export function input(options: {
  transactions: TAnalyticsTransaction[];
  prices?: TAnalyticsPrice[];
  request?: Partial<TAnalyticsRequest>;
  assets?: TAnalyticsAsset[];
  currency?: string;
}): TAnalyticsInput {
  return {
    currency: options.currency ?? 'USD',
    assets: options.assets ?? EXAMPLE_ANALYTICS_ASSETS,
    transactions: options.transactions,
    prices: options.prices ?? [],
    price_source_precedence: ['override', 'manual', 'connector'],
    today: '2025-01-01',
    request: {
      periods: 12,
      freq: 'month',
      end: '2024-12-31',
      include_end: true,
      datasets: [
        'value_view',
        'income_view',
        'irr_moic_view',
        'performance_view',
        'position_view',
        'tree_view',
        'commitments_view',
      ],
      scope: 'root',
      ...options.request,
    },
  };
}
