import { type Kysely, sql } from 'kysely';

/**
 * Kraken (issue #24's crypto exchange link): a connector of kind 'kraken' whose sealed secret is the user's
 * read-only API key and private key, in provider_connections like every other provider's. The list below is
 * the full one agreed with the cap-table connector's migration ('cap_table'), so whichever of the two runs
 * last leaves the same constraint.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table connectors drop constraint if exists connectors_kind_check`.execute(db);
  await sql`alter table connectors add constraint connectors_kind_check
    check (kind in ('manual', 'file', 'plaid', 'simplefin', 'gocardless', 'arch', 'kraken', 'cap_table'))`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from connectors where kind = 'kraken'`.execute(db);
  await sql`alter table connectors drop constraint if exists connectors_kind_check`.execute(db);
  await sql`alter table connectors add constraint connectors_kind_check
    check (kind in ('manual', 'file', 'plaid', 'simplefin', 'gocardless', 'arch', 'cap_table'))`.execute(db);
}
