import type { Database } from '@strata/db/schema';
import type {
  LinkedBalancesTable,
  LinkedPositionsTable,
  LinkedSecuritiesTable,
} from '@strata/db/schema-linked-investments';
import { type Insertable, type Kysely, sql } from 'kysely';

// The loader's writes of investment data: securities, the dedup rows of investment transactions, positions
// and balances. Reads for the positions routes are in linked-positions.repository.ts.

type TDb = Kysely<Database>;

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters per statement. */
const CHUNK = 1_000;

export interface TSecurityRef {
  id: string;
  id_type: string;
  unique_id: string;
  /** As stored after the upsert: an earlier file's name when this one has none. */
  name: string | null;
  ticker: string | null;
}

/**
 * Upserts the repository's securities (one row per id type and id); a later file may name or price what an
 * earlier one left blank, and never blanks out what is known. Rows must be unique by (id_type, unique_id).
 */
export async function upsertSecurities(
  db: TDb,
  rows: readonly Insertable<LinkedSecuritiesTable>[],
): Promise<TSecurityRef[]> {
  const refs: TSecurityRef[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const written = await db
      .insertInto('linked_securities')
      .values(rows.slice(start, start + CHUNK))
      .onConflict((conflict) =>
        conflict.columns(['repository_id', 'id_type', 'unique_id']).doUpdateSet({
          name: sql`coalesce(excluded.name, linked_securities.name)`,
          ticker: sql`coalesce(excluded.ticker, linked_securities.ticker)`,
          unit_price: sql`coalesce(excluded.unit_price, linked_securities.unit_price)`,
          currency: sql`coalesce(excluded.currency, linked_securities.currency)`,
          // 'other' is what a trade without a SECLIST entry says: it never overrides a known kind.
          kind: sql`case when excluded.kind = 'other' then linked_securities.kind else excluded.kind end`,
          updated_at: new Date(),
        }),
      )
      .returning(['id', 'id_type', 'unique_id', 'name', 'ticker'])
      .execute();
    refs.push(...written);
  }
  return refs;
}

export interface TInvestmentDedupRow {
  id: string;
  fitId: string | null;
  date: string;
  kind: string;
  securityId: string | null;
  units: string | null;
  total: string;
}

/**
 * The account's stored investment transactions the matcher may pair with an import: those carrying one of
 * its FITIDs, and those dated within its trade dates (the exact match needs the same day). By set: the
 * rest of the account's history is not read. Securities come as ids (the loader knows the file's), so no join.
 */
export async function investmentDedupRowsOf(
  db: TDb,
  linkedAccountId: string,
  span: { from: string; to: string },
  fitIds: readonly string[],
): Promise<TInvestmentDedupRow[]> {
  return db
    .selectFrom('linked_transactions as t')
    .select([
      't.id',
      't.fitid as fitId',
      't.date',
      sql<string>`t.investment_kind`.as('kind'),
      't.security_id as securityId',
      't.quantity as units',
      't.amount as total',
    ])
    .where('t.linked_account_id', '=', linkedAccountId)
    .where('t.investment_kind', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('t.date', '>=', span.from), eb('t.date', '<=', span.to)]),
        eb('t.fitid', 'in', sql<string>`(select json_array_elements_text(${JSON.stringify(fitIds)}::json))`),
      ]),
    )
    .execute();
}

/** The counts of an upsert: rows that were new, and rows that replaced one with the same key. */
export interface TUpsertCounts {
  added: number;
  replaced: number;
}

function countUpserts(rows: readonly { inserted: boolean }[], counts: TUpsertCounts): void {
  for (const row of rows) {
    if (row.inserted) counts.added += 1;
    else counts.replaced += 1;
  }
}

/**
 * Positions as of their date: the same account, security, date and holding replace the stored one (a
 * re-import or a corrected statement), so nothing is counted twice. Rows must be unique by that key
 * (with `seq`, the line's rank among equal lines of one statement).
 */
export async function upsertPositions(
  db: TDb,
  rows: readonly Insertable<LinkedPositionsTable>[],
): Promise<TUpsertCounts> {
  const counts = { added: 0, replaced: 0 };
  for (let start = 0; start < rows.length; start += CHUNK) {
    const written = await db
      .insertInto('linked_positions')
      .values(rows.slice(start, start + CHUNK))
      .onConflict((conflict) =>
        conflict.columns(['linked_account_id', 'security_id', 'as_of_date', 'held_in', 'seq']).doUpdateSet({
          sync_event_id: sql`excluded.sync_event_id`,
          position_type: sql`excluded.position_type`,
          quantity: sql`excluded.quantity`,
          price: sql`excluded.price`,
          value: sql`excluded.value`,
          price_date: sql`excluded.price_date`,
          currency: sql`excluded.currency`,
          source: sql`excluded.source`,
          updated_at: new Date(),
        }),
      )
      // xmax is 0 on a row this statement inserted, not on one it updated: PostgreSQL's way to tell them apart.
      .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
      .execute();
    countUpserts(written, counts);
  }
  return counts;
}

/** Balances as of their date: the same account, kind and date replace the stored one. */
export async function upsertBalances(
  db: TDb,
  rows: readonly Insertable<LinkedBalancesTable>[],
): Promise<TUpsertCounts> {
  const counts = { added: 0, replaced: 0 };
  if (rows.length === 0) return counts;
  const written = await db
    .insertInto('linked_balances')
    .values([...rows])
    .onConflict((conflict) =>
      conflict.columns(['linked_account_id', 'kind', 'as_of_date']).doUpdateSet({
        sync_event_id: sql`excluded.sync_event_id`,
        amount: sql`excluded.amount`,
        currency: sql`excluded.currency`,
        updated_at: new Date(),
      }),
    )
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .execute();
  countUpserts(written, counts);
  return counts;
}
