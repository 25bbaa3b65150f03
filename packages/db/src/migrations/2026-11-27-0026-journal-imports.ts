import { type Kysely, sql } from 'kysely';

/**
 * Journal imports (issue 28): a background task type of their own, and the key of every transaction a
 * journal import wrote, so importing the same journal again adds nothing (a second import of one file,
 * or two at once: the second to commit meets the first one's keys and is rolled back whole).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journal_import_keys')
    .addColumn('repository_id', 'uuid', (col) =>
      col.notNull().references('repositories.id').onDelete('cascade'),
    )
    /** sha256 (hex) of the mapped transaction and its occurrence in the journal (core's map-journal.ts). */
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('transaction_id', 'uuid', (col) =>
      col.notNull().references('transactions.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('journal_import_keys_pkey', ['repository_id', 'key'])
    .execute();
  await db.schema
    .createIndex('journal_import_keys_transaction_idx')
    .on('journal_import_keys')
    .column('transaction_id')
    .execute();
  await addTaskType(db, 'journal_import');
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('tasks').where('type', '=', 'journal_import').execute();
  await db.schema.dropTable('journal_import_keys').execute();
  const definition = await checkOf(db);
  if (definition) await replaceCheck(db, definition.replace(/'journal_import'::text,\s*/, ''));
}

// Other migrations may add task types too: the type list is extended as it stands, not rewritten.
// biome-ignore lint/suspicious/noExplicitAny: see up().
async function checkOf(db: Kysely<any>): Promise<string | undefined> {
  const found = await sql<{ definition: string }>`
    select pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'tasks'::regclass and conname = 'tasks_type_check'`.execute(db);
  return found.rows[0]?.definition;
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
async function replaceCheck(db: Kysely<any>, definition: string): Promise<void> {
  await sql`alter table tasks drop constraint tasks_type_check`.execute(db);
  await sql.raw(`alter table tasks add constraint tasks_type_check ${definition}`).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
async function addTaskType(db: Kysely<any>, type: string): Promise<void> {
  const definition = await checkOf(db);
  if (!definition) throw new Error('tasks_type_check is missing');
  if (definition.includes(`'${type}'`)) return;
  const extended = definition.replace(/ARRAY\[/, `ARRAY['${type}'::text, `);
  if (extended === definition) throw new Error(`Cannot read tasks_type_check: ${definition}`);
  await replaceCheck(db, extended);
}
