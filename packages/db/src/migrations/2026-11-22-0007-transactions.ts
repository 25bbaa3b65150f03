import { type Kysely, sql } from 'kysely';

/**
 * Smart transactions and their entries (core seed §3, DOMAIN.md). Entries reference assets with
 * RESTRICT: an asset used by a transaction cannot be deleted for good (the trash keeps it meanwhile).
 * The list's default order is date descending then id, so that is the index; entries are found by
 * transaction, and by account or asset for the asset tabs and filters.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('transactions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('date', 'date', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('source', 'text', (col) => col.notNull().defaultTo('manual'))
    .addColumn('linked_id', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .execute();
  await sql`CREATE INDEX transactions_list_idx ON transactions (repository_id, date DESC, id)`.execute(db);

  await db.schema
    .createTable('transaction_entries')
    .addColumn('transaction_id', 'uuid', (col) =>
      col.notNull().references('transactions.id').onDelete('cascade'),
    )
    .addColumn('position', 'smallint', (col) => col.notNull().check(sql`position BETWEEN 0 AND 3`))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'uuid', (col) => col.notNull().references('assets.id').onDelete('restrict'))
    .addColumn('asset_id', 'uuid', (col) => col.notNull().references('assets.id').onDelete('restrict'))
    .addColumn('amount', 'numeric', (col) => col.notNull())
    .addColumn('pos_id', 'uuid', (col) => col.references('assets.id').onDelete('set null'))
    .addPrimaryKeyConstraint('transaction_entries_pkey', ['transaction_id', 'position'])
    .execute();
  await db.schema
    .createIndex('transaction_entries_account_idx')
    .on('transaction_entries')
    .column('account_id')
    .execute();
  await db.schema
    .createIndex('transaction_entries_asset_idx')
    .on('transaction_entries')
    .column('asset_id')
    .execute();
  await db.schema
    .createIndex('transaction_entries_repository_idx')
    .on('transaction_entries')
    .column('repository_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transaction_entries').ifExists().execute();
  await db.schema.dropTable('transactions').ifExists().execute();
}
