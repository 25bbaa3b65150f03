import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations and the migrator see the schema of their own time, not Database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('value', 'jsonb', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db
    .insertInto('app_meta')
    .values({ key: 'instance_id', value: sql`to_jsonb(gen_random_uuid()::text)` })
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations and the migrator see the schema of their own time, not Database
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_meta').execute();
}
