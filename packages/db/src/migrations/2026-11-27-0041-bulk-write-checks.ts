import { type Kysely, sql } from 'kysely';

/**
 * Cheaper integrity checks on the two tables written in bulk (issue 28: a journal brings 2.6M prices and 100k
 * transactions). A foreign key checks each row it writes with a query of its own and, for `created_by` /
 * `updated_by`, takes a key-share lock on the same user's row again for every row: in a scratch database half
 * the time of inserting 520,000 prices went to those two checks alone.
 *
 * - `created_by` / `updated_by` of `asset_prices` and `transactions` are checked once per statement instead: a
 *   statement trigger reads the distinct users of the rows written (a transition table), locks them as a
 *   foreign key would (FOR KEY SHARE, so a concurrent delete of that user waits for us or we see it gone) and
 *   refuses with the foreign-key violation's code (23503) if one is missing. A user's delete sets them to null as
 *   `ON DELETE SET NULL` did.
 * - A price's asset and repository are checked the same way, as one pair: the distinct (asset, repository)
 *   pairs written must be an asset of that repository (locked FOR KEY SHARE) — stricter than the two foreign
 *   keys it replaces, which let a price name another repository's asset. An asset's delete deletes its prices
 *   (a repository's delete deletes its assets, so their prices too), as the foreign keys' `ON DELETE CASCADE` did.
 */

const AUDITED_TABLES = ['asset_prices', 'transactions'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function check_audit_users() returns trigger language plpgsql as $$
    declare
      named text[];
      missing text;
    begin
      -- One pass over the rows: a bulk write names one or two users.
      select array_agg(distinct n.user_id) into named
        from (select created_by, updated_by from new_rows group by 1, 2) pairs,
          unnest(array[pairs.created_by, pairs.updated_by]) as n(user_id)
        where n.user_id is not null;
      perform 1 from "user" u where u.id = any(named) for key share;
      select n.user_id into missing from unnest(named) as n(user_id)
        where not exists (select 1 from "user" u where u.id = n.user_id)
        limit 1;
      if missing is not null then
        raise foreign_key_violation using
          message = format('insert or update on table "%s" names user "%s", which does not exist', tg_table_name, missing),
          table = tg_table_name;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function check_price_assets() returns trigger language plpgsql as $$
    declare
      asset_ids uuid[];
      repository_ids uuid[];
      missing uuid;
    begin
      select array_agg(asset_id), array_agg(repository_id) into asset_ids, repository_ids
        from (select distinct asset_id, repository_id from new_rows) pairs;
      perform 1 from assets a join unnest(asset_ids, repository_ids) as p(asset_id, repository_id)
          on a.id = p.asset_id and a.repository_id = p.repository_id
        for key share of a;
      select p.asset_id into missing from unnest(asset_ids, repository_ids) as p(asset_id, repository_id)
        where not exists (select 1 from assets a where a.id = p.asset_id and a.repository_id = p.repository_id)
        limit 1;
      if missing is not null then
        raise foreign_key_violation using
          message = format('insert or update on table "asset_prices" names asset "%s", which is not an asset of its repository', missing),
          table = 'asset_prices';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function delete_asset_prices() returns trigger language plpgsql as $$
    begin
      delete from asset_prices where asset_id = old.id;
      return null;
    end $$`.execute(db);
  // Both columns in one update: the rows it writes must not name the deleted user in either.
  const clearUser = AUDITED_TABLES.map(
    (
      table,
    ) => `update ${table} set created_by = nullif(created_by, old.id), updated_by = nullif(updated_by, old.id)
        where created_by = old.id or updated_by = old.id;`,
  ).join('\n      ');
  await sql
    .raw(`create function clear_deleted_user() returns trigger language plpgsql as $$
    begin
      ${clearUser}
      return null;
    end $$`)
    .execute(db);
  for (const table of AUDITED_TABLES) {
    await sql.raw(`alter table ${table} drop constraint ${table}_created_by_fkey`).execute(db);
    await sql.raw(`alter table ${table} drop constraint ${table}_updated_by_fkey`).execute(db);
    // Transition tables are allowed only on single-event triggers: one per event.
    for (const event of ['insert', 'update']) {
      await sql
        .raw(`create trigger ${table}_users_${event} after ${event} on ${table}
          referencing new table as new_rows for each statement execute function check_audit_users()`)
        .execute(db);
    }
  }
  await sql`create trigger user_clear_audit after delete on "user"
    for each row execute function clear_deleted_user()`.execute(db);

  await sql`alter table asset_prices drop constraint asset_prices_repository_id_fkey`.execute(db);
  await sql`alter table asset_prices drop constraint asset_prices_asset_id_fkey`.execute(db);
  for (const event of ['insert', 'update']) {
    await sql
      .raw(`create trigger asset_prices_assets_${event} after ${event} on asset_prices
        referencing new table as new_rows for each statement execute function check_price_assets()`)
      .execute(db);
  }
  await sql`create trigger assets_delete_prices after delete on assets
    for each row execute function delete_asset_prices()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger assets_delete_prices on assets`.execute(db);
  for (const event of ['insert', 'update']) {
    await sql.raw(`drop trigger asset_prices_assets_${event} on asset_prices`).execute(db);
  }
  await sql`alter table asset_prices add constraint asset_prices_asset_id_fkey foreign key (asset_id)
    references assets (id) on delete cascade`.execute(db);
  await sql`alter table asset_prices add constraint asset_prices_repository_id_fkey foreign key (repository_id)
    references repositories (id) on delete cascade`.execute(db);

  await sql`drop trigger user_clear_audit on "user"`.execute(db);
  for (const table of AUDITED_TABLES) {
    for (const event of ['insert', 'update']) {
      await sql.raw(`drop trigger ${table}_users_${event} on ${table}`).execute(db);
    }
    for (const column of ['created_by', 'updated_by']) {
      await sql
        .raw(`alter table ${table} add constraint ${table}_${column}_fkey foreign key (${column})
          references "user" (id) on delete set null`)
        .execute(db);
    }
  }
  await sql`drop function clear_deleted_user()`.execute(db);
  await sql`drop function delete_asset_prices()`.execute(db);
  await sql`drop function check_price_assets()`.execute(db);
  await sql`drop function check_audit_users()`.execute(db);
}
