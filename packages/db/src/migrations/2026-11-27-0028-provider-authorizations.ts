import { type Kysely, sql } from 'kysely';

/**
 * Live connectors that link through a redirect (GoCardless' requisitions; issue #24, linked seed §7's
 * authorization_url and callback) and Arch's client credentials. An authorization is pending between the
 * two routes: it binds the state (kept as its SHA-256 only) to the user and repository that asked, and keeps
 * the provider's id of the link sealed like a connection's secret. The callback uses it once.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table connectors drop constraint if exists connectors_kind_check`.execute(db);
  await sql`alter table connectors add constraint connectors_kind_check
    check (kind in ('manual', 'file', 'plaid', 'simplefin', 'gocardless', 'arch'))`.execute(db);

  await db.schema
    .createTable('provider_authorizations')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('secret_ciphertext', 'text', (col) => col.notNull())
    .addColumn('secret_iv', 'text', (col) => col.notNull())
    .addColumn('secret_tag', 'text', (col) => col.notNull())
    .addColumn('secret_key_id', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('provider_authorizations_user_id_idx')
    .on('provider_authorizations')
    .column('user_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_authorizations').ifExists().execute();
  await sql`delete from connectors where kind in ('gocardless', 'arch')`.execute(db);
  await sql`alter table connectors drop constraint if exists connectors_kind_check`.execute(db);
  await sql`alter table connectors add constraint connectors_kind_check
    check (kind in ('manual', 'file', 'plaid', 'simplefin'))`.execute(db);
}
