// Ghostfolio and Wealthfolio exports through the journal-import routes, over real HTTP. The trust check:
// Strata's month-end market values by account (GET analytics) equal figures worked by hand from the
// sample files, to the cent, and hledger's `bal -M -H --value=end,USD` on the same data written by hand as
// a journal (portfolio.ghostfolio.ledger, portfolio.wealthfolio.ledger).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TTask } from '@strata/contracts/tasks';
import { Decimal } from '@strata/core/money/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { JOURNAL_IMPORT_MESSAGES, JOURNAL_IMPORT_TASK_TYPE } from './journal-imports.task.ts';
import { hledgerMonthlyValues, type TMonthlyValues } from './testing/journal-oracles.ts';

const FIXTURES = join(import.meta.dirname, '../../../../../packages/core/src/journals/fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

let t: TIdentityTestApp;
let address: string;
let owner: TTestUser;

async function http(method: string, url: string, body?: unknown) {
  const response = await fetch(`${address}${url}`, {
    method,
    headers: {
      origin: TEST_PUBLIC_URL,
      cookie: owner.browser.cookieHeader(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> & never };
}

async function importFile(repositoryId: string, body: Record<string, unknown>): Promise<TTask> {
  const started = await http('POST', '/api/journal_imports', { repository_id: repositoryId, ...body });
  expect(started.status).toBe(202);
  await t.app.jobs.runPending(taskQueueOf(JOURNAL_IMPORT_TASK_TYPE));
  return (await http('GET', `/api/journal_imports/${(started.json as TTask).id}`)).json as TTask;
}

async function transactionCount(repositoryId: string) {
  const row = await t.app.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('repository_id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Strata's month-end value of each account (January to March 2024), by name, to the cent. */
async function strataMonthlyValues(repositoryId: string): Promise<TMonthlyValues> {
  const assets = (await http('GET', `/api/assets?repository_id=${repositoryId}`)).json as {
    data: { id: string; name: string }[];
  };
  const nameOf = new Map(assets.data.map((asset) => [asset.id, asset.name]));
  const response = await http(
    'GET',
    `/api/repositories/${repositoryId}/analytics?periods=3&freq=month&end=2024-03-31&datasets=value_view&scopes=account`,
  );
  expect(response.status).toBe(200);
  const rows = (response.json as { result: { value_view: TValueRow[] } }).result.value_view;
  const values: TMonthlyValues = new Map();
  for (const row of rows) {
    if (row.scope_kind !== 'account') continue;
    const name = nameOf.get(row.scope_id) as string;
    if (!values.has(name)) values.set(name, new Map());
    values.get(name)?.set(row.end.slice(0, 7), new Decimal(String(row.value_end)).toFixed(2));
  }
  return values;
}
interface TValueRow {
  scope_kind: string;
  scope_id: string;
  end: string;
  value_end: number;
}

/** hledger's figures with `Assets:` taken off the account names, to the cent. */
function hledgerValues(file: string): TMonthlyValues {
  const values = hledgerMonthlyValues(join(FIXTURES, file), {
    begin: '2024-01-01',
    end: '2024-04-01',
    currency: 'USD',
  });
  return new Map(
    [...values].map(([account, months]) => [
      account.replace(/^Assets:/, ''),
      new Map([...months].map(([month, value]) => [month, new Decimal(value).toFixed(2)])),
    ]),
  );
}

/** The holding accounts' months that are not zero (income and expense accounts are not valued). */
const held = (values: TMonthlyValues, accounts: string[]) =>
  Object.fromEntries(
    accounts.map((account) => [
      account,
      Object.fromEntries([...(values.get(account) ?? [])].filter(([, value]) => value !== '0.00')),
    ]),
  );

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: false });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'exports-owner@example.com');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('moving in from Ghostfolio and Wealthfolio', () => {
  it('imports a Ghostfolio export and values it as worked by hand and as hledger does, to the cent', async () => {
    const repositoryId = await createRepositoryAs(owner, 'From Ghostfolio');
    const prices = await importFile(repositoryId, {
      format: 'ledger',
      journal: fixture('prices-for-exports.ledger'),
    });
    expect(prices.status).toBe('succeeded');
    const journal = fixture('portfolio.ghostfolio.json');

    const preview = await http('POST', '/api/journal_imports/preview', {
      repository_id: repositoryId,
      format: 'ghostfolio',
      journal,
    });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({
      accounts: {
        create: 6,
        existing: 0,
        names: ['Broker', 'Car loan', 'Dividends', 'Fees', 'Interest', 'Savings'],
      },
      // EUR and USD are there (the prices' journal made EUR; USD came with the repository).
      assets: { create: 3, existing: 2, tickers: ['AAPL', 'Painting', 'SAP'] },
      prices: { create: 7, existing: 0 },
      transactions: {
        create: 11,
        existing: 0,
        by_type: {
          deposit: 3,
          buy: 2,
          dividend: 1,
          sell: 1,
          interest: 1,
          fee: 1,
          withdrawal: 1,
          'transfer in': 1,
        },
      },
      refused: [{ line: 8, message: 'BUY: the activity has no account' }],
    });

    // An activity that cannot be mapped stops the import whole unless the caller skips it.
    const before = await transactionCount(repositoryId);
    const refused = await importFile(repositoryId, { format: 'ghostfolio', journal });
    expect(refused.status).toBe('failed');
    expect(refused.error).toBe(JOURNAL_IMPORT_MESSAGES.UNMAPPED);
    expect(await transactionCount(repositoryId)).toBe(before);

    const task = await importFile(repositoryId, { format: 'ghostfolio', journal, skip_unmapped: true });
    expect(task.status).toBe('succeeded');
    expect(task.progress).toEqual({ stage: 'done', total: 11, written: 11 });
    expect(await transactionCount(repositoryId)).toBe(before + 11);

    const ours = await strataMonthlyValues(repositoryId);
    // Worked by hand (docs/journal-import.md): Broker in January = cash 2875.40 − 1505 + AAPL 10 × 155
    // + SAP 4 × 125 EUR × 1.10; Savings in March = (3000 EUR + Painting 1500 EUR) × 1.12; the car loan −8000.
    expect(held(ours, ['Broker', 'Savings', 'Car loan'])).toEqual({
      Broker: { '2024-01': '3470.40', '2024-02': '3543.50', '2024-03': '3593.44' },
      Savings: { '2024-02': '3240.00', '2024-03': '5040.00' },
      'Car loan': { '2024-03': '-8000.00' },
    });
    expect(held(hledgerValues('portfolio.ghostfolio.ledger'), ['Broker', 'Savings'])).toEqual(
      held(ours, ['Broker', 'Savings']),
    );

    // Running it again adds nothing.
    const again = await importFile(repositoryId, { format: 'ghostfolio', journal, skip_unmapped: true });
    expect(again.status).toBe('succeeded');
    expect(again.result).toMatchObject({ created: { transactions: 0 }, skipped: { transactions: 11 } });
    expect(await transactionCount(repositoryId)).toBe(before + 11);
  });

  it('imports a Wealthfolio activity CSV and values it as worked by hand and as hledger does', async () => {
    const repositoryId = await createRepositoryAs(owner, 'From Wealthfolio');
    expect(
      (await importFile(repositoryId, { format: 'ledger', journal: fixture('prices-for-exports.ledger') }))
        .status,
    ).toBe('succeeded');
    const journal = fixture('portfolio.wealthfolio.csv');
    const preview = await http('POST', '/api/journal_imports/preview', {
      repository_id: repositoryId,
      format: 'wealthfolio',
      journal,
    });
    expect(preview.json).toMatchObject({
      accounts: { create: 5, names: ['Brokerage', 'Dividends', 'Fees', 'Interest', 'Taxes'] },
      assets: { create: 0, existing: 4 },
      transactions: { create: 10, existing: 0 },
      refused: [{ line: 11 }],
    });
    const task = await importFile(repositoryId, { format: 'wealthfolio', journal, skip_unmapped: true });
    expect(task.status).toBe('succeeded');
    expect(task.result).toMatchObject({ created: { transactions: 10 } });

    const ours = await strataMonthlyValues(repositoryId);
    // Worked by hand: March = USD 5000 − 3001.50 + 7.50 − 1.13 + 4.20 − 10 + 958 − 500 = 2457.07, MSFT
    // 7 × 340, and (EUR 300 + ASML 2 × 700) × 1.12.
    expect(held(ours, ['Brokerage'])).toEqual({
      Brokerage: { '2024-01': '6792.50', '2024-02': '7037.07', '2024-03': '6741.07' },
    });
    expect(held(hledgerValues('portfolio.wealthfolio.ledger'), ['Brokerage'])).toEqual(
      held(ours, ['Brokerage']),
    );

    const again = await importFile(repositoryId, { format: 'wealthfolio', journal, skip_unmapped: true });
    expect(again.result).toMatchObject({ created: { transactions: 0 }, skipped: { transactions: 10 } });
  });

  it('previews into a repository still to be made: nothing existing but its own currency', async () => {
    const preview = await http('POST', '/api/journal_imports/preview', {
      currency: 'usd',
      format: 'wealthfolio',
      journal: fixture('portfolio.wealthfolio.csv'),
    });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({
      accounts: { create: 5, existing: 0 },
      assets: { create: 3, existing: 1, tickers: ['EUR', 'ASML', 'MSFT'] },
      transactions: { create: 10, existing: 0 },
    });
    const neither = await http('POST', '/api/journal_imports/preview', { format: 'ledger', journal: 'x' });
    expect(neither.status).toBe(400);
    const unknown = await http('POST', '/api/journal_imports/preview', {
      currency: 'XYZ',
      format: 'ledger',
      journal: 'x',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ message: 'Unknown currency' });
  });

  it('answers a file that is not of the format with the reason, and writes nothing', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Not an export');
    const preview = await http('POST', '/api/journal_imports/preview', {
      repository_id: repositoryId,
      format: 'ghostfolio',
      journal: 'date,symbol\n',
    });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({
      transactions: { create: 0 },
      refused: [{ line: -1, message: 'The file is not JSON: a Ghostfolio export is' }],
    });
  });
});
