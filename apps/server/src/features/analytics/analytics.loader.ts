import type {
  TAnalyticsAsset,
  TAnalyticsInput,
  TAnalyticsRequest,
} from '@strata/core/analytics/analytics-types';
import { findTransactionType } from '@strata/core/transactions/catalogue';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

export interface TLoadedRepository {
  input: TAnalyticsInput;
  transactionCount: number;
}

/**
 * Reads a repository into the engine's input: live assets with their tags, live transactions with each
 * entry's role from the catalogue (by slot), every price, and the repository's price-source precedence.
 */
export async function loadAnalyticsInput(
  db: Kysely<Database>,
  repository: { id: string; currency: string; settings: Record<string, unknown> },
  request: TAnalyticsRequest,
  today: string,
): Promise<TLoadedRepository> {
  const [assetRows, tagRows, transactionRows, entryRows, priceRows] = await Promise.all([
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
    db
      .selectFrom('transactions')
      .select(['id', 'date', 'type'])
      .where('repository_id', '=', repository.id)
      .where('deleted_at', 'is', null)
      .orderBy('date')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('transaction_entries as e')
      .innerJoin('transactions as t', 't.id', 'e.transaction_id')
      .select(['e.transaction_id', 'e.position', 'e.account_id', 'e.asset_id', 'e.amount', 'e.pos_id'])
      .where('e.repository_id', '=', repository.id)
      .where('t.deleted_at', 'is', null)
      .orderBy('e.transaction_id')
      .orderBy('e.position')
      .execute(),
    db
      .selectFrom('asset_prices')
      .select(['asset_id', 'date', 'close', 'source'])
      .where('repository_id', '=', repository.id)
      .orderBy('asset_id')
      .orderBy('date')
      .execute(),
  ]);

  const tagsByAsset = new Map<string, Array<{ name: string; value: string }>>();
  for (const tag of tagRows) {
    const list = tagsByAsset.get(tag.asset_id) ?? [];
    list.push({ name: tag.tag_name, value: tag.tag_value });
    tagsByAsset.set(tag.asset_id, list);
  }
  const assets: TAnalyticsAsset[] = assetRows.map((asset) => ({
    id: asset.id,
    name: asset.name,
    type: asset.type,
    currency: asset.currency ?? repository.currency,
    ...(asset.ticker ? { ticker: asset.ticker } : {}),
    parent_id: asset.parent_id,
    tags: tagsByAsset.get(asset.id) ?? [],
  }));

  const entriesByTransaction = new Map<string, typeof entryRows>();
  for (const entry of entryRows) {
    const list = entriesByTransaction.get(entry.transaction_id) ?? [];
    list.push(entry);
    entriesByTransaction.set(entry.transaction_id, list);
  }
  const transactions = transactionRows.map((transaction) => {
    const slots = findTransactionType(transaction.type)?.entries ?? [];
    return {
      id: transaction.id,
      date: transaction.date,
      type: transaction.type,
      entries: (entriesByTransaction.get(transaction.id) ?? []).map((entry) => ({
        account_id: entry.account_id,
        asset_id: entry.asset_id,
        amount: entry.amount,
        role: slots[entry.position]?.role ?? 'position',
        pos_id: entry.pos_id,
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
      prices: priceRows.map((price) => ({
        asset_id: price.asset_id,
        date: price.date,
        close: price.close,
        source: price.source,
      })),
      price_source_precedence: precedence,
      request,
      today,
    },
    transactionCount: transactions.length,
  };
}
