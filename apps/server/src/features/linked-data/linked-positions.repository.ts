import type { TFilter } from '@strata/core/filters/filter-model';
import type { TSort } from '@strata/core/filters/sort-model';
import type { TPositionFilterField } from '@strata/core/linked-data/position-filter-fields';
import { scalarColumn } from '@strata/db/filters/filter-columns';
import { applyFilter, applySearch, applySort } from '@strata/db/filters/translate-filter';
import type { Database } from '@strata/db/schema';
import type { LinkedPositionsTable, TLinkedSecurityKind } from '@strata/db/schema-linked-investments';
import { type Kysely, type Selectable, sql } from 'kysely';

type TDb = Kysely<Database>;

export type TLinkedPositionRow = Selectable<LinkedPositionsTable> & {
  /** The smart transaction the position is mapped to (`mappedTransactionId`). */
  transaction_id: string | null;
  connector_name: string;
  account_name: string | null;
  account_number: string | null;
  account_type: string | null;
  asset_id: string | null;
  description: string | null;
  ticker: string | null;
  unique_id: string;
  id_type: string;
  security_kind: TLinkedSecurityKind;
};

/** Where each of the positions list's filter fields lives in its query. */
const POSITION_COLUMNS: Record<TPositionFilterField, ReturnType<typeof scalarColumn>> = {
  description: scalarColumn('text', sql.ref('s.name')),
  ticker: scalarColumn('text', sql.ref('s.ticker')),
  unique_id: scalarColumn('text', sql.ref('s.unique_id')),
  security_kind: scalarColumn('simple', sql.ref('s.kind')),
  amount: scalarColumn('amount', sql.ref('p.quantity')),
  quantity: scalarColumn('amount', sql.ref('p.quantity')),
  price: scalarColumn('amount', sql.ref('p.price')),
  value: scalarColumn('amount', sql.ref('p.value')),
  currency: scalarColumn('simple', sql.ref('p.currency')),
  as_of_date: scalarColumn('date', sql.ref('p.as_of_date')),
  connector_name: scalarColumn('text', sql.ref('c.name')),
  account_name: scalarColumn('text', sql.ref('a.name')),
  account_number: scalarColumn('text', sql.ref('a.number')),
};

/** What the search box looks in: the security's name, ticker and id, the account and the connector. */
const SEARCHED = (
  ['description', 'ticker', 'unique_id', 'account_name', 'account_number', 'connector_name'] as const
).map((field) => POSITION_COLUMNS[field]);

/**
 * The product's own transaction a position is mapped to (seed §2's 'View Transaction'): the smart transaction
 * a mapping rule made from the position's latest trade — a linked transaction of the same linked account and
 * security, dated on or before the position's as-of date, whose smart transaction is not in the trash. Read,
 * not stored: a rule applied, a smart transaction trashed, restored or deleted, an account moved (its trades'
 * ids cleared) or a later statement's positions all answer it without a write path keeping a copy in step.
 * Migration 0038's partial index holds only mapped trades, so this is a short index probe per position.
 */
const mappedTransactionId = sql<string | null>`(select lt.transaction_id from linked_transactions lt
  join transactions st on st.id = lt.transaction_id and st.deleted_at is null
  where lt.linked_account_id = p.linked_account_id and lt.security_id = p.security_id
    and lt.date <= p.as_of_date and lt.transaction_id is not null
  order by lt.date desc, lt.created_at desc, lt.id desc limit 1)`;

function positionsQuery(db: TDb) {
  return db
    .selectFrom('linked_positions as p')
    .innerJoin('linked_securities as s', 's.id', 'p.security_id')
    .innerJoin('linked_accounts as a', 'a.id', 'p.linked_account_id')
    .innerJoin('connectors as c', 'c.id', 'a.connector_id')
    .selectAll('p')
    .select([
      'c.name as connector_name',
      'a.name as account_name',
      'a.number as account_number',
      'a.type as account_type',
      'a.asset_id as asset_id',
      's.name as description',
      's.ticker as ticker',
      's.unique_id as unique_id',
      's.id_type as id_type',
      's.kind as security_kind',
      mappedTransactionId.as('transaction_id'),
    ]);
}

export interface TPositionsQuery {
  repositoryId: string;
  linkedAccountId?: string;
  search?: string;
  filter: TFilter;
  sort: TSort;
  /** Anchors a relative date filter (LAST n days). */
  today: string;
  pageSize: number;
  pageNo: number;
}

export async function listLinkedPositions(
  db: TDb,
  query: TPositionsQuery,
): Promise<{ rows: TLinkedPositionRow[]; total: number }> {
  let filtered = positionsQuery(db)
    .where('p.repository_id', '=', query.repositoryId)
    .$if(query.linkedAccountId !== undefined, (q) =>
      q.where('p.linked_account_id', '=', query.linkedAccountId as string),
    );
  filtered = applyFilter(filtered, query.filter, POSITION_COLUMNS, { today: query.today });
  filtered = applySearch(filtered, query.search, SEARCHED);
  const counted = await filtered
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  // Newest statement first, then by security name, when the caller sorts by nothing (or after its keys).
  const rows = await applySort(filtered, query.sort, POSITION_COLUMNS)
    .orderBy('p.as_of_date', 'desc')
    .orderBy('s.name')
    .orderBy('p.id')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { rows, total: Number(counted.total) };
}

export async function findLinkedPosition(db: TDb, id: string): Promise<TLinkedPositionRow | undefined> {
  return positionsQuery(db).where('p.id', '=', id).executeTakeFirst();
}
