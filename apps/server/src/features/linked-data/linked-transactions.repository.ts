import type { TFilter } from '@strata/core/filters/filter-model';
import type { TSort } from '@strata/core/filters/sort-model';
import type {
  TLinkedOptionField,
  TLinkedPivotAggregate,
  TLinkedPivotDimension,
  TLinkedTransactionField,
} from '@strata/core/linked-data/linked-transaction-fields';
import { elementsColumn, scalarColumn, type TFilterColumns } from '@strata/db/filters/filter-columns';
import { applyFilter, applySearch, applySort, containsPattern } from '@strata/db/filters/translate-filter';
import type { Database } from '@strata/db/schema';
import type { LinkedTransactionsTable } from '@strata/db/schema-linked-data';
import { type Expression, type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';

type TDb = Kysely<Database>;

// Every expression below is over `linked_transactions as t` joined to `linked_accounts as a` and
// `connectors as c` (the `matching` query).
// date_part (float8), not extract (numeric since PostgreSQL 14): a third cheaper per row in a 100k-row pivot.
const yearOf = sql<number>`date_part('year', t.date)::int`;
const quarterOf = sql<number>`date_part('quarter', t.date)::int`;
const monthOf = sql<number>`date_part('month', t.date)::int`;
/** The names of a row's tags (its jsonb list of tag ids). */
const tagNames = sql`select tt.name from jsonb_array_elements_text(t.tags) as tag(id)
  join linked_transaction_tags tt on tt.id = tag.id::uuid`;

/** A row's tags as [{ id, name }], by name. */
const tagRefs = sql`coalesce((select json_agg(json_build_object('id', tt.id, 'name', tt.name)
  order by lower(tt.name), tt.id) from jsonb_array_elements_text(t.tags) as tag(id)
  join linked_transaction_tags tt on tt.id = tag.id::uuid), '[]'::json)`;

/** Where each field of core's LINKED_TRANSACTION_FIELDS lives in SQL, for the shared filter translator. */
export const LINKED_TRANSACTION_COLUMNS: Readonly<Record<TLinkedTransactionField, TFilterColumns[string]>> = {
  connector_name: scalarColumn('simple', sql.ref('c.name')),
  account_name: scalarColumn('simple', sql.ref('a.name')),
  account_number: scalarColumn('simple', sql.ref('a.number')),
  account_type: scalarColumn('simple', sql.ref('a.type')),
  tags: elementsColumn('text', tagNames),
  year: scalarColumn('amount', yearOf),
  quarter: scalarColumn('amount', quarterOf),
  month: scalarColumn('amount', monthOf),
  date: scalarColumn('date', sql.ref('t.date')),
  type: scalarColumn('simple', sql.ref('t.type')),
  access_method: scalarColumn('simple', sql.ref('c.kind')),
  category: scalarColumn('simple', sql.ref('t.category')),
  subcategory: scalarColumn('simple', sql.ref('t.subcategory')),
  counterparty: scalarColumn('text', sql.ref('t.counterparty')),
  description: scalarColumn('text', sql.ref('t.description')),
  amount: scalarColumn('amount', sql.ref('t.amount')),
  status: scalarColumn('simple', sql.ref('t.status')),
  mapping_status: scalarColumn('simple', sql.ref('t.mapping_status')),
};

/** Free text looks in the counterparty, description, account name and number, connector and the amount's text. */
const SEARCH_COLUMNS = [
  LINKED_TRANSACTION_COLUMNS.counterparty,
  LINKED_TRANSACTION_COLUMNS.description,
  LINKED_TRANSACTION_COLUMNS.account_name,
  LINKED_TRANSACTION_COLUMNS.account_number,
  LINKED_TRANSACTION_COLUMNS.connector_name,
  scalarColumn('text', sql`t.amount::text`),
];

/** What a list page, its count and a pivot match. */
export interface TLinkedMatch {
  repositoryId: string;
  filter: TFilter;
  search: string;
  assetId: string | undefined;
  linkedAccountId: string | undefined;
  /** The user's calendar day, for LAST n days. */
  today: string;
  /** Leave out rows carrying this tag id (the 'exclude' tag, for the pivot). */
  withoutTagId?: string | undefined;
}

function joined(db: TDb) {
  return db
    .selectFrom('linked_transactions as t')
    .innerJoin('linked_accounts as a', 'a.id', 't.linked_account_id')
    .innerJoin('connectors as c', 'c.id', 'a.connector_id');
}

function matching(db: TDb, match: TLinkedMatch) {
  const base = joined(db)
    .where('t.repository_id', '=', match.repositoryId)
    .$if(match.assetId !== undefined, (q) => q.where('a.asset_id', '=', match.assetId as string))
    .$if(match.linkedAccountId !== undefined, (q) =>
      q.where('t.linked_account_id', '=', match.linkedAccountId as string),
    )
    .$if(match.withoutTagId !== undefined, (q) =>
      q.where(sql<boolean>`not (t.tags @> ${JSON.stringify([match.withoutTagId])}::jsonb)`),
    );
  return applySearch(
    applyFilter(base, match.filter, LINKED_TRANSACTION_COLUMNS, { today: match.today }),
    match.search,
    SEARCH_COLUMNS,
  );
}

export type TLinkedTransactionRow = Omit<Selectable<LinkedTransactionsTable>, 'source' | 'tags'> & {
  connector_name: string;
  access_method: string;
  account_name: string | null;
  account_number: string | null;
  account_type: string | null;
  asset_id: string | null;
  /** The row's tags with their names, by name. */
  tag_refs: { id: string; name: string }[];
};

/** One row as the list answers it: everything but the JSON source, with its tags' names. */
function rowColumns(query: ReturnType<typeof joined>) {
  return query.select([
    't.id',
    't.repository_id',
    't.linked_account_id',
    't.sync_event_id',
    't.fitid',
    't.date',
    't.amount',
    't.currency',
    't.counterparty',
    't.description',
    't.type',
    't.check_number',
    't.category',
    't.subcategory',
    't.status',
    't.investment_kind',
    't.security_id',
    sql<string | null>`t.quantity::text`.as('quantity'),
    sql<string | null>`t.unit_price::text`.as('unit_price'),
    't.mapping_status',
    't.mapping_message',
    't.transaction_id',
    't.created_at',
    'c.name as connector_name',
    'c.kind as access_method',
    'a.name as account_name',
    'a.number as account_number',
    'a.type as account_type',
    'a.asset_id as asset_id',
    sql<{ id: string; name: string }[]>`${tagRefs}`.as('tag_refs'),
  ]);
}

/**
 * A row as its API JSON (ZLinkedTransaction), written by the database: the list sends the page's texts as
 * they are instead of decoding 50 rows, building objects, checking and serializing them again (the smart
 * transactions list's fifth cut, docs/benchmarks.md). A test holds it equal to the contract's row.
 */
const rowJson = sql<string>`json_build_object(
  'id', t.id, 'linked_account_id', t.linked_account_id, 'connector_name', c.name, 'access_method', c.kind,
  'account_name', a.name, 'account_number', a.number, 'account_type', a.type, 'asset_id', a.asset_id,
  'fitid', t.fitid, 'date', t.date, 'year', ${yearOf}, 'quarter', ${quarterOf}, 'month', ${monthOf},
  'type', t.type, 'amount', t.amount::text, 'currency', t.currency, 'counterparty', t.counterparty,
  'description', t.description, 'check_number', t.check_number, 'category', t.category,
  'subcategory', t.subcategory, 'status', t.status, 'tags', ${tagRefs}, 'investment_kind', t.investment_kind,
  'security_id', t.security_id, 'quantity', t.quantity::text, 'unit_price', t.unit_price::text,
  'mapping_status', t.mapping_status,
  'mapping_message', t.mapping_message, 'transaction_id', t.transaction_id)::text`;

/** Fields whose SQL reads the linked account or connector row (`a.`, `c.`) rather than the transaction. */
const ACCOUNT_FIELDS: ReadonlySet<string> = new Set([
  'connector_name',
  'access_method',
  'account_name',
  'account_number',
  'account_type',
]);

/**
 * What a list page and its count match, over `linked_transactions as t` alone unless the filter or sort
 * names an account or connector field: the search and `asset_id` look for the repository's few matching
 * linked accounts once (an array PostgreSQL computes once per query), so the rows walked for a page are not
 * each joined to their account and connector.
 */
function matchingRows(db: TDb, match: TLinkedMatch, sort: TSort) {
  const needsAccounts =
    sort.some((item) => ACCOUNT_FIELDS.has(item.field)) ||
    match.filter.groups.some((group) => group.params.some((param) => ACCOUNT_FIELDS.has(param.field)));
  const rows = db.selectFrom('linked_transactions as t');
  // The joins add `a` and `c` for the filter and sort columns, which are raw SQL: the builder's type is
  // the same either way.
  const base = (needsAccounts ? (joined(db) as unknown as typeof rows) : rows)
    .where('t.repository_id', '=', match.repositoryId)
    .$if(match.assetId !== undefined, (q) =>
      q.where(
        't.linked_account_id',
        '=',
        sql<string>`any(array(select id from linked_accounts where repository_id = ${match.repositoryId}
          and asset_id = ${match.assetId as string}))`,
      ),
    )
    .$if(match.linkedAccountId !== undefined, (q) =>
      q.where('t.linked_account_id', '=', match.linkedAccountId as string),
    );
  const filtered = applyFilter(base, match.filter, LINKED_TRANSACTION_COLUMNS, { today: match.today });
  if (match.search === '') return filtered;
  // The needle is lowercased here, as core's filter oracle does, rather than by lower() in SQL: on a prepared
  // statement's generic plan a parameter expression is not folded, so lower($n) would run for every row walked.
  // (Backslash, which containsPattern escapes with, is LIKE's default escape character.)
  const like = containsPattern(match.search.toLowerCase());
  const textLike = (text: RawBuilder<unknown>) => sql<boolean>`lower(${text}) like ${like}`;
  const namedAccounts = sql`array(select a.id from linked_accounts a join connectors c on c.id = a.connector_id
    where a.repository_id = ${match.repositoryId}
      and (${textLike(sql`a.name`)} or ${textLike(sql`a.number`)} or ${textLike(sql`c.name`)}))`;
  // The same columns as SEARCH_COLUMNS (the pivot's search), the account's and connector's through the array.
  return filtered.where(
    sql<boolean>`(${textLike(sql`t.counterparty`)} or ${textLike(sql`t.description`)}
      or t.amount::text like ${like} or t.linked_account_id = any(${namedAccounts}))`,
  );
}

/**
 * A page of matches as API JSON texts (`rowJson`), with the repository's linked-data version, in one
 * statement: the page's ids are found first (filter, sort, offset and limit over the transactions alone, read
 * from migration 0038's covering index when the filter and sort touch only its columns — no heap visit for
 * the rows a selective filter walks past), and only those rows are then read whole, joined to their account
 * and connector and written as JSON with their calendar columns and tag names. The page is sorted again after
 * the joins (a few rows), since a join need not keep its input's order. It runs as a prepared statement with
 * its generic plan, as every list does: since the loader analyzes and migration 0021's expression statistics,
 * that plan walks the sort's index for a page as the custom one did (docs/benchmarks.md), without a re-plan,
 * a transaction and three more round trips per call.
 */
export async function linkedTransactionsPage(
  db: TDb,
  match: TLinkedMatch,
  sort: TSort,
  page: { size: number; no: number },
): Promise<{ json: string[]; version: number }> {
  const pageIds = applySort(matchingRows(db, match, sort).select('t.id'), sort, LINKED_TRANSACTION_COLUMNS)
    .orderBy('t.date', 'desc')
    .orderBy('t.id')
    .limit(page.size)
    .offset((page.no - 1) * page.size);
  const version = sql<string>`(select linked_data_version from repositories where id = ${match.repositoryId})`;
  const rows = await applySort(
    db
      .selectFrom(pageIds.as('p'))
      .innerJoin('linked_transactions as t', 't.id', 'p.id')
      .innerJoin('linked_accounts as a', 'a.id', 't.linked_account_id')
      .innerJoin('connectors as c', 'c.id', 'a.connector_id')
      .select([rowJson.as('json'), version.as('version')]),
    sort,
    LINKED_TRANSACTION_COLUMNS,
  )
    .orderBy('t.date', 'desc')
    .orderBy('t.id')
    .execute();
  if (rows.length > 0) return { json: rows.map((row) => row.json), version: Number(rows[0]?.version) };
  // A page past the end still answers the version its total is kept under.
  const found = await db
    .selectFrom('repositories')
    .select('linked_data_version')
    .where('id', '=', match.repositoryId)
    .executeTakeFirst();
  return { json: [], version: Number(found?.linked_data_version ?? 0) };
}

export async function countLinkedTransactions(db: TDb, match: TLinkedMatch): Promise<number> {
  const row = await matchingRows(db, match, [])
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** After a large load the planner's estimates are stale; fresh ones keep list pages on the date index. */
export async function analyzeLinkedTransactions(db: TDb): Promise<void> {
  await sql`analyze linked_transactions`.execute(db);
}

/**
 * Marks the table's pages all-visible (and its dead rows reusable): what lets a list page read its ids from
 * the covering index alone. Outside any transaction; it skips the pages already all-visible, so it costs the
 * pages a load added, not the table.
 */
export async function vacuumLinkedTransactions(db: TDb): Promise<void> {
  await sql`vacuum linked_transactions`.execute(db);
}

export async function findLinkedTransaction(
  db: TDb,
  id: string,
): Promise<(TLinkedTransactionRow & { source: Record<string, unknown> }) | undefined> {
  return rowColumns(joined(db)).select('t.source').where('t.id', '=', id).executeTakeFirst() as Promise<
    (TLinkedTransactionRow & { source: Record<string, unknown> }) | undefined
  >;
}

export async function findLinkedTransactionsByIds(
  db: TDb,
  repositoryId: string,
  ids: readonly string[],
): Promise<TLinkedTransactionRow[]> {
  if (ids.length === 0) return [];
  return rowColumns(joined(db))
    .where('t.repository_id', '=', repositoryId)
    .where('t.id', 'in', ids)
    .execute() as Promise<TLinkedTransactionRow[]>;
}

// --- the bulk edit -----------------------------------------------------------------------------------------

/** The rows a bulk edit changes, locked until its transaction ends; ids of other repositories are absent. */
export async function lockLinkedTransactions(
  db: TDb,
  repositoryId: string,
  ids: readonly string[],
): Promise<{ id: string; tags: string[] }[]> {
  return db
    .selectFrom('linked_transactions')
    .select(['id', 'tags'])
    .where('repository_id', '=', repositoryId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

export type TLinkedRowChange = Partial<
  Pick<
    Selectable<LinkedTransactionsTable>,
    'date' | 'type' | 'category' | 'subcategory' | 'counterparty' | 'description' | 'amount' | 'status'
  >
> & { tags?: string[] };

/** Writes a row's edit; the cells it sets join its `edited_fields`, which rules then leave alone (docs/rules.md). */
export async function updateLinkedTransaction(db: TDb, id: string, change: TLinkedRowChange): Promise<void> {
  const { tags, ...cells } = change;
  const edited = Object.keys(cells);
  await db
    .updateTable('linked_transactions')
    .set({
      ...cells,
      ...(tags ? { tags: JSON.stringify(tags) } : {}),
      ...(edited.length > 0
        ? {
            edited_fields: sql<string>`(select coalesce(jsonb_agg(distinct field), '[]'::jsonb)
              from jsonb_array_elements_text(edited_fields || ${JSON.stringify(edited)}::jsonb) as field)`,
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

// --- options -----------------------------------------------------------------------------------------------

/** The expression an options list reads its distinct values from; tags list their names. */
const OPTION_VALUES: Readonly<Record<Exclude<TLinkedOptionField, 'tags'>, Expression<unknown>>> = {
  connector_name: sql.ref('c.name'),
  access_method: sql.ref('c.kind'),
  account_name: sql.ref('a.name'),
  account_number: sql.ref('a.number'),
  account_type: sql.ref('a.type'),
  category: sql.ref('t.category'),
  subcategory: sql.ref('t.subcategory'),
  counterparty: sql.ref('t.counterparty'),
  month: monthOf,
  quarter: quarterOf,
  year: yearOf,
  type: sql.ref('t.type'),
  status: sql.ref('t.status'),
};
const NUMERIC_OPTIONS = new Set<TLinkedOptionField>(['month', 'quarter', 'year']);
export const OPTIONS_LIMIT = 500;

/**
 * The distinct non-empty values of a field over the repository's linked transactions, numbers in numeric
 * order and texts case-insensitively; at most OPTIONS_LIMIT, narrowed by `search` (contains, any case).
 */
export async function linkedOptionValues(
  db: TDb,
  repositoryId: string,
  field: TLinkedOptionField,
  search: string,
): Promise<string[]> {
  const like = search === '' ? undefined : containsPattern(search);
  if (field === 'tags') {
    const rows = await db
      .selectFrom('linked_transaction_tags')
      .select('name')
      .where('repository_id', '=', repositoryId)
      .$if(like !== undefined, (q) =>
        q.where(sql<boolean>`lower(name) like lower(${like}::text) escape '\\'`),
      )
      .orderBy(sql`lower(name)`)
      .orderBy('name')
      .limit(OPTIONS_LIMIT)
      .execute();
    return rows.map((row) => row.name);
  }
  const value = OPTION_VALUES[field];
  const text = sql<string>`(${value})::text`;
  const order: RawBuilder<unknown> = NUMERIC_OPTIONS.has(field)
    ? sql`min(${value})`
    : sql`lower(${text}) collate "C"`;
  const rows = await joined(db)
    .where('t.repository_id', '=', repositoryId)
    .where(sql<boolean>`nullif(${text}, '') is not null`)
    .$if(like !== undefined, (q) =>
      q.where(sql<boolean>`lower(${text}) like lower(${like}::text) escape '\\'`),
    )
    .select(text.as('value'))
    .groupBy(text)
    .orderBy(order)
    .orderBy(sql`${text} collate "C"`)
    .limit(OPTIONS_LIMIT)
    .execute();
  return rows.map((row) => row.value);
}

// --- pivot -------------------------------------------------------------------------------------------------

const PIVOT_KEYS: Readonly<Record<TLinkedPivotDimension, Expression<unknown>>> = {
  connector_name: sql.ref('c.name'),
  access_method: sql.ref('c.kind'),
  account_name: sql.ref('a.name'),
  account_number: sql.ref('a.number'),
  account_type: sql.ref('a.type'),
  year: yearOf,
  quarter: quarterOf,
  month: monthOf,
  date: sql`t.date`,
  type: sql.ref('t.type'),
  category: sql.ref('t.category'),
  subcategory: sql.ref('t.subcategory'),
  counterparty: sql.ref('t.counterparty'),
  status: sql.ref('t.status'),
};

const PIVOT_AGGREGATES: Readonly<Record<TLinkedPivotAggregate, RawBuilder<unknown>>> = {
  sum: sql`sum(t.amount)::text`,
  count: sql`count(*)::int`,
  avg: sql`avg(t.amount)::text`,
  min: sql`min(t.amount)::text`,
  max: sql`max(t.amount)::text`,
};

export interface TPivotCellRow {
  keys: (string | number | null)[];
  values: Record<string, string | number | null>;
}

/**
 * One row per distinct combination of the dimensions among the matching rows, computed by the database
 * (GROUP BY), ordered by the keys (empty keys last); at most `limit` rows.
 */
export async function linkedPivotCells(
  db: TDb,
  match: TLinkedMatch,
  dimensions: readonly TLinkedPivotDimension[],
  aggregates: readonly TLinkedPivotAggregate[],
  limit: number,
): Promise<TPivotCellRow[]> {
  const keys = dimensions.map((dimension, index) => ({ index, expression: PIVOT_KEYS[dimension] }));
  let query = matching(db, match).select([
    ...keys.map(({ index, expression }) => sql`${expression}`.as(`k${index}`)),
    ...aggregates.map((aggregate) => PIVOT_AGGREGATES[aggregate].as(`v_${aggregate}`)),
  ]);
  for (const { expression } of keys) query = query.groupBy(sql`${expression}`);
  for (const { expression } of keys) query = query.orderBy(sql`${expression}`, (ob) => ob.asc().nullsLast());
  const rows = (await query.limit(limit).execute()) as Record<string, string | number | null>[];
  return rows.map((row) => ({
    keys: keys.map(({ index }) => row[`k${index}`] ?? null),
    values: Object.fromEntries(aggregates.map((aggregate) => [aggregate, row[`v_${aggregate}`] ?? null])),
  }));
}
