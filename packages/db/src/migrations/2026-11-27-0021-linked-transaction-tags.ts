import { type Kysely, sql } from 'kysely';

/**
 * Linked transactions, the list's slice of issue #21 (linked seed §2, §3, §7):
 *
 * - `linked_transaction_tags`: a repository's tags for linked transactions (the seed's "rule tag": id, name,
 *   is_system). A name is unique per repository whatever its case; the system tag 'exclude' is made on first
 *   need by the service. Transactions keep their tags as a jsonb list of these ids (migration 0017).
 * - `linked_transactions.status` (posted / pending): a statement file lists booked rows, so 'posted'.
 * - `repositories.linked_data_version`: raised by statement triggers on every write to linked transactions
 *   and their tags (the loader, bulk edits, a connector's cascade delete, a tag rename), so the list can keep
 *   a filtered total per version instead of counting 100k rows on every page, whichever path wrote.
 *   Statement triggers with transition tables: one bump per statement, not per row, so a 100k-row load
 *   costs one update of the repository row per insert chunk.
 * - Statistics on the searched expressions and an index for sorting a page by amount (the list's budget).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('linked_transaction_tags')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('is_system', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index linked_transaction_tags_repository_name_key
    on linked_transaction_tags (repository_id, lower(name))`.execute(db);

  await sql`alter table linked_transactions add column status text not null default 'posted'
    check (status in ('posted', 'pending'))`.execute(db);
  await sql`alter table repositories add column linked_data_version bigint not null default 0`.execute(db);

  await sql`create function linked_data_bump_new() returns trigger language plpgsql as $$
    begin
      update repositories set linked_data_version = linked_data_version + 1
        where id in (select distinct repository_id from new_rows);
      return null;
    end $$`.execute(db);
  await sql`create function linked_data_bump_old() returns trigger language plpgsql as $$
    begin
      update repositories set linked_data_version = linked_data_version + 1
        where id in (select distinct repository_id from old_rows);
      return null;
    end $$`.execute(db);
  // PostgreSQL allows transition tables only on single-event triggers: one trigger per event and table.
  for (const table of ['linked_transactions', 'linked_transaction_tags']) {
    await sql
      .raw(`create trigger ${table}_bump_insert after insert on ${table}
      referencing new table as new_rows for each statement execute function linked_data_bump_new()`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_bump_update after update on ${table}
      referencing new table as new_rows for each statement execute function linked_data_bump_new()`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_bump_delete after delete on ${table}
      referencing old table as old_rows for each statement execute function linked_data_bump_old()`)
      .execute(db);
  }

  // Search compares lower(column) LIKE '%text%'. Statistics on those expressions (PostgreSQL 14+) let the
  // planner estimate how many rows a search keeps — from the column's common values and histogram — instead
  // of guessing 0.5%, which made it scan and sort every row rather than walk the date index for one page.
  for (const [name, expression] of [
    ['counterparty', 'lower(counterparty)'],
    ['description', 'lower(description)'],
    ['amount', 'lower(amount::text)'],
  ] as const) {
    await sql
      .raw(`create statistics linked_transactions_${name}_search_stats on (${expression})
      from linked_transactions`)
      .execute(db);
  }
  // Sorting a page by amount walks this instead of sorting every row (date has its index from 0017).
  await db.schema
    .createIndex('linked_transactions_repository_amount_idx')
    .on('linked_transactions')
    .columns(['repository_id', 'amount'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('linked_transactions_repository_amount_idx').ifExists().execute();
  for (const name of ['counterparty', 'description', 'amount']) {
    await sql.raw(`drop statistics if exists linked_transactions_${name}_search_stats`).execute(db);
  }
  for (const table of ['linked_transactions', 'linked_transaction_tags']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ${table}_bump_${event} on ${table}`).execute(db);
    }
  }
  await sql`drop function if exists linked_data_bump_new()`.execute(db);
  await sql`drop function if exists linked_data_bump_old()`.execute(db);
  await sql`alter table repositories drop column if exists linked_data_version`.execute(db);
  await sql`alter table linked_transactions drop column if exists status`.execute(db);
  await db.schema.dropTable('linked_transaction_tags').ifExists().execute();
}
