import { type Kysely, sql } from 'kysely';

/**
 * Live connectors (issue #24, linked seed §1, §7): a connector may now be a provider's (Plaid, SimpleFIN),
 * whose access token is kept in `provider_connections`, sealed with AES-256-GCM under a key from the
 * environment (the key's id is stored beside it, so a rotated key still opens older rows). Sync events also
 * count what a provider changed or took back (`updated`, `removed`), which a file never does.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await sql`alter table connectors drop constraint if exists connectors_kind_check`.execute(db);
  await sql`alter table connectors add constraint connectors_kind_check
    check (kind in ('manual', 'file', 'plaid', 'simplefin'))`.execute(db);

  await db.schema
    .createTable('provider_connections')
    .addColumn('connector_id', 'uuid', (col) =>
      col.primaryKey().references('connectors.id').onDelete('cascade'),
    )
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (col) => col.notNull())
    /** The provider's id of the link (Plaid's item_id); not a secret. */
    .addColumn('external_id', 'text')
    /** base64 of the AES-256-GCM ciphertext, its 12-byte nonce and 16-byte tag. */
    .addColumn('secret_ciphertext', 'text', (col) => col.notNull())
    .addColumn('secret_iv', 'text', (col) => col.notNull())
    .addColumn('secret_tag', 'text', (col) => col.notNull())
    .addColumn('secret_key_id', 'text', (col) => col.notNull())
    /** Where the next incremental fetch starts (Plaid's /transactions/sync cursor, SimpleFIN's last date). */
    .addColumn('cursor', 'text')
    .addColumn('last_synced_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('provider_connections_repository_id_idx')
    .on('provider_connections')
    .column('repository_id')
    .execute();

  await db.schema
    .alterTable('sync_events')
    .addColumn('updated', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sync_events')
    .addColumn('removed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_events').dropColumn('removed').execute();
  await db.schema.alterTable('sync_events').dropColumn('updated').execute();
  await db.schema.dropTable('provider_connections').ifExists().execute();
  await sql`delete from connectors where kind not in ('manual', 'file')`.execute(db);
  await sql`alter table connectors drop constraint if exists connectors_kind_check`.execute(db);
  await sql`alter table connectors add constraint connectors_kind_check
    check (kind in ('manual', 'file'))`.execute(db);
}
