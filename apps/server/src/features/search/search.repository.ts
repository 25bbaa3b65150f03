import { containsPattern } from '@strata/db/filters/translate-filter';
import type { Database } from '@strata/db/schema';
import { type Kysely, sql } from 'kysely';

// Every query is scoped by repository and limited; the texts match anywhere (ILIKE '%…%'), served by the
// trigram indexes of migration 2026-11-26-0018 where the table is large (assets, transactions).

/** An ILIKE pattern matching names that start with `text` (its %, _ and \ matching themselves). */
function prefixPattern(text: string): string {
  return containsPattern(text).slice(1);
}

/** Which asset types a group takes. */
export type TAssetTypeFilter = { in: readonly string[] } | { notIn: readonly string[] };

export interface TAssetHit {
  id: string;
  name: string;
  ticker: string | null;
  type: string;
}

/** Live (not trashed) assets whose name or ticker contains `text`; names starting with it first. */
export function findAssets(
  db: Kysely<Database>,
  repositoryId: string,
  text: string,
  types: TAssetTypeFilter,
  limit: number,
): Promise<TAssetHit[]> {
  const pattern = containsPattern(text);
  return db
    .selectFrom('assets')
    .select(['id', 'name', 'ticker', 'type'])
    .where('repository_id', '=', repositoryId)
    .where('deleted_at', 'is', null)
    .$call((query) =>
      'in' in types ? query.where('type', 'in', types.in) : query.where('type', 'not in', types.notIn),
    )
    .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('ticker', 'ilike', pattern)]))
    .orderBy(sql`name ILIKE ${prefixPattern(text)}`, 'desc')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface TTransactionHit {
  id: string;
  date: string;
  type: string;
  description: string | null;
}

const liveTransactions = (db: Kysely<Database>, repositoryId: string) =>
  db
    .selectFrom('transactions as t')
    .select(['t.id', 't.date', 't.type', 't.description'])
    .where('t.repository_id', '=', repositoryId)
    .where('t.deleted_at', 'is', null);

/** Newest live transactions whose description contains `text`. */
export function findTransactionsByDescription(
  db: Kysely<Database>,
  repositoryId: string,
  text: string,
  limit: number,
): Promise<TTransactionHit[]> {
  return liveTransactions(db, repositoryId)
    .where('t.description', 'ilike', containsPattern(text))
    .orderBy('t.date', 'desc')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

/** Newest live transactions with an entry on one of `accountIds` (the counterparty accounts found). */
export function findTransactionsByAccounts(
  db: Kysely<Database>,
  repositoryId: string,
  accountIds: readonly string[],
  limit: number,
): Promise<TTransactionHit[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return liveTransactions(db, repositoryId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('transaction_entries as e')
          .select('e.transaction_id')
          .whereRef('e.transaction_id', '=', 't.id')
          .where('e.account_id', 'in', accountIds),
      ),
    )
    .orderBy('t.date', 'desc')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

/** Newest live transactions with an entry of exactly `amount` or its negative (a decimal text). */
export function findTransactionsByAmount(
  db: Kysely<Database>,
  repositoryId: string,
  amount: string,
  limit: number,
): Promise<TTransactionHit[]> {
  return liveTransactions(db, repositoryId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('transaction_entries as e')
          .select('e.transaction_id')
          .whereRef('e.transaction_id', '=', 't.id')
          .where('e.repository_id', '=', repositoryId)
          .where('e.amount', 'in', [sql<string>`${amount}::numeric`, sql<string>`-${amount}::numeric`]),
      ),
    )
    .orderBy('t.date', 'desc')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

export interface TTagHit {
  id: string;
  tag_name: string;
  tag_value: string;
}

export function findTags(
  db: Kysely<Database>,
  repositoryId: string,
  text: string,
  limit: number,
): Promise<TTagHit[]> {
  const pattern = containsPattern(text);
  return db
    .selectFrom('tags')
    .select(['id', 'tag_name', 'tag_value'])
    .where('repository_id', '=', repositoryId)
    .where((eb) => eb.or([eb('tag_name', 'ilike', pattern), eb('tag_value', 'ilike', pattern)]))
    .orderBy('tag_name')
    .orderBy('tag_value')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface TContactHit {
  id: string;
  name: string;
  email: string | null;
  company: string | null;
}

export function findContacts(
  db: Kysely<Database>,
  repositoryId: string,
  text: string,
  limit: number,
): Promise<TContactHit[]> {
  const pattern = containsPattern(text);
  return db
    .selectFrom('contacts')
    .select(['id', 'name', 'email', 'company'])
    .where('repository_id', '=', repositoryId)
    .where((eb) =>
      eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern), eb('company', 'ilike', pattern)]),
    )
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface TDocumentHit {
  id: string;
  name: string;
  filename: string | null;
  source: string;
}

export function findDocuments(
  db: Kysely<Database>,
  repositoryId: string,
  text: string,
  limit: number,
): Promise<TDocumentHit[]> {
  const pattern = containsPattern(text);
  return db
    .selectFrom('documents')
    .select(['id', 'name', 'filename', 'source'])
    .where('repository_id', '=', repositoryId)
    .where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('filename', 'ilike', pattern),
        eb('description', 'ilike', pattern),
      ]),
    )
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}
