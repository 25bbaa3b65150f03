import { type Kysely, sql } from 'kysely';

/**
 * `repositories.transactions_version` and `transaction_changes` (issue 27), the transactions' counterpart of
 * prices_version and asset_price_changes (migrations 0039, 0040): statement triggers on `transactions` and
 * `transaction_entries` raise the version once per statement and repository and record, for each transaction
 * written, the version of its last write. An analytics worker that keeps a repository's parsed transactions at
 * version k then reads again only those changed since k — one deposit is one transaction's lines — instead of
 * every transaction (0.45 s of a 1.5 s compute after a write at 100k transactions, docs/benchmarks.md).
 * Triggers, not calls beside `bumpDataVersion`: transactions are written by the API, CSV and journal imports,
 * rules, repository transfers, the demo seed and cascades; a missed path would compute on stale transactions.
 *
 * A transaction is named by its `seq`, which no write changes and which the loader already orders by, so the
 * worker can drop a changed transaction and put its new form in its place without a uuid per transaction in
 * its text. No foreign key: a hard-deleted transaction's change must outlive it for the worker to drop it. An
 * entry's write is recorded under its transaction's seq (found by a join: a cascade from a deleted transaction
 * finds none, and the transaction's own trigger has recorded it). A change already recorded by this same
 * database transaction is not written again (its row's xmin is this transaction's id): the repository row's
 * lock orders the bumps, so that version is above every committed one, and a reader that sees the commit sees
 * the transaction as changed either way. Without that, an import's entries rewrote every row its transactions
 * had just recorded (100k transactions, then their entries: twice the writes).
 *
 * `analytics_transaction_tables`: the transactions as a worker parsed them, packed (core's
 * transaction-table-pack.ts), under the transactions version they were read at, so a compute on a worker that
 * holds none — the first after a start, another process — reads one value and the changes since instead of
 * every transaction's entry lines. Stored uncompressed (EXTERNAL), as the price tables (migration 0042).
 */

function bumpFunction(name: string, changedRows: string) {
  return sql.raw(`create function ${name}() returns trigger language plpgsql as $$
    begin
      with changed as (${changedRows}),
      bumped as (
        update repositories set transactions_version = transactions_version + 1
          where id in (select repository_id from changed)
          returning id, transactions_version
      )
      insert into transaction_changes (repository_id, seq, transactions_version)
        select distinct c.repository_id, c.seq, b.transactions_version
        from changed c join bumped b on b.id = c.repository_id
      on conflict (repository_id, seq) do update set transactions_version = excluded.transactions_version
        where transaction_changes.xmin::text <> (txid_current() % 4294967296)::text;
      return null;
    end $$`);
}

const entrySeqs = (rows: string) =>
  `select distinct t.repository_id, t.seq from ${rows} r join transactions t on t.id = r.transaction_id`;

const FUNCTIONS = [
  ['transactions_changed_new', 'select distinct repository_id, seq from new_rows'],
  ['transactions_changed_old', 'select distinct repository_id, seq from old_rows'],
  [
    'transactions_changed_both',
    'select repository_id, seq from old_rows union select repository_id, seq from new_rows',
  ],
  ['transaction_entries_changed_new', entrySeqs('new_rows')],
  ['transaction_entries_changed_old', entrySeqs('old_rows')],
  ['transaction_entries_changed_both', `${entrySeqs('old_rows')} union ${entrySeqs('new_rows')}`],
] as const;

// PostgreSQL allows transition tables only on single-event triggers: one trigger per table and event.
const TRIGGERS = [
  ['transactions', 'insert', 'referencing new table as new_rows', 'transactions_changed_new'],
  [
    'transactions',
    'update',
    'referencing old table as old_rows new table as new_rows',
    'transactions_changed_both',
  ],
  ['transactions', 'delete', 'referencing old table as old_rows', 'transactions_changed_old'],
  ['transaction_entries', 'insert', 'referencing new table as new_rows', 'transaction_entries_changed_new'],
  [
    'transaction_entries',
    'update',
    'referencing old table as old_rows new table as new_rows',
    'transaction_entries_changed_both',
  ],
  ['transaction_entries', 'delete', 'referencing old table as old_rows', 'transaction_entries_changed_old'],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table repositories add column transactions_version bigint not null default 0`.execute(db);
  await db.schema
    .createTable('transaction_changes')
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('transactions_version', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('transaction_changes_pkey', ['repository_id', 'seq'])
    .execute();
  // The loader asks for the changes after a version: one deposit among 100k recorded transactions.
  await sql`create index transaction_changes_version_idx on transaction_changes (repository_id, transactions_version)`.execute(
    db,
  );
  await db.schema
    .createTable('analytics_transaction_tables')
    .addColumn('repository_id', 'uuid', (col) =>
      col.primaryKey().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('transactions_version', 'bigint', (col) => col.notNull())
    .addColumn('transaction_count', 'integer', (col) => col.notNull())
    .addColumn('packed', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table analytics_transaction_tables alter column packed set storage external`.execute(db);
  for (const [name, rows] of FUNCTIONS) await bumpFunction(name, rows).execute(db);
  for (const [table, event, referencing, fn] of TRIGGERS) {
    await sql
      .raw(
        `create trigger ${table}_changes_${event} after ${event} on ${table} ${referencing} for each statement execute function ${fn}()`,
      )
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, event] of TRIGGERS) {
    await sql.raw(`drop trigger if exists ${table}_changes_${event} on ${table}`).execute(db);
  }
  for (const [name] of FUNCTIONS) await sql.raw(`drop function if exists ${name}()`).execute(db);
  await db.schema.dropTable('analytics_transaction_tables').ifExists().execute();
  await db.schema.dropTable('transaction_changes').ifExists().execute();
  await sql`alter table repositories drop column if exists transactions_version`.execute(db);
}
