import { type Kysely, sql } from 'kysely';

/**
 * The cap-table connector (issue #24: an OAuth 2.0 authorization-code link, Carta by default). It reuses the
 * redirect links' provider_authorizations (the PKCE verifier is sealed there) and provider_connections (the
 * access and refresh tokens sealed): only the connector kind is new. The list is the whole one, 'kraken'
 * included, so the crypto exchange's migration and this one agree whichever runs last.
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
  await sql`delete from connectors where kind = 'cap_table'`.execute(db);
  await sql`alter table connectors drop constraint if exists connectors_kind_check`.execute(db);
  await sql`alter table connectors add constraint connectors_kind_check
    check (kind in ('manual', 'file', 'plaid', 'simplefin', 'gocardless', 'arch', 'kraken'))`.execute(db);
}
