import { type Kysely, sql } from 'kysely';

/**
 * Repositories and who may use them (members, invites), the users' subscriptions, and the first cut of
 * the repository's things: `assets` (instruments, holding accounts, income and expense accounts in one
 * table, DOMAIN.md), `tags` and `asset_tags`. Every repository-scoped table has `repository_id NOT NULL`
 * and an index leading with it; deleting a repository cascades to everything it holds.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const uuid = sql`gen_random_uuid()`;

  await db.schema
    .createTable('repositories')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .addColumn('owner_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('settings', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  // The service checks names among all the caller's repositories; this backs it against races per owner.
  await sql`CREATE UNIQUE INDEX repositories_owner_name_key ON repositories (owner_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('repository_members')
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('access_type', 'smallint', (col) => col.notNull().check(sql`access_type IN (1, 2, 3)`))
    .addColumn('user_repo_settings', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('repository_members_pkey', ['repository_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('repository_members_user_id_idx')
    .on('repository_members')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    // The owner level (3) is never granted by invite.
    .addColumn('access_type', 'smallint', (col) => col.notNull().check(sql`access_type IN (1, 2)`))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status IN ('pending', 'accepted', 'declined')`),
    )
    .addColumn('invited_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('invites_repository_id_idx').on('invites').column('repository_id').execute();
  await sql`CREATE INDEX invites_email_idx ON invites (lower(email))`.execute(db);
  // One invite row per (repository, e-mail): a declined one is reopened, never duplicated.
  await sql`CREATE UNIQUE INDEX invites_repository_email_key ON invites (repository_id, lower(email))`.execute(
    db,
  );

  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('period_unit', 'text', (col) => col.notNull().defaultTo('month'))
    .addColumn('end_date', 'date')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('assets')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('ticker', 'text')
    .addColumn('currency', 'text')
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('properties', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_readonly', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('assets_repository_id_idx')
    .on('assets')
    .columns(['repository_id', 'type'])
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('tag_name', 'text', (col) => col.notNull())
    .addColumn('tag_value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    // Leads with repository_id, so it is also the repository index.
    .addUniqueConstraint('tags_repository_name_value_key', ['repository_id', 'tag_name', 'tag_value'])
    .execute();

  await db.schema
    .createTable('asset_tags')
    // Redundant with the asset's, but lets every query scope by repository without a join.
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'uuid', (col) => col.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('tag_id', 'uuid', (col) => col.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('asset_tags_pkey', ['asset_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('asset_tags_tag_id_idx').on('asset_tags').column('tag_id').execute();
  await db.schema
    .createIndex('asset_tags_repository_id_idx')
    .on('asset_tags')
    .column('repository_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'asset_tags',
    'tags',
    'assets',
    'subscriptions',
    'invites',
    'repository_members',
    'repositories',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
