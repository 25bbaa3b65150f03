import { type Kysely, sql } from 'kysely';

/**
 * `asset_price_changes` (issue 27): for each asset whose prices were ever written, the repository's
 * prices_version of the last write. An analytics worker that keeps the repository's price table at version k
 * then reads again only the series of the assets changed since k — one edited price, one asset's few thousand
 * rows — instead of the whole table (2.6M rows at the scale). Kept by the same statement triggers as
 * prices_version (migration 0039), so no path that writes prices can miss it. No foreign key to the asset: a
 * hard delete of an asset deletes its prices, and the change must outlive the asset for the table to drop its
 * series.
 */

// The three trigger functions of 0039, now also recording which assets changed at the new version.
function bumpFunction(name: string, changedRows: string) {
  return sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
    begin
      with changed as (${changedRows}),
      bumped as (
        update repositories set prices_version = prices_version + 1
          where id in (select repository_id from changed)
          returning id, prices_version
      )
      insert into asset_price_changes (repository_id, asset_id, prices_version)
        select distinct c.repository_id, c.asset_id, b.prices_version
        from changed c join bumped b on b.id = c.repository_id
      on conflict (repository_id, asset_id) do update set prices_version = excluded.prices_version;
      return null;
    end $$`);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('asset_price_changes')
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'uuid', (col) => col.notNull())
    .addColumn('prices_version', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('asset_price_changes_pkey', ['repository_id', 'asset_id'])
    .execute();
  // A table kept before changes were recorded cannot be patched: every kept table postdates this.
  await sql`delete from analytics_price_tables`.execute(db);
  await bumpFunction(
    'prices_version_bump_new',
    'select distinct repository_id, asset_id from new_rows',
  ).execute(db);
  await bumpFunction(
    'prices_version_bump_old',
    'select distinct repository_id, asset_id from old_rows',
  ).execute(db);
  await bumpFunction(
    'prices_version_bump_both',
    'select repository_id, asset_id from old_rows union select repository_id, asset_id from new_rows',
  ).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, rows] of [
    ['prices_version_bump_new', 'new_rows'],
    ['prices_version_bump_old', 'old_rows'],
  ] as const) {
    await sql
      .raw(`create or replace function ${name}() returns trigger language plpgsql as $$
        begin
          update repositories set prices_version = prices_version + 1
            where id in (select distinct repository_id from ${rows});
          return null;
        end $$`)
      .execute(db);
  }
  await sql`create or replace function prices_version_bump_both() returns trigger language plpgsql as $$
    begin
      update repositories set prices_version = prices_version + 1
        where id in (select repository_id from old_rows union select repository_id from new_rows);
      return null;
    end $$`.execute(db);
  await db.schema.dropTable('asset_price_changes').ifExists().execute();
}
