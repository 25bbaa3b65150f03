// Journal imports over real HTTP (a listening server, fetch with the session cookie), the worker run by
// the test. The trust check: after importing the sample journals, Strata's month-end market values by
// account (GET analytics) equal, to the cent, what hledger and beancount's library compute on the very
// same files, run live here (testing/journal-oracles.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TTask } from '@strata/contracts/tasks';
import { Decimal } from '@strata/core/money/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { JOURNAL_IMPORT_MESSAGES, JOURNAL_IMPORT_TASK_TYPE } from './journal-imports.task.ts';
import { httpAs } from './testing/http-as.ts';
import {
  beancountMonthlyValues,
  hledgerMonthlyValues,
  type TMonthlyValues,
} from './testing/journal-oracles.ts';

const FIXTURES = join(import.meta.dirname, '../../../../../packages/core/src/journals/fixtures');
const LEDGER_FILE = join(FIXTURES, 'portfolio.ledger');
const BEANCOUNT_FILE = join(FIXTURES, 'portfolio.beancount');
const MONTH_ENDS = ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30'];

let t: TIdentityTestApp;
let address: string;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;

const http = (user: TTestUser, method: string, url: string, body?: unknown) =>
  httpAs(address, user, method, url, body);

/** Starts an import over HTTP, runs the queued job, and answers the finished task as its members see it. */
async function importJournal(repositoryId: string, body: Record<string, unknown>): Promise<TTask> {
  const started = await http(owner, 'POST', '/api/journal_imports', { repository_id: repositoryId, ...body });
  expect(started.status).toBe(202);
  expect((started.json as TTask).status).toBe('waiting');
  await t.app.jobs.runPending(taskQueueOf(JOURNAL_IMPORT_TASK_TYPE));
  const task = await http(reader, 'GET', `/api/journal_imports/${(started.json as TTask).id}`);
  expect(task.status).toBe(200);
  return task.json as TTask;
}

async function counts(repositoryId: string) {
  const [transactions, assets, prices] = await Promise.all(
    ['transactions', 'assets', 'asset_prices'].map((table) =>
      t.app.db
        .selectFrom(table as 'transactions')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('repository_id', '=', repositoryId)
        .executeTakeFirstOrThrow(),
    ),
  );
  return {
    transactions: Number(transactions?.count),
    assets: Number(assets?.count),
    prices: Number(prices?.count),
  };
}

/** Strata's month-end value of each holding account, by the journal's account name. */
async function strataMonthlyValues(repositoryId: string): Promise<TMonthlyValues> {
  const assets = (await http(owner, 'GET', `/api/assets?repository_id=${repositoryId}`)).json as {
    data: { id: string; name: string; type: string }[];
  };
  const nameOf = new Map(assets.data.map((asset) => [asset.id, asset.name]));
  const response = await http(
    reader,
    'GET',
    `/api/repositories/${repositoryId}/analytics?periods=6&freq=month&end=2024-06-30&datasets=value_view&scopes=account`,
  );
  expect(response.status).toBe(200);
  const body = response.json as {
    status: string;
    result: {
      value_view: { scope_kind: string; scope_id: string; end: string; value_end: number }[];
      missing?: unknown[];
    };
  };
  expect(body.status).toBe('done');
  const values: TMonthlyValues = new Map();
  for (const row of body.result.value_view) {
    if (row.scope_kind !== 'account') continue;
    const name = nameOf.get(row.scope_id) as string;
    if (!values.has(name)) values.set(name, new Map());
    values.get(name)?.set(row.end.slice(0, 7), String(row.value_end));
  }
  return values;
}

/** Every account and month of the oracle equals ours to the cent (and we have no holding it lacks). */
function expectEqualToTheCent(ours: TMonthlyValues, theirs: TMonthlyValues) {
  let compared = 0;
  for (const [account, months] of theirs) {
    for (const [month, value] of months) {
      const mine = ours.get(account)?.get(month);
      expect(mine, `${account} ${month}`).toBeDefined();
      expect(new Decimal(mine as string).toFixed(2), `${account} ${month}`).toBe(
        new Decimal(value).toFixed(2),
      );
      compared++;
    }
  }
  for (const [account, months] of ours)
    for (const [month, value] of months)
      if (!theirs.get(account)?.has(month))
        expect(new Decimal(value).toFixed(2), `${account} ${month}`).toBe('0.00');
  expect(compared).toBe(3 * MONTH_ENDS.length);
}

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: false });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'journal-owner@example.com');
  reader = await createTestUser(t, 'journal-reader@example.com');
  stranger = await createTestUser(t, 'journal-stranger@example.com');
  // Start-up (migrations, three sign-ups) takes minutes when the machine's cores are busy.
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('journal imports', () => {
  it('previews, imports a ledger journal, and values it as hledger does, to the cent', async () => {
    const repositoryId = await createRepositoryAs(owner, 'From hledger');
    await shareRepository(owner, reader, repositoryId, 1);
    const journal = readFileSync(LEDGER_FILE, 'utf8');
    const before = await counts(repositoryId);

    const preview = await http(owner, 'POST', '/api/journal_imports/preview', {
      repository_id: repositoryId,
      format: 'ledger',
      journal,
    });
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({
      accounts: {
        create: 8,
        existing: 0,
        names: [
          'Assets:Bank:Checking',
          'Assets:Broker:EU',
          'Assets:Broker:US',
          'Expenses:Fees',
          'Expenses:Fees:Custody',
          'Income:Dividends:AAPL',
          'Income:Dividends:SAP',
          'Income:Interest',
        ],
      },
      // The repository's own currency asset was made when it was initialised.
      assets: { create: 3, existing: 1, tickers: ['EUR', 'AAPL', 'SAP'] },
      prices: { create: 24, existing: 0 },
      transactions: {
        create: 13,
        existing: 0,
        by_type: {
          deposit: 2,
          buy: 4,
          interest: 1,
          dividend: 2,
          transfer: 1,
          sell: 1,
          fee: 1,
          'currency exchange': 1,
        },
      },
      refused: [],
      ignored: [{ line: 72, message: 'Balance assertion not checked' }],
    });
    expect(await counts(repositoryId)).toEqual(before);

    const task = await importJournal(repositoryId, { format: 'ledger', journal });
    expect(task.status).toBe('succeeded');
    expect(task.progress).toEqual({ stage: 'done', total: 13, written: 13 });
    expect(task.result).toMatchObject({
      message: '13 transactions imported',
      created: { accounts: 8, assets: 3, prices: 24, transactions: 13 },
      skipped: { transactions: 0, prices: 0 },
    });
    expect(await counts(repositoryId)).toEqual({
      transactions: 13,
      assets: before.assets + 8 + 3,
      prices: 24,
    });

    const hledger = hledgerMonthlyValues(LEDGER_FILE, { begin: '2024-01', end: '2024-07', currency: 'USD' });
    expectEqualToTheCent(await strataMonthlyValues(repositoryId), hledger);
  }, 300_000);

  it('adds nothing when the same journal is imported again', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Twice');
    await shareRepository(owner, reader, repositoryId, 1);
    const journal = readFileSync(LEDGER_FILE, 'utf8');
    expect((await importJournal(repositoryId, { format: 'ledger', journal })).status).toBe('succeeded');
    const once = await counts(repositoryId);

    const preview = await http(owner, 'POST', '/api/journal_imports/preview', {
      repository_id: repositoryId,
      format: 'ledger',
      journal,
    });
    expect(preview.json).toMatchObject({
      accounts: { create: 0, existing: 8 },
      assets: { create: 0, existing: 4 },
      prices: { create: 0, existing: 24 },
      transactions: { create: 0, existing: 13, by_type: {} },
    });
    const again = await importJournal(repositoryId, { format: 'ledger', journal });
    expect(again.status).toBe('succeeded');
    expect(again.result).toMatchObject({
      message: '0 transactions imported',
      created: { accounts: 0, assets: 0, prices: 0, transactions: 0 },
      skipped: { transactions: 13, prices: 24 },
    });
    expect(await counts(repositoryId)).toEqual(once);
  }, 300_000);

  it('imports a beancount journal and values it as beancount’s library does, to the cent', async () => {
    const repositoryId = await createRepositoryAs(owner, 'From beancount');
    await shareRepository(owner, reader, repositoryId, 1);
    const task = await importJournal(repositoryId, {
      format: 'beancount',
      journal: readFileSync(BEANCOUNT_FILE, 'utf8'),
    });
    expect(task.status).toBe('succeeded');
    expect(task.result).toMatchObject({
      created: { accounts: 8, assets: 3, prices: 24, transactions: 13 },
      ignored: [
        { line: 3, message: 'option is not carried' },
        { line: 4, message: 'option is not carried' },
        { line: 76, message: 'Balance assertion not checked' },
        {
          line: 82,
          message: 'Gain posting to Income:Gains: Strata computes the realized gain by its cost method',
        },
      ],
    });
    const beancount = beancountMonthlyValues(BEANCOUNT_FILE, {
      dates: MONTH_ENDS,
      currency: 'USD',
      via: ['EUR'],
    });
    expectEqualToTheCent(await strataMonthlyValues(repositoryId), beancount);
  }, 300_000);

  it('refuses a journal with unmapped lines whole, reporting them by line, unless asked to skip them', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Unmapped');
    await shareRepository(owner, reader, repositoryId, 1);
    const before = await counts(repositoryId);
    const journal = [
      'P 2024-01-31 AAPL 184.40 USD',
      '2024-01-02 opening',
      '    Assets:Cash   100 USD',
      '    Equity:Opening',
      '',
      '2024-01-03 refund',
      '    Assets:Cash   5 USD',
      '    Expenses:Food',
      '',
    ].join('\n');
    const refused = [
      {
        line: 6,
        message: 'No transaction type takes these postings: Assets:Cash 5 USD, Expenses:Food -5 USD',
      },
    ];
    const failed = await importJournal(repositoryId, { format: 'ledger', journal });
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(JOURNAL_IMPORT_MESSAGES.UNMAPPED);
    expect(failed.result).toEqual({ refused, ignored: [] });
    expect(await counts(repositoryId)).toEqual(before);

    const skipped = await importJournal(repositoryId, { format: 'ledger', journal, skip_unmapped: true });
    expect(skipped.status).toBe('succeeded');
    expect(skipped.result).toMatchObject({
      created: { accounts: 1, assets: 1, prices: 1, transactions: 1 },
      refused,
    });
  }, 300_000);

  it('writes nothing when a transaction does not fit an account the repository already has', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Half');
    await shareRepository(owner, reader, repositoryId, 1);
    // An income account of the journal's name whose Category is not 'cash dividend': a dividend cannot go there.
    const tag = await tagLookupAs(owner, repositoryId);
    const made = await owner.call('POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'income account',
      name: 'Income:Dividends:AAPL',
      currency: 'USD',
      tags: [tag('Category', 'current income'), tag('Subcategory', 'Default')],
    });
    expect(made.statusCode).toBe(201);
    const before = await counts(repositoryId);
    const task = await importJournal(repositoryId, {
      format: 'ledger',
      journal: readFileSync(LEDGER_FILE, 'utf8'),
    });
    expect(task.status).toBe('failed');
    expect(task.error).toBe('line 66 Dividend: account: Must be equal to cash dividend');
    expect(task.progress).toMatchObject({ written: 0 });
    expect(await counts(repositoryId)).toEqual(before);
  }, 300_000);

  it('refuses to make an asset over a trashed twin, as creating it by hand does, and writes nothing', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Trashed twin');
    await shareRepository(owner, reader, repositoryId, 1);
    const made = await owner.call('POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'stock',
      name: 'Apple',
      ticker: 'AAPL',
      currency: 'USD',
    });
    expect(made.statusCode).toBe(201);
    expect((await owner.call('DELETE', `/api/assets/${made.json().id}`)).statusCode).toBe(200);
    const before = await counts(repositoryId);
    const task = await importJournal(repositoryId, {
      format: 'ledger',
      journal: readFileSync(LEDGER_FILE, 'utf8'),
    });
    expect(task.status).toBe('failed');
    expect(task.error).toBe('An identical asset Apple is soft deleted: restore it from the trash');
    expect(await counts(repositoryId)).toEqual(before);
  }, 300_000);

  it('lets only writers preview and import, and only members follow', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Access');
    await shareRepository(owner, reader, repositoryId, 1);
    const body = {
      repository_id: repositoryId,
      format: 'ledger',
      journal: readFileSync(LEDGER_FILE, 'utf8'),
    };
    expect((await http(reader, 'POST', '/api/journal_imports/preview', body)).status).toBe(403);
    expect((await http(reader, 'POST', '/api/journal_imports', body)).status).toBe(403);
    expect((await http(stranger, 'POST', '/api/journal_imports', body)).status).toBe(404);
    const started = await http(owner, 'POST', '/api/journal_imports', body);
    expect((await http(stranger, 'GET', `/api/journal_imports/${(started.json as TTask).id}`)).status).toBe(
      404,
    );
    await t.app.jobs.runPending(taskQueueOf(JOURNAL_IMPORT_TASK_TYPE));
  }, 300_000);
});
