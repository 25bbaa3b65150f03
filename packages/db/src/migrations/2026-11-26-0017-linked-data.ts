import { type Kysely, sql } from 'kysely';

/**
 * Linked data, first slice (issue #21, linked seed §3 and §7): connectors of a repository, the accounts a
 * connector brings, the transactions read from their statement files, and one sync event per import.
 * Money is numeric (exact); `source` keeps each transaction as the parser read it, for the seed's JSON view.
 * A FITID is unique per linked account, which is what makes a re-import add nothing even under a race.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const uuid = sql`gen_random_uuid()`;

  await db.schema
    .createTable('connectors')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('manual', 'file')`))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('ok', 'failed', 'pending')`),
    )
    .addColumn('status_message', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('connectors_repository_id_idx')
    .on('connectors')
    .column('repository_id')
    .execute();

  await db.schema
    .createTable('linked_accounts')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    // Redundant with the connector's, but lets every query scope by repository without a join.
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('connector_id', 'uuid', (col) => col.notNull().references('connectors.id').onDelete('cascade'))
    /** What identifies the account inside its connector across imports (number, else name, else type). */
    .addColumn('external_id', 'text', (col) => col.notNull())
    .addColumn('number', 'text')
    .addColumn('name', 'text')
    .addColumn('type', 'text')
    .addColumn('currency', 'text')
    .addColumn('asset_id', 'uuid', (col) => col.references('assets.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('linked_accounts_connector_external_key', ['connector_id', 'external_id'])
    .execute();
  await db.schema
    .createIndex('linked_accounts_repository_id_idx')
    .on('linked_accounts')
    .column('repository_id')
    .execute();

  await db.schema
    .createTable('sync_events')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('connector_id', 'uuid', (col) => col.notNull().references('connectors.id').onDelete('cascade'))
    .addColumn('linked_account_id', 'uuid', (col) => col.references('linked_accounts.id').onDelete('cascade'))
    .addColumn('task_id', 'uuid', (col) => col.references('tasks.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('result', 'text', (col) =>
      col.notNull().check(sql`result in ('success', 'warning', 'error', 'login_required')`),
    )
    .addColumn('added', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('skipped_duplicate', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .execute();
  await db.schema
    .createIndex('sync_events_linked_account_id_idx')
    .on('sync_events')
    .columns(['linked_account_id', 'started_at'])
    .execute();

  await db.schema
    .createTable('linked_transactions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('linked_account_id', 'uuid', (col) =>
      col.notNull().references('linked_accounts.id').onDelete('cascade'),
    )
    .addColumn('sync_event_id', 'uuid', (col) => col.references('sync_events.id').onDelete('set null'))
    .addColumn('fitid', 'text')
    .addColumn('date', 'date', (col) => col.notNull())
    .addColumn('amount', 'numeric', (col) => col.notNull())
    .addColumn('currency', 'text')
    .addColumn('counterparty', 'text')
    .addColumn('description', 'text')
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('check_number', 'text')
    .addColumn('category', 'text')
    .addColumn('subcategory', 'text')
    .addColumn('source', 'jsonb', (col) => col.notNull())
    .addColumn('tags', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await sql`create unique index linked_transactions_account_fitid_key
    on linked_transactions (linked_account_id, fitid) where fitid is not null`.execute(db);
  await db.schema
    .createIndex('linked_transactions_account_date_idx')
    .on('linked_transactions')
    .columns(['linked_account_id', 'date'])
    .execute();
  await db.schema
    .createIndex('linked_transactions_repository_date_idx')
    .on('linked_transactions')
    .columns(['repository_id', 'date'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['linked_transactions', 'sync_events', 'linked_accounts', 'connectors']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
