import { type Kysely, sql } from 'kysely';

/**
 * `repositories.prices_version` (issue 27): raised by statement triggers on every write to `asset_prices`, so
 * an analytics worker can keep a repository's loaded price table (2.6M rows at the scale: most of a
 * cold compute's read) across data versions that changed only transactions, and know when it must read the
 * prices again. Triggers rather than calls beside `bumpDataVersion`: prices are written by the API, CSV
 * imports, market-data syncs, journal imports, repository transfers, the demo seed and cascades from asset
 * deletes; a missed path would serve stale prices, a trigger cannot be missed. One bump per statement and
 * repository (transition tables), not per row, so a bulk import costs one update of the repository row per
 * statement. The repository row is the one every price write already updates (its data version).
 *
 * `analytics_price_tables`: the price table as the loader read it (its series as comma lists, one text per
 * repository) under the prices version it was read at, so a compute on a worker that holds none — the first
 * after a start, another process — reads one value instead of aggregating 2.6M rows (1.0–2.2 s → 0.4–0.5 s on
 * the repository, docs/benchmarks.md). Stored uncompressed (EXTERNAL): the value is read whole, and
 * compressing 38 MB on every write cost more than the disk it saves.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table repositories add column prices_version bigint not null default 0`.execute(db);
  await sql`create function prices_version_bump_new() returns trigger language plpgsql as $$
    begin
      update repositories set prices_version = prices_version + 1
        where id in (select distinct repository_id from new_rows);
      return null;
    end $$`.execute(db);
  await sql`create function prices_version_bump_old() returns trigger language plpgsql as $$
    begin
      update repositories set prices_version = prices_version + 1
        where id in (select distinct repository_id from old_rows);
      return null;
    end $$`.execute(db);
  // An update names its repository on both sides: the old rows' too, should a row ever move.
  await sql`create function prices_version_bump_both() returns trigger language plpgsql as $$
    begin
      update repositories set prices_version = prices_version + 1
        where id in (select repository_id from old_rows union select repository_id from new_rows);
      return null;
    end $$`.execute(db);
  // PostgreSQL allows transition tables only on single-event triggers: one trigger per event.
  await sql`create trigger asset_prices_version_insert after insert on asset_prices
    referencing new table as new_rows for each statement execute function prices_version_bump_new()`.execute(
    db,
  );
  await sql`create trigger asset_prices_version_update after update on asset_prices
    referencing old table as old_rows new table as new_rows
    for each statement execute function prices_version_bump_both()`.execute(db);
  await sql`create trigger asset_prices_version_delete after delete on asset_prices
    referencing old table as old_rows for each statement execute function prices_version_bump_old()`.execute(
    db,
  );

  await db.schema
    .createTable('analytics_price_tables')
    .addColumn('repository_id', 'uuid', (col) =>
      col.primaryKey().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('prices_version', 'bigint', (col) => col.notNull())
    .addColumn('price_count', 'integer', (col) => col.notNull())
    .addColumn('series', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table analytics_price_tables alter column series set storage external`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_price_tables').ifExists().execute();
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger if exists asset_prices_version_${event} on asset_prices`).execute(db);
  }
  for (const name of ['new', 'old', 'both']) {
    await sql.raw(`drop function if exists prices_version_bump_${name}()`).execute(db);
  }
  await sql`alter table repositories drop column if exists prices_version`.execute(db);
}
