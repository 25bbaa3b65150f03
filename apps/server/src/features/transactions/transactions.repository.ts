import type { TTransaction } from '@strata/contracts/transactions';
import type { TAssetRef, TValidTransaction } from '@strata/core/transactions/validate-transaction';
import { elementsColumn, scalarColumn, type TFilterColumns } from '@strata/db/filters/filter-columns';
import type { Database } from '@strata/db/schema';
import { type Kysely, type Selectable, sql } from 'kysely';
import { orderedId, orderedIdPrefix } from '../../shared/ordered-ids.ts';

export type TTransactionRow = Selectable<Database['transactions']>;

/**
 * The columns a transaction answers with, named (not `*`): the list's page query is then a prepared
 * statement on PostgreSQL (packages/db/src/database.ts prepares no `select *`).
 */
export const TRANSACTION_ROW_COLUMNS = [
  'id',
  'repository_id',
  'type',
  'date',
  'description',
  'source',
  'linked_id',
  'deleted_at',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'version',
] as const;

/** Where each transaction filter field (core `TRANSACTION_FILTER_FIELDS`) lives in SQL, over `transactions as t`. */
export const TRANSACTION_COLUMNS: TFilterColumns = {
  type: scalarColumn('simple', sql.ref('t.type')),
  date: scalarColumn('date', sql.ref('t.date')),
  description: scalarColumn('text', sql.ref('t.description')),
  account: elementsColumn(
    'simple',
    sql`select e.account_id::text from transaction_entries e where e.transaction_id = t.id`,
  ),
  asset: elementsColumn(
    'simple',
    sql`select e.asset_id::text from transaction_entries e where e.transaction_id = t.id`,
  ),
  amount: elementsColumn(
    'amount',
    sql`select e.amount from transaction_entries e where e.transaction_id = t.id`,
  ),
  source: scalarColumn('simple', sql.ref('t.source')),
  linked_id: scalarColumn('simple', sql.ref('t.linked_id')),
};

/**
 * The entries of the transaction `idColumn` names, as one JSON column (slot order, amounts as exact text),
 * so a list page is one query instead of a page query and an entries query.
 */
export function entriesJson(idColumn: string) {
  return sql<TTransaction['entries']>`(
    select coalesce(json_agg(json_build_object(
      'account_id', e.account_id, 'asset_id', e.asset_id, 'amount', e.amount::text, 'pos_id', e.pos_id
    ) order by e.position), '[]'::json)
    from transaction_entries e where e.transaction_id = ${sql.ref(idColumn)})`;
}

/** An instant as the contract writes it (JavaScript's toISOString: UTC, milliseconds, 'Z'). */
function isoInstant(column: string) {
  return sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The transaction `alias` names as its API JSON text (ZTransaction, the shape `toTransaction` builds), written
 * by the database: a list page then arrives as 50 short texts the server splices into its answer, instead of
 * rows it decodes, rebuilds and serializes again — that was most of the server's work per list call.
 * transactions.db.test.ts holds the two shapes equal.
 */
export function transactionJson(alias: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  // row_to_json writes no blanks (json_build_object writes ' : ' and ', '): a page is 8% shorter.
  return sql<string>`(select row_to_json(x)::text from (select
    ${column('id')}, ${column('repository_id')}, ${column('type')}, ${column('date')}, ${column('description')},
    ${column('source')}, ${column('linked_id')}, ${entriesJson(`${alias}.id`)} as entries,
    ${isoInstant(`${alias}.deleted_at`)} as deleted_at, ${isoInstant(`${alias}.created_at`)} as created_at,
    ${column('created_by')}, ${isoInstant(`${alias}.updated_at`)} as updated_at, ${column('updated_by')},
    ${column('version')}) as x)`;
}

export function toTransaction(row: TTransactionRow, entries: TTransaction['entries']): TTransaction {
  return {
    id: row.id,
    repository_id: row.repository_id,
    type: row.type,
    date: row.date,
    description: row.description,
    source: row.source,
    linked_id: row.linked_id,
    entries,
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
    version: row.version,
  };
}

export function createTransactionsRepository(db: Kysely<Database>) {
  return {
    async find(id: string): Promise<TTransactionRow | undefined> {
      return db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async withEntries(rows: readonly TTransactionRow[]): Promise<TTransaction[]> {
      if (rows.length === 0) return [];
      const entries = await db
        .selectFrom('transaction_entries')
        .select(['transaction_id', 'account_id', 'asset_id', 'amount', 'pos_id'])
        .where(
          'transaction_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('transaction_id')
        .orderBy('position')
        .execute();
      const byTransaction = new Map<string, TTransaction['entries']>();
      for (const { transaction_id, ...entry } of entries) {
        const list = byTransaction.get(transaction_id) ?? [];
        list.push(entry);
        byTransaction.set(transaction_id, list);
      }
      return rows.map((row) => toTransaction(row, byTransaction.get(row.id) ?? []));
    },

    /**
     * Assets in the trash that trashed transactions of the repository use (all of them, or those of `ids`),
     * by name, with how many of those transactions use each: restoring them would rest live transactions on
     * trashed assets (docs/assets.md).
     */
    async trashedAssetsOfTrashed(repositoryId: string, ids: readonly string[] | undefined) {
      let query = db
        .selectFrom('transactions as t')
        .innerJoin('transaction_entries as e', 'e.transaction_id', 't.id')
        .innerJoin('assets as a', (join) =>
          join.on((eb) =>
            eb.or([eb('a.id', '=', eb.ref('e.account_id')), eb('a.id', '=', eb.ref('e.asset_id'))]),
          ),
        )
        .where('t.repository_id', '=', repositoryId)
        .where('t.deleted_at', 'is not', null)
        .where('a.deleted_at', 'is not', null);
      if (ids)
        query = query.where('t.id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
      const rows = await query
        .select((eb) => ['a.name', eb.fn.count<string>('t.id').distinct().as('transactions')])
        .groupBy(['a.id', 'a.name'])
        .orderBy('a.name')
        .execute();
      return rows.map((row) => ({ name: row.name, transactions: Number(row.transactions) }));
    },

    /** The repository's live assets as validation sees them: type, name and Category tag. */
    async assetRefs(repositoryId: string): Promise<Map<string, TAssetRef & { ticker: string | null }>> {
      const rows = await db
        .selectFrom('assets as a')
        .leftJoin('asset_tags as at', 'at.asset_id', 'a.id')
        .leftJoin('tags as c', (join) =>
          join.onRef('c.id', '=', 'at.tag_id').on('c.tag_name', '=', 'Category'),
        )
        .select(['a.id', 'a.type', 'a.name', 'a.ticker', 'c.tag_value as category'])
        .where('a.repository_id', '=', repositoryId)
        .where('a.deleted_at', 'is', null)
        .execute();
      const refs = new Map<string, TAssetRef & { ticker: string | null }>();
      for (const row of rows) {
        const known = refs.get(row.id);
        if (!known || (row.category && !known.category)) {
          refs.set(row.id, { type: row.type, name: row.name, ticker: row.ticker, category: row.category });
        }
      }
      return refs;
    },

    /**
     * Inserts valid transactions with their entries, in batches (imports of 100k rows). Each batch is one
     * statement of column arrays (`unnest`) per table, so PostgreSQL parses and plans a few parameters
     * rather than 16k–35k of a multi-row VALUES; the ids follow one another (ordered-ids.ts), so the
     * transactions' and entries' primary keys grow at their end. Answers the rows in input order.
     */
    async insertMany(
      repositoryId: string,
      userId: string,
      transactions: readonly TValidTransaction[],
      source = 'manual',
      /** The linked transaction each one was mapped from, in the same order (mapping rules). */
      linkedIds?: readonly string[],
    ): Promise<TTransactionRow[]> {
      const inserted: TTransactionRow[] = [];
      const prefix = orderedIdPrefix();
      for (let start = 0; start < transactions.length; start += 5000) {
        const batch = transactions.slice(start, start + 5000);
        const ids = batch.map((_, index) => orderedId(prefix, start + index));
        // `order by p.n`: `seq` numbers the rows in input order (same-day transactions keep it).
        const rows = await sql<TTransactionRow>`
          insert into transactions (id, repository_id, type, date, description, source, linked_id, created_by,
                                    updated_by)
          select p.id, ${repositoryId}::uuid, p.type, p.date, p.description, ${source}, p.linked_id, ${userId},
                 ${userId}
          from unnest(${ids}::uuid[], ${batch.map((t) => t.type)}::text[], ${batch.map((t) => t.date)}::date[],
                      ${batch.map((t) => t.description)}::text[],
                      ${batch.map((_, index) => linkedIds?.[start + index] ?? null)}::text[])
               with ordinality as p(id, type, date, description, linked_id, n)
          order by p.n
          returning *`.execute(db);
        const byId = new Map(rows.rows.map((row) => [row.id, row]));
        const entries = {
          transactionIds: [] as string[],
          positions: [] as number[],
          accountIds: [] as string[],
          assetIds: [] as string[],
          amounts: [] as string[],
          posIds: [] as (string | null)[],
        };
        batch.forEach((transaction, index) => {
          transaction.entries.forEach((entry, position) => {
            entries.transactionIds.push(ids[index] as string);
            entries.positions.push(position);
            entries.accountIds.push(entry.account_id);
            entries.assetIds.push(entry.asset_id);
            entries.amounts.push(entry.amount);
            entries.posIds.push(entry.pos_id);
          });
        });
        if (entries.transactionIds.length > 0)
          await sql`
            insert into transaction_entries (transaction_id, position, repository_id, account_id, asset_id, amount,
                                             pos_id)
            select e.transaction_id, e.position, ${repositoryId}::uuid, e.account_id, e.asset_id, e.amount, e.pos_id
            from unnest(${entries.transactionIds}::uuid[], ${entries.positions}::smallint[],
                        ${entries.accountIds}::uuid[], ${entries.assetIds}::uuid[], ${entries.amounts}::numeric[],
                        ${entries.posIds}::uuid[])
                 as e(transaction_id, position, account_id, asset_id, amount, pos_id)`.execute(db);
        for (const id of ids) inserted.push(byId.get(id) as TTransactionRow);
      }
      return inserted;
    },

    /** The repository of each of `ids` that exists. */
    idsWithRepositories(ids: readonly string[]) {
      return db
        .selectFrom('transactions')
        .select(['id', 'repository_id'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
    },

    /** How many live transactions of each type. */
    countByType(repositoryId: string) {
      return db
        .selectFrom('transactions')
        .select(['type', (eb) => eb.fn.countAll<number>().as('count')])
        .where('repository_id', '=', repositoryId)
        .where('deleted_at', 'is', null)
        .groupBy('type')
        .orderBy('type')
        .execute();
    },

    /** The first and last dates, and how many are live and how many in the trash. */
    dateRange(repositoryId: string) {
      return db
        .selectFrom('transactions')
        .select([
          (eb) => eb.fn.min('date').as('first_date'),
          (eb) => eb.fn.max('date').as('last_date'),
          sql<number>`count(*) filter (where deleted_at is null)`.as('total'),
          sql<number>`count(*) filter (where deleted_at is not null)`.as('deleted'),
        ])
        .where('repository_id', '=', repositoryId)
        .executeTakeFirstOrThrow();
    },

    /** The live transactions by date, then in the order they were entered. */
    liveInOrder(repositoryId: string): Promise<TTransactionRow[]> {
      return db
        .selectFrom('transactions')
        .selectAll()
        .where('repository_id', '=', repositoryId)
        .where('deleted_at', 'is', null)
        .orderBy('date')
        .orderBy('seq')
        .execute();
    },

    /** Every asset's name (live or trashed), by id. */
    async assetNames(repositoryId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('assets')
        .select(['id', 'name'])
        .where('repository_id', '=', repositoryId)
        .execute();
      return new Map(rows.map((asset) => [asset.id, asset.name]));
    },

    /** Writes the transaction's entries anew, in slot order. */
    async replaceEntries(
      id: string,
      repositoryId: string,
      entries: TValidTransaction['entries'],
    ): Promise<void> {
      await db.deleteFrom('transaction_entries').where('transaction_id', '=', id).execute();
      if (entries.length === 0) return;
      await db
        .insertInto('transaction_entries')
        .values(
          entries.map((entry, position) => ({
            transaction_id: id,
            position,
            repository_id: repositoryId,
            ...entry,
          })),
        )
        .execute();
    },

    async deleteMany(ids: readonly string[]): Promise<void> {
      await db.deleteFrom('transactions').where('id', 'in', ids).execute();
    },

    /** Moves the live ones of `ids` to the trash. */
    async trashMany(ids: readonly string[], userId: string): Promise<void> {
      await db
        .updateTable('transactions')
        .set({ deleted_at: new Date(), updated_by: userId })
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
    },

    restore(id: string, userId: string): Promise<TTransactionRow> {
      return db
        .updateTable('transactions')
        .set({ deleted_at: null, updated_at: new Date(), updated_by: userId })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Restores the repository's trashed transactions (all of them, or those of `ids`); how many. */
    async restoreTrashed(repositoryId: string, ids: readonly string[] | undefined, userId: string) {
      let query = db
        .updateTable('transactions')
        .set({ deleted_at: null, updated_at: new Date(), updated_by: userId })
        .where('repository_id', '=', repositoryId)
        .where('deleted_at', 'is not', null);
      if (ids)
        query = query.where('id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Deletes the repository's trashed transactions; how many. */
    async deleteTrashed(repositoryId: string): Promise<number> {
      const result = await db
        .deleteFrom('transactions')
        .where('repository_id', '=', repositoryId)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The assets the repository's entries use as accounts, or as assets: a filter's options. */
    entryAssets(repositoryId: string, role: 'account' | 'asset') {
      return db
        .selectFrom('transaction_entries as e')
        .innerJoin('assets as a', 'a.id', role === 'account' ? 'e.account_id' : 'e.asset_id')
        .select(['a.id', 'a.name'])
        .distinct()
        .where('e.repository_id', '=', repositoryId)
        .orderBy('a.name')
        .execute();
    },

    /** The values the repository's transactions hold in `field`: a filter's options. */
    async distinctValues(repositoryId: string, field: 'type' | 'source'): Promise<string[]> {
      const rows = await db
        .selectFrom('transactions')
        .select(field)
        .distinct()
        .where('repository_id', '=', repositoryId)
        .orderBy(field)
        .execute();
      return rows.map((row) => String(row[field]));
    },

    /** Fresh planner statistics after a large write (stale ones take list queries off the index). */
    async analyze(): Promise<void> {
      await sql`analyze transactions`.execute(db);
      await sql`analyze transaction_entries`.execute(db);
    },
  };
}
