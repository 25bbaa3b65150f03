import { type Kysely, sql } from 'kysely';

/**
 * `analytics_price_tables` keeps the price table packed (issue 27): the series' days and closes as the engine
 * reads them, in bytes (core's price-table-pack.ts), instead of the comma lists of migration 0039. At 2.6M
 * prices the text was 38 MB to read and parse when a process computed first from it; the bytes are about a
 * quarter of that and need no parsing. Kept tables of the old form are dropped (the next compute keeps one
 * again). Stored uncompressed (EXTERNAL), as before: read whole, and the packing already took the slack out.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from analytics_price_tables`.execute(db);
  await sql`alter table analytics_price_tables drop column series`.execute(db);
  await sql`alter table analytics_price_tables add column packed bytea not null`.execute(db);
  await sql`alter table analytics_price_tables alter column packed set storage external`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from analytics_price_tables`.execute(db);
  await sql`alter table analytics_price_tables drop column packed`.execute(db);
  await sql`alter table analytics_price_tables add column series text not null`.execute(db);
  await sql`alter table analytics_price_tables alter column series set storage external`.execute(db);
}
