import type { TFilter } from '@strata/core/filters/filter-model';
import type { TRuleTransaction } from '@strata/core/rules/rule-criteria-fields';
import type { TRuleType } from '@strata/core/rules/rule-model';
import { scalarColumn, type TFilterColumns } from '@strata/db/filters/filter-columns';
import { anyFilterCondition } from '@strata/db/filters/translate-filter';
import type { Database } from '@strata/db/schema';
import type { RulesTable } from '@strata/db/schema-rules';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';

type TDb = Kysely<Database>;
/** Keeps an `in` list valid SQL when it is empty. */
const NO_ID = '00000000-0000-0000-0000-000000000000';
export type TRuleRow = Selectable<RulesTable>;

/** Where each criteria field of core's RULE_CRITERIA_FIELDS lives in the linked-transactions query. */
const CRITERIA_COLUMNS: TFilterColumns = {
  connector: scalarColumn('simple', sql.ref('c.name')),
  access_method: scalarColumn('simple', sql.ref('c.kind')),
  account_type: scalarColumn('simple', sql.ref('a.type')),
  account_name: scalarColumn('simple', sql.ref('a.name')),
  account_number: scalarColumn('simple', sql.ref('a.number')),
  amount: scalarColumn('amount', sql.ref('t.amount')),
  category: scalarColumn('simple', sql.ref('t.category')),
  subcategory: scalarColumn('simple', sql.ref('t.subcategory')),
  status: scalarColumn('simple', sql.ref('t.status')),
  transaction_type: scalarColumn('simple', sql.ref('t.type')),
  transaction_date: scalarColumn('date', sql.ref('t.date')),
  description: scalarColumn('text', sql.ref('t.description')),
  counterparty: scalarColumn('text', sql.ref('t.counterparty')),
};

export async function listRules(db: TDb, repositoryId: string, type?: TRuleType): Promise<TRuleRow[]> {
  return db
    .selectFrom('rules')
    .selectAll()
    .where('repository_id', '=', repositoryId)
    .$if(type !== undefined, (q) => q.where('type', '=', type as TRuleType))
    .orderBy('type')
    .orderBy('order')
    .orderBy('created_at')
    .execute();
}

export async function findRule(db: TDb, id: string): Promise<TRuleRow | undefined> {
  return db.selectFrom('rules').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lastOrder(db: TDb, repositoryId: string, type: TRuleType): Promise<number> {
  const row = await db
    .selectFrom('rules')
    .select(sql<number>`coalesce(max("order"), 0)::int`.as('last'))
    .where('repository_id', '=', repositoryId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

/** Makes room at `order`: every rule of the type from there on moves one down. */
export async function shiftOrders(
  db: TDb,
  repositoryId: string,
  type: TRuleType,
  from: number,
): Promise<void> {
  await db
    .updateTable('rules')
    .set({ order: sql`"order" + 1` })
    .where('repository_id', '=', repositoryId)
    .where('type', '=', type)
    .where('order', '>=', from)
    .execute();
}

/** Numbers the rules of a type 1, 2, 3 … in the given order of ids. */
export async function renumber(db: TDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`update rules set "order" = v.position, updated_at = now()
    from (select * from unnest(${sql.val([...ids])}::uuid[]) with ordinality as u(id, position)) as v
    where rules.id = v.id`.execute(db);
}

export async function insertRule(db: TDb, row: Insertable<RulesTable>): Promise<TRuleRow> {
  return db.insertInto('rules').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateRule(
  db: TDb,
  id: string,
  fields: Partial<Pick<TRuleRow, 'data' | 'apply_to_existing_transactions' | 'apply_status' | 'enabled'>>,
): Promise<TRuleRow> {
  const { data, ...rest } = fields;
  return db
    .updateTable('rules')
    .set({
      ...rest,
      ...(data ? { data: JSON.stringify(data) } : {}),
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setApplyStatus(db: TDb, id: string, status: TRuleRow['apply_status']): Promise<void> {
  await db.updateTable('rules').set({ apply_status: status }).where('id', '=', id).execute();
}

export async function deleteRule(db: TDb, id: string): Promise<void> {
  await db.deleteFrom('rules').where('id', '=', id).execute();
}

/** The repository's linked transactions that any of `filters` matches. */
function ruleTransactionsQuery(db: TDb, repositoryId: string, filters: readonly TFilter[], today: string) {
  return db
    .selectFrom('linked_transactions as t')
    .innerJoin('linked_accounts as a', 'a.id', 't.linked_account_id')
    .innerJoin('connectors as c', 'c.id', 'a.connector_id')
    .where('t.repository_id', '=', repositoryId)
    .where(anyFilterCondition(filters, CRITERIA_COLUMNS, { today }));
}

type TRuleTransactionRow = Omit<TRuleTransaction, 'date'> & { date: string | Date };

function toRuleTransaction(row: TRuleTransactionRow): TRuleTransaction {
  return { ...row, date: typeof row.date === 'string' ? row.date : row.date.toISOString().slice(0, 10) };
}

interface TMatchingQuery {
  repositoryId: string;
  /** A row any of them matches: one rule's criteria, or every rule's on an import's rows. */
  filters: readonly TFilter[];
  today: string;
  syncEventIds?: readonly string[];
  /** Only mapping actions read the source: tagging rules leave the (large) JSON in the database. */
  withSource: boolean;
  page?: { size: number; no: number };
}

/** The query of matchingTransactions, unexecuted (a test reads its plan). */
export function matchingTransactionsQuery(db: TDb, query: TMatchingQuery) {
  return ruleTransactionsQuery(db, query.repositoryId, query.filters, query.today)
    .$if(query.syncEventIds !== undefined, (q) =>
      q.where('t.sync_event_id', 'in', [...(query.syncEventIds as string[]), NO_ID]),
    )
    .select([
      't.id',
      'c.name as connector_name',
      'c.kind as access_method',
      'a.type as account_type',
      'a.name as account_name',
      'a.number as account_number',
      sql<string>`t.amount::text`.as('amount'),
      't.category',
      't.subcategory',
      't.counterparty',
      't.description',
      't.status',
      't.type',
      sql<string>`to_char(t.date, 'YYYY-MM-DD')`.as('date'),
      't.tags as tag_ids',
      't.edited_fields',
      't.applied_rule_ids',
      't.mapping_status',
      'a.asset_id as context_account_id',
      query.withSource ? 't.source' : sql<unknown>`null::jsonb`.as('source'),
    ])
    .orderBy('t.date', 'desc')
    .orderBy('t.id')
    .$if(query.page !== undefined, (q) =>
      q
        .limit(query.page?.size as number)
        .offset(((query.page?.no as number) - 1) * (query.page?.size as number)),
    );
}

/** Linked transactions the criteria match, as the rules read them; `syncEventIds` narrows to new ones. */
export async function matchingTransactions(db: TDb, query: TMatchingQuery): Promise<TRuleTransaction[]> {
  const rows = await matchingTransactionsQuery(db, query).execute();
  return rows.map((row) => toRuleTransaction(row as unknown as TRuleTransactionRow));
}

export async function countMatching(
  db: TDb,
  query: { repositoryId: string; filter: TFilter; today: string },
): Promise<number> {
  const row = await ruleTransactionsQuery(db, query.repositoryId, [query.filter], query.today)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** What a rule changed on a linked transaction, written back. */
export interface TTransactionWrite {
  id: string;
  tag_ids: readonly string[];
  category: string | null;
  subcategory: string | null;
  counterparty: string | null;
  amount: string;
  applied_rule_ids: readonly string[];
  mapping_status: string;
  mapping_message: string | null;
  transaction_id: string | null;
}

const WRITE_CHUNK = 2000;

/** Writes many transactions' new values in one statement per chunk. */
export async function writeTransactions(db: TDb, writes: readonly TTransactionWrite[]): Promise<void> {
  for (let start = 0; start < writes.length; start += WRITE_CHUNK) {
    const chunk = writes.slice(start, start + WRITE_CHUNK);
    await sql`update linked_transactions as t set
        tags = v.tag_ids, category = v.category, subcategory = v.subcategory,
        counterparty = v.counterparty, amount = v.amount, applied_rule_ids = v.applied_rule_ids,
        mapping_status = v.mapping_status, mapping_message = v.mapping_message,
        transaction_id = coalesce(v.transaction_id, t.transaction_id)
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(
        id uuid, tag_ids jsonb, category text, subcategory text, counterparty text, amount numeric,
        applied_rule_ids jsonb, mapping_status text, mapping_message text, transaction_id uuid)
      where t.id = v.id`.execute(db);
  }
}

export async function repositoryOwner(db: TDb, repositoryId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('repositories')
    .select('owner_id')
    .where('id', '=', repositoryId)
    .executeTakeFirst();
  return row?.owner_id;
}
