// What the import's bulk writes put in the tables, read back row by row: the prices (in index order with
// ordered ids; those of an asset the repository already had go through the conflict check, those of an asset
// the import makes do not) and the transactions' entries (column arrays). Every expected value is the
// journal's own text.
import type { TTask } from '@strata/contracts/tasks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { JOURNAL_IMPORT_TASK_TYPE } from './journal-imports.task.ts';

let t: TIdentityTestApp;
let owner: TTestUser;

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: false });
  owner = await createTestUser(t, 'bulk-write@example.com');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

async function importLedger(repositoryId: string, journal: string): Promise<TTask> {
  const started = await owner.call('POST', '/api/journal_imports', {
    repository_id: repositoryId,
    format: 'ledger',
    journal,
  });
  expect(started.statusCode, started.body).toBe(202);
  await t.app.jobs.runPending(taskQueueOf(JOURNAL_IMPORT_TASK_TYPE));
  const task = await owner.call('GET', `/api/journal_imports/${started.json().id}`);
  expect(task.statusCode).toBe(200);
  return task.json() as TTask;
}

const FIRST = `account Assets:Broker:US
account Assets:Bank:Checking
account Expenses:Fees

P 2024-01-31 AAPL 184.40 USD

2024-01-05 * Buy Apple
    Assets:Broker:US         10 AAPL @ 181.18 USD
    Expenses:Fees            1.00 USD
    Assets:Bank:Checking    -1812.80 USD
`;

// AAPL is the repository's by now, with a price on 2024-01-31: this journal's other price of that day is
// not taken. MSFT is new. The prices are by date, as journals are, not in the table's order.
const SECOND = `account Assets:Broker:US
account Assets:Bank:Checking
account Expenses:Fees

P 2024-01-31 AAPL 999 USD
P 2024-01-31 MSFT 397.58 USD
P 2024-02-29 MSFT 1234567.123456789 USD
P 2024-02-29 AAPL 180.75 USD
P 2024-03-28 MSFT 0.000001 USD

2024-03-01 * Buy Microsoft
    Assets:Broker:US         3 MSFT @ 401.25 USD
    Expenses:Fees            0.99 USD
    Assets:Bank:Checking    -1204.74 USD

2024-03-01 * Buy Apple again
    Assets:Broker:US         2.5 AAPL @ 178.00 USD
    Assets:Bank:Checking    -445.00 USD
`;

describe('the journal import’s bulk writes', () => {
  it('writes each price’s exact text on its asset and day, keeping a day the asset already had', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Bulk prices');
    expect((await importLedger(repositoryId, FIRST)).status).toBe('succeeded');
    const task = await importLedger(repositoryId, SECOND);
    expect(task.status, task.error ?? '').toBe('succeeded');
    expect(task.result).toMatchObject({ created: { prices: 4 }, skipped: { prices: 1 } });

    const prices = await sql<{ ticker: string; date: string; close: string; source: string }>`
      select a.ticker, p.date::text as date, p.close::text as close, p.source
      from asset_prices p join assets a on a.id = p.asset_id
      where p.repository_id = ${repositoryId}::uuid
      order by a.ticker, p.date`.execute(t.app.db);
    expect(prices.rows).toEqual([
      { ticker: 'AAPL', date: '2024-01-31', close: '184.40', source: 'manual' },
      { ticker: 'AAPL', date: '2024-02-29', close: '180.75', source: 'manual' },
      { ticker: 'MSFT', date: '2024-01-31', close: '397.58', source: 'manual' },
      { ticker: 'MSFT', date: '2024-02-29', close: '1234567.123456789', source: 'manual' },
      { ticker: 'MSFT', date: '2024-03-28', close: '0.000001', source: 'manual' },
    ]);
    // One asset's new prices have ids that follow one another by date (UUIDv7, a counter last).
    const ids = await sql<{ id: string }>`
      select p.id::text as id from asset_prices p join assets a on a.id = p.asset_id
      where p.repository_id = ${repositoryId}::uuid and a.ticker = 'MSFT' order by p.date`.execute(t.app.db);
    const counters = ids.rows.map((row) => {
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/);
      expect(row.id.slice(0, 24)).toBe(ids.rows[0]?.id.slice(0, 24));
      return Number.parseInt(row.id.slice(24), 16);
    });
    expect(counters.map((counter) => counter - (counters[0] as number))).toEqual([0, 1, 2]);
  });

  it('writes each transaction’s entries with their exact amounts, in slot order, same-day ones in journal order', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Bulk entries');
    expect((await importLedger(repositoryId, FIRST)).status).toBe('succeeded');
    expect((await importLedger(repositoryId, SECOND)).status).toBe('succeeded');
    const entries = await sql<{
      description: string;
      type: string;
      position: number;
      account: string;
      asset: string;
      amount: string;
      pos: string | null;
    }>`
      select t.description, t.type, e.position, acc.name as account, coalesce(ast.ticker, ast.name) as asset,
             e.amount::text as amount, pos.name as pos
      from transactions t
      join transaction_entries e on e.transaction_id = t.id
      join assets acc on acc.id = e.account_id
      join assets ast on ast.id = e.asset_id
      left join assets pos on pos.id = e.pos_id
      where t.repository_id = ${repositoryId}::uuid and t.date = '2024-03-01'
      order by t.seq, e.position`.execute(t.app.db);
    // One key per written transaction, on that transaction (a re-import finds them there).
    const keyed = await sql<{ description: string; keys: number }>`
      select t.description, count(k.key)::int as keys from transactions t
      left join journal_import_keys k on k.transaction_id = t.id and k.repository_id = t.repository_id
      where t.repository_id = ${repositoryId}::uuid group by t.id, t.description order by t.description`.execute(
      t.app.db,
    );
    expect(keyed.rows).toEqual([
      { description: 'Buy Apple', keys: 1 },
      { description: 'Buy Apple again', keys: 1 },
      { description: 'Buy Microsoft', keys: 1 },
    ]);
    // 3 × 401.25 + 0.99 = 1204.74 from the bank; the fee is the position's; 2.5 × 178.00 = 445.
    const buy = (description: string) => ({ description, type: 'buy' });
    expect(entries.rows).toEqual([
      {
        ...buy('Buy Microsoft'),
        position: 0,
        account: 'Assets:Broker:US',
        asset: 'MSFT',
        amount: '3',
        pos: null,
      },
      {
        ...buy('Buy Microsoft'),
        position: 1,
        account: 'Assets:Bank:Checking',
        asset: 'USD',
        amount: '-1204.74',
        pos: null,
      },
      {
        ...buy('Buy Microsoft'),
        position: 2,
        account: 'Expenses:Fees',
        asset: 'USD',
        amount: '0.99',
        pos: 'MSFT',
      },
      {
        ...buy('Buy Apple again'),
        position: 0,
        account: 'Assets:Broker:US',
        asset: 'AAPL',
        amount: '2.5',
        pos: null,
      },
      {
        ...buy('Buy Apple again'),
        position: 1,
        account: 'Assets:Bank:Checking',
        asset: 'USD',
        amount: '-445',
        pos: null,
      },
    ]);
  });
});
