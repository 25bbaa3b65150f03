import { type Kysely, sql } from 'kysely';

/**
 * The order transactions were entered in. Transactions written by one request (an import, a bulk create, the
 * demo) share `created_at` — now() is the database transaction's start — so same-day ones fell back to their
 * random ids: a same-day buy and sell could swap from one load to the next and move realized gains. `seq`
 * numbers rows as they are inserted (a multi-row insert numbers them in its order); existing rows are
 * numbered by (created_at, id), the order the analytics read them in until now. The list's index ends with it
 * too, so within a day the latest entered comes first, as it does on the page right after it is stored.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at that point.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE transactions ADD COLUMN seq bigint`.execute(db);
  await sql`
    UPDATE transactions t SET seq = ordered.n
    FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM transactions) AS ordered
    WHERE t.id = ordered.id
  `.execute(db);
  await sql`CREATE SEQUENCE transactions_seq_seq OWNED BY transactions.seq`.execute(db);
  await sql`SELECT setval('transactions_seq_seq', coalesce((SELECT max(seq) FROM transactions), 0) + 1, false)`.execute(
    db,
  );
  await sql`ALTER TABLE transactions ALTER COLUMN seq SET DEFAULT nextval('transactions_seq_seq')`.execute(
    db,
  );
  await sql`ALTER TABLE transactions ALTER COLUMN seq SET NOT NULL`.execute(db);
  await sql`DROP INDEX transactions_list_idx`.execute(db);
  await sql`CREATE INDEX transactions_list_idx ON transactions (repository_id, date DESC, seq DESC)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX transactions_list_idx`.execute(db);
  await sql`CREATE INDEX transactions_list_idx ON transactions (repository_id, date DESC, id)`.execute(db);
  await sql`ALTER TABLE transactions DROP COLUMN seq`.execute(db);
}
