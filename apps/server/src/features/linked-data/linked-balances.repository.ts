import type { Database } from '@strata/db/schema';
import type { LinkedBalancesTable } from '@strata/db/schema-linked-investments';
import { type Kysely, type Selectable, sql } from 'kysely';

type TDb = Kysely<Database>;

export type TLinkedBalanceRow = Pick<
  Selectable<LinkedBalancesTable>,
  'id' | 'linked_account_id' | 'kind' | 'amount' | 'as_of_date' | 'currency' | 'sync_event_id'
>;

/** Kinds in the order a statement lists them: ledger, then available, then an investment account's cash. */
const kindOrder = sql<number>`array_position(array['ledger', 'available', 'cash'], b.kind)`;

/**
 * A linked account's balances, newest as-of date first; with `latest`, only the newest of each kind (a
 * statement may report the ledger balance without the available one, so each kind keeps its own date).
 */
export async function listLinkedBalances(
  db: TDb,
  linkedAccountId: string,
  latest: boolean,
): Promise<TLinkedBalanceRow[]> {
  const columns = [
    'id',
    'linked_account_id',
    'kind',
    'amount',
    'as_of_date',
    'currency',
    'sync_event_id',
  ] as const;
  const all = db
    .selectFrom('linked_balances')
    .select(columns)
    .where('linked_account_id', '=', linkedAccountId);
  const rows = latest
    ? db
        .selectFrom(all.distinctOn('kind').orderBy('kind').orderBy('as_of_date', 'desc').as('b'))
        .selectAll('b')
    : db.selectFrom(all.as('b')).selectAll('b');
  return rows.orderBy('b.as_of_date', 'desc').orderBy(kindOrder).execute();
}
