import { type Kysely, sql } from 'kysely';

/**
 * Computed analytics, shared by every server process. A row names the repository data version it was
 * computed on; it is served only while that version is current, so a price or transaction change
 * deprecates results without touching them (the next compute of the same request overwrites the row).
 * `result` is `json`, not `jsonb`: it is only ever written and read whole, and a large result (megabytes)
 * takes PostgreSQL ~10× longer to convert to and from jsonb than to check as json text.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  // Normally added by the assets migration (0005); kept here so this table never names a missing column.
  await sql`ALTER TABLE repositories ADD COLUMN IF NOT EXISTS data_version bigint NOT NULL DEFAULT 0`.execute(
    db,
  );
  await db.schema
    .createTable('analytics_results')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('data_version', 'bigint', (col) => col.notNull())
    .addColumn('result', 'json', (col) => col.notNull())
    .addColumn('compute_ms', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('analytics_results_request_key', ['repository_id', 'request_hash'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_results').ifExists().execute();
}
