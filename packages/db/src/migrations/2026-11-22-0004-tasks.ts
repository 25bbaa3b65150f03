import { type Kysely, sql } from 'kysely';

/**
 * Background tasks (core seed §4, §7): one row per unit of long work a user started (a repository
 * import, a sync, …). pg-boss holds the queue in its own schema; this table is what users see and poll.
 * Status and type are snake_case codes (`time_out`, `repository_import`), listed in @strata/core/tasks.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const statuses = sql.join(
    ['waiting', 'running', 'succeeded', 'failed', 'time_out', 'aborted', 'done'].map((status) =>
      sql.lit(status),
    ),
  );
  const types = sql.join(
    [
      'link_account',
      'default',
      'eod_search',
      'repository_import',
      'sync_linked_account',
      'market_data_sync',
      'analytics_compute',
    ].map((type) => sql.lit(type)),
  );

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    // Null until the task is tied to a repository (an import creates its repository only at the end).
    .addColumn('repository_id', 'uuid', (col) => col.references('repositories.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type IN (${types})`))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('waiting').check(sql`status IN (${statuses})`),
    )
    .addColumn('error', 'text')
    .addColumn('progress', 'jsonb')
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('result', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('tasks_user_id_created_at_idx')
    .on('tasks')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('tasks_repository_id_idx').on('tasks').column('repository_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tasks').execute();
}
