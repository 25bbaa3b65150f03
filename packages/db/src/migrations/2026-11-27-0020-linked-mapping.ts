import { type Kysely, sql } from 'kysely';

/**
 * Linked data, mapping (issue #21; linked seed §3, §7): a connector's `source` (its loader), a connector shared with more repositories than its
 * home one (`connector_repositories`), saved CSV mapping profiles per repository (`csv_profiles`), and at
 * most one linked account per repository account (the partial unique index on `linked_accounts.asset_id`).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  // The loader a connector made by POST linked_data/connectors is for (ofx, qfx, qif, csv); providers later.
  await db.schema.alterTable('connectors').addColumn('source', 'text').execute();

  // The repositories a connector is shared into besides its home (connectors.repository_id).
  await db.schema
    .createTable('connector_repositories')
    .addColumn('connector_id', 'uuid', (col) => col.notNull().references('connectors.id').onDelete('cascade'))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addPrimaryKeyConstraint('connector_repositories_pkey', ['connector_id', 'repository_id'])
    .execute();
  await db.schema
    .createIndex('connector_repositories_repository_id_idx')
    .on('connector_repositories')
    .column('repository_id')
    .execute();

  await db.schema
    .createTable('csv_profiles')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    /** core's TCsvProfile as the contract validated it. */
    .addColumn('profile', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await sql`create unique index csv_profiles_repository_name_key
    on csv_profiles (repository_id, lower(name))`.execute(db);

  await sql`create unique index linked_accounts_asset_id_key
    on linked_accounts (asset_id) where asset_id is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists linked_accounts_asset_id_key`.execute(db);
  await db.schema.dropTable('csv_profiles').ifExists().execute();
  await db.schema.dropTable('connector_repositories').ifExists().execute();
  await db.schema.alterTable('connectors').dropColumn('source').execute();
}
