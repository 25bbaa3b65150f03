import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';

/** One hand-written linked transaction: its key (T1…), account and the cells the list shows. */
export interface TSeedTransaction {
  key: string;
  account: 'checking' | 'visa';
  date: string;
  amount: string;
  type: string;
  counterparty: string | null;
  description: string | null;
  category: string | null;
  subcategory: string | null;
  status?: 'posted' | 'pending';
}

/**
 * Six linked transactions over two connectors, written straight to the tables, for tests whose expected
 * values are worked out by hand from this table:
 *
 * | key | connector / account | date | amount | type | counterparty | category / subcategory | status |
 * |---|---|---|---:|---|---|---|---|
 * | T1 | Bank A / Checking 1111 CHECKING | 2025-01-05 | -12.5 | DEBIT | Coffee Shop | Food / Cafe | posted |
 * | T2 | Bank A / Checking | 2025-01-20 | -80 | DEBIT | Grocer | Food / Groceries | posted |
 * | T3 | Bank A / Checking | 2025-02-01 | 2500 | CREDIT | Employer | Income / Salary | posted |
 * | T4 | Card B / Visa 2222 CREDITCARD | 2025-02-14 | -45.25 | DEBIT | Florist | Gifts / — | posted |
 * | T5 | Card B / Visa | 2025-04-03 | -19.99 | DEBIT | Streaming Co | Entertainment / — | pending |
 * | T6 | Bank A / Checking | 2024-12-31 | -100 | CHECK | Landlord | — / — | posted |
 *
 * Descriptions: Latte, Weekly shop, Salary, Roses, Monthly plan, none for T6.
 */
export const SEED_TRANSACTIONS: readonly TSeedTransaction[] = [
  row('T1', 'checking', '2025-01-05', '-12.5', 'DEBIT', 'Coffee Shop', 'Latte', 'Food', 'Cafe'),
  row('T2', 'checking', '2025-01-20', '-80', 'DEBIT', 'Grocer', 'Weekly shop', 'Food', 'Groceries'),
  row('T3', 'checking', '2025-02-01', '2500', 'CREDIT', 'Employer', 'Salary', 'Income', 'Salary'),
  row('T4', 'visa', '2025-02-14', '-45.25', 'DEBIT', 'Florist', 'Roses', 'Gifts', null),
  {
    ...row(
      'T5',
      'visa',
      '2025-04-03',
      '-19.99',
      'DEBIT',
      'Streaming Co',
      'Monthly plan',
      'Entertainment',
      null,
    ),
    status: 'pending',
  },
  row('T6', 'checking', '2024-12-31', '-100', 'CHECK', 'Landlord', null, null, null),
];

function row(
  key: string,
  account: TSeedTransaction['account'],
  date: string,
  amount: string,
  type: string,
  counterparty: string | null,
  description: string | null,
  category: string | null,
  subcategory: string | null,
): TSeedTransaction {
  return { key, account, date, amount, type, counterparty, description, category, subcategory };
}

/** Writes the table above into the repository; answers the id of each key (T1…T6). */
export async function seedLinkedTransactions(
  db: Kysely<Database>,
  repositoryId: string,
): Promise<Record<string, string>> {
  const bank = await db
    .insertInto('connectors')
    .values({ repository_id: repositoryId, name: 'Bank A', kind: 'manual', status: 'ok' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const card = await db
    .insertInto('connectors')
    .values({ repository_id: repositoryId, name: 'Card B', kind: 'file', status: 'ok' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = async (connectorId: string, number: string, name: string, type: string) =>
    (
      await db
        .insertInto('linked_accounts')
        .values({
          repository_id: repositoryId,
          connector_id: connectorId,
          external_id: number,
          number,
          name,
          type,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const accounts = {
    checking: await account(bank.id, '1111', 'Checking', 'CHECKING'),
    visa: await account(card.id, '2222', 'Visa', 'CREDITCARD'),
  };
  const ids: Record<string, string> = {};
  for (const seed of SEED_TRANSACTIONS) {
    const inserted = await db
      .insertInto('linked_transactions')
      .values({
        repository_id: repositoryId,
        linked_account_id: accounts[seed.account],
        fitid: seed.key,
        date: seed.date,
        amount: seed.amount,
        type: seed.type,
        counterparty: seed.counterparty,
        description: seed.description,
        category: seed.category,
        subcategory: seed.subcategory,
        status: seed.status ?? 'posted',
        source: JSON.stringify({ fitId: seed.key }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[seed.key] = inserted.id;
  }
  return ids;
}

/** A user tag for linked transactions, written straight to its table; answers its id. */
export async function seedLinkedTag(
  db: Kysely<Database>,
  repositoryId: string,
  name: string,
): Promise<string> {
  const row = await db
    .insertInto('linked_transaction_tags')
    .values({ repository_id: repositoryId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
