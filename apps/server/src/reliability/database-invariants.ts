import type { Database } from '@strata/db/schema';
import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * What must hold in any database the API has written, whatever requests it answered: no transaction without
 * its entries, no gap in an entry list, no row that points into another repository, no repository without its
 * owner as a member. A write that stopped halfway (outside a db transaction) leaves one of these broken.
 * Each check counts its offending rows; `databaseInvariantBreaches` answers the checks whose count is not 0.
 */
const checks: Record<string, ReturnType<typeof sql<{ n: number }>>> = {
  'a transaction with no entries': sql`
    SELECT count(*)::int AS n FROM transactions t
    WHERE NOT EXISTS (SELECT 1 FROM transaction_entries e WHERE e.transaction_id = t.id)`,
  'a transaction whose entry slots are not 0..n-1': sql`
    SELECT count(*)::int AS n FROM (
      SELECT transaction_id FROM transaction_entries GROUP BY transaction_id
      HAVING max(position) + 1 <> count(*)) gaps`,
  'an entry in another repository than its transaction': sql`
    SELECT count(*)::int AS n FROM transaction_entries e JOIN transactions t ON t.id = e.transaction_id
    WHERE t.repository_id <> e.repository_id`,
  "an entry's account, asset or position in another repository": sql`
    SELECT count(*)::int AS n FROM transaction_entries e
    JOIN assets account ON account.id = e.account_id
    JOIN assets asset ON asset.id = e.asset_id
    LEFT JOIN assets pos ON pos.id = e.pos_id
    WHERE account.repository_id <> e.repository_id OR asset.repository_id <> e.repository_id
       OR pos.repository_id <> e.repository_id`,
  'a price of an asset in another repository': sql`
    SELECT count(*)::int AS n FROM asset_prices p JOIN assets a ON a.id = p.asset_id
    WHERE a.repository_id <> p.repository_id`,
  "an asset's currency or parent in another repository": sql`
    SELECT count(*)::int AS n FROM assets a
    LEFT JOIN assets c ON c.id = a.currency_asset_id
    LEFT JOIN assets p ON p.id = a.parent_id
    WHERE c.repository_id <> a.repository_id OR p.repository_id <> a.repository_id`,
  'an asset tag joining rows of other repositories': sql`
    SELECT count(*)::int AS n FROM asset_tags x
    JOIN assets a ON a.id = x.asset_id JOIN tags t ON t.id = x.tag_id
    WHERE a.repository_id <> x.repository_id OR t.repository_id <> x.repository_id`,
  'an asset contact joining rows of other repositories': sql`
    SELECT count(*)::int AS n FROM asset_contacts x
    JOIN assets a ON a.id = x.asset_id JOIN contacts c ON c.id = x.contact_id
    WHERE a.repository_id <> x.repository_id OR c.repository_id <> x.repository_id`,
  'a document of an asset in another repository': sql`
    SELECT count(*)::int AS n FROM documents d JOIN assets a ON a.id = d.asset_id
    WHERE a.repository_id <> d.repository_id`,
  'a document tag link joining rows of other repositories': sql`
    SELECT count(*)::int AS n FROM document_tag_links x
    JOIN documents d ON d.id = x.document_id JOIN document_tags t ON t.id = x.document_tag_id
    WHERE d.repository_id <> x.repository_id OR t.repository_id <> x.repository_id`,
  'a repository whose owner is not a member': sql`
    SELECT count(*)::int AS n FROM repositories r
    WHERE NOT EXISTS (SELECT 1 FROM repository_members m WHERE m.repository_id = r.id AND m.user_id = r.owner_id)`,
};

export async function databaseInvariantBreaches(db: Kysely<Database>): Promise<Record<string, number>> {
  const breaches: Record<string, number> = {};
  for (const [name, query] of Object.entries(checks)) {
    const { rows } = await query.execute(db);
    const count = Number(rows[0]?.n ?? 0);
    if (count !== 0) breaches[name] = count;
  }
  return breaches;
}

/** The tables a refused request must leave as they were (the analytics cache is written by reads). */
const dataTables = [
  'user_settings',
  'repositories',
  'repository_members',
  'invites',
  'subscriptions',
  'assets',
  'tags',
  'asset_tags',
  'tasks',
  'asset_prices',
  'transactions',
  'transaction_entries',
  'dashboard_views',
  'contacts',
  'asset_contacts',
  'document_tags',
  'documents',
  'document_tag_links',
] as const;

const tableFingerprints = dataTables.map(
  (table) =>
    sql`SELECT ${table}::text AS name, count(*)::int AS rows, coalesce(sum(hashtext(t::text)::bigint), 0)::text AS hash FROM ${sql.table(table)} t`,
);

/**
 * Row count and a content hash of every data table, in one query: equal fingerprints, unchanged data.
 * `extra` adds rows of the same shape (name, rows, hash) to that query.
 */
export async function dataFingerprint(
  db: Kysely<Database>,
  extra: RawBuilder<unknown>[] = [],
): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string; rows: number; hash: string }>`${sql.join(
    [...tableFingerprints, ...extra],
    sql` UNION ALL `,
  )}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, `${row.rows} rows #${row.hash}`]));
}
