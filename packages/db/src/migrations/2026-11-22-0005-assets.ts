import { type Kysely, sql } from 'kysely';

/**
 * Assets grow the fields of core seed §3 (currency asset, links to outside data, thumbnail), prices get
 * their table, and repositories a `data_version` that every price or transaction change bumps in the same
 * database transaction: cached analytics are valid only for the version they were computed on.
 *
 * Uniqueness the seed asks for lives in partial indexes over live (not deleted) rows: instruments of one
 * type never share a non-empty ticker; accounts (whose ticker follows the name) never share a name within
 * their type. A soft-deleted row keeps its place in the trash without blocking a new one — the service
 * looks for such a row first and answers 409 'soft deleted' so the user can restore it instead.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const uuid = sql`gen_random_uuid()`;

  await sql`ALTER TABLE repositories ADD COLUMN IF NOT EXISTS data_version bigint NOT NULL DEFAULT 0`.execute(
    db,
  );

  await db.schema
    .alterTable('assets')
    .addColumn('currency_asset_id', 'uuid', (col) => col.references('assets.id').onDelete('set null'))
    .addColumn('linked_id', 'text')
    .addColumn('linked_security_id', 'text')
    .addColumn('linked_account_id', 'text')
    .addColumn('security_info_ticker', 'text')
    .addColumn('parent_id', 'uuid', (col) => col.references('assets.id').onDelete('set null'))
    .execute();
  await sql`CREATE UNIQUE INDEX assets_live_type_ticker_key ON assets (repository_id, type, lower(ticker))
    WHERE deleted_at IS NULL AND ticker IS NOT NULL AND ticker <> ''`.execute(db);
  await db.schema
    .createIndex('assets_repository_deleted_idx')
    .on('assets')
    .columns(['repository_id', 'deleted_at'])
    .execute();

  // The seed addresses an asset's tag by id (PUT/DELETE asset_tags/{id}).
  await sql`ALTER TABLE asset_tags ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid()`.execute(db);
  await sql`CREATE UNIQUE INDEX asset_tags_id_key ON asset_tags (id)`.execute(db);

  await db.schema
    .createTable('asset_prices')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(uuid))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('asset_id', 'uuid', (col) => col.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('date', 'date', (col) => col.notNull())
    .addColumn('close', 'numeric', (col) => col.notNull())
    .addColumn('adjusted_close', 'numeric')
    .addColumn('source', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`source IN ('manual', 'override', 'connector', 'security master', 'security master adjusted')`,
        ),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    // One price per asset, day and source; also the index the analytics loader reads in order.
    .addUniqueConstraint('asset_prices_asset_date_source_key', ['asset_id', 'date', 'source'])
    .execute();
  await db.schema
    .createIndex('asset_prices_repository_id_idx')
    .on('asset_prices')
    .column('repository_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('asset_prices').ifExists().execute();
  await sql`DROP INDEX IF EXISTS assets_live_type_ticker_key`.execute(db);
  await sql`ALTER TABLE asset_tags DROP COLUMN IF EXISTS id`.execute(db);
  await sql`DROP INDEX IF EXISTS assets_repository_deleted_idx`.execute(db);
  for (const column of [
    'currency_asset_id',
    'linked_id',
    'linked_security_id',
    'linked_account_id',
    'security_info_ticker',
    'parent_id',
  ]) {
    await db.schema.alterTable('assets').dropColumn(column).execute();
  }
  await sql`ALTER TABLE repositories DROP COLUMN IF EXISTS data_version`.execute(db);
}
