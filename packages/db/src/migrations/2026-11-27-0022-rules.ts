import { type Kysely, sql } from 'kysely';

/**
 * Tagging and mapping rules (issue #22, linked seed §3 "Tagging rule", "Mapping rule", §4). A rule's criteria
 * and actions are one jsonb document (core's rule model parses it). Linked transactions learn what rules need
 * to act once and to leave a user's hand edits alone: the rules already applied to them, the fields a user
 * edited, their mapping status with the reason of a failure, and the smart transaction they were mapped to.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's schema.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('rules')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (col) =>
      col.notNull().check(sql`type in ('tagging', 'mapping_to_smart_transaction')`),
    )
    .addColumn('order', 'integer', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('apply_to_existing_transactions', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('apply_status', 'text', (col) =>
      col.check(sql`apply_status in ('success', 'failed', 'partial', 'not_applied')`),
    )
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('created_by', 'text', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('rules_repository_type_order_idx')
    .on('rules')
    .columns(['repository_id', 'type', 'order'])
    .execute();

  await db.schema
    .alterTable('linked_transactions')
    .addColumn('applied_rule_ids', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('edited_fields', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('mapping_status', 'text', (col) =>
      col.notNull().defaultTo('none').check(sql`mapping_status in ('ok', 'failed', 'pending', 'none')`),
    )
    .addColumn('mapping_message', 'text')
    .addColumn('transaction_id', 'uuid', (col) => col.references('transactions.id').onDelete('set null'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('linked_transactions')
    .dropColumn('transaction_id')
    .dropColumn('mapping_message')
    .dropColumn('mapping_status')
    .dropColumn('edited_fields')
    .dropColumn('applied_rule_ids')
    .execute();
  await db.schema.dropTable('rules').execute();
}
