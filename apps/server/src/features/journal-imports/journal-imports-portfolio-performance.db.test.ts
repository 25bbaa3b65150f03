// A Portfolio Performance file through the journal-import routes. The trust check: Strata's month-end
// market values by account (GET analytics) equal the figures worked by hand from the sample file
// (docs/journal-import.md), to the cent; a second import adds nothing; a refused file writes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TTask } from '@strata/contracts/tasks';
import { Decimal } from '@strata/core/money/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { JOURNAL_IMPORT_MESSAGES, JOURNAL_IMPORT_TASK_TYPE } from './journal-imports.task.ts';

const FILE = readFileSync(
  join(
    import.meta.dirname,
    '../../../../../packages/core/src/journals/fixtures/portfolio.portfolio-performance.xml',
  ),
  'utf8',
);

let t: TIdentityTestApp;
let owner: TTestUser;

async function importFile(repositoryId: string, body: Record<string, unknown>): Promise<TTask> {
  const started = await owner.call('POST', '/api/journal_imports', { repository_id: repositoryId, ...body });
  expect(started.statusCode).toBe(202);
  await t.app.jobs.runPending(taskQueueOf(JOURNAL_IMPORT_TASK_TYPE));
  return (await owner.call('GET', `/api/journal_imports/${(started.json() as TTask).id}`)).json() as TTask;
}

async function transactionCount(repositoryId: string) {
  const row = await t.app.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('repository_id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Strata's month-end value of each account (January to March 2024) that is not zero, by name. */
async function monthlyValues(repositoryId: string) {
  const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}`)).json() as {
    data: { id: string; name: string }[];
  };
  const nameOf = new Map(assets.data.map((asset) => [asset.id, asset.name]));
  const response = await owner.call(
    'GET',
    `/api/repositories/${repositoryId}/analytics?periods=3&freq=month&end=2024-03-31&datasets=value_view&scopes=account`,
  );
  expect(response.statusCode).toBe(200);
  const rows = (
    response.json() as {
      result: { value_view: { scope_kind: string; scope_id: string; end: string; value_end: number }[] };
    }
  ).result.value_view;
  const values: Record<string, Record<string, string>> = {};
  for (const row of rows) {
    const value = new Decimal(String(row.value_end)).toFixed(2);
    if (row.scope_kind !== 'account' || value === '0.00') continue;
    const name = nameOf.get(row.scope_id) as string;
    values[name] = { ...values[name], [row.end.slice(0, 7)]: value };
  }
  return values;
}

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: false });
  owner = await createTestUser(t, 'pp-owner@example.com');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('moving in from Portfolio Performance', () => {
  it('imports a PP file and values its accounts and portfolios as worked by hand, to the cent', async () => {
    const repositoryId = await createRepositoryAs(owner, 'From Portfolio Performance');
    const preview = await owner.call('POST', '/api/journal_imports/preview', {
      repository_id: repositoryId,
      format: 'portfolio_performance',
      journal: FILE,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      accounts: {
        create: 8,
        existing: 0,
        names: ['Cash', 'Depot', 'Depot 2', 'Dividends', 'Fees', 'Interest', 'Savings', 'Taxes'],
      },
      assets: { create: 2, existing: 1, tickers: ['AAPL', 'VTI'] },
      prices: { create: 6, existing: 0 },
      transactions: {
        create: 12,
        existing: 0,
        by_type: {
          deposit: 1,
          dividend: 1,
          expense: 2,
          interest: 1,
          fee: 1,
          transfer: 2,
          withdrawal: 1,
          buy: 1,
          sell: 1,
          'transfer in': 1,
        },
      },
      refused: [
        { line: 10, message: 'Cash: INTEREST_CHARGE: account transactions of this type are not carried' },
      ],
    });

    // The refused transaction stops the import whole unless the caller leaves it out.
    const refused = await importFile(repositoryId, { format: 'portfolio_performance', journal: FILE });
    expect(refused.status).toBe('failed');
    expect(refused.error).toBe(JOURNAL_IMPORT_MESSAGES.UNMAPPED);
    expect(await transactionCount(repositoryId)).toBe(0);

    const task = await importFile(repositoryId, {
      format: 'portfolio_performance',
      journal: FILE,
      skip_unmapped: true,
    });
    expect(task.status).toBe('succeeded');
    expect(task.progress).toEqual({ stage: 'done', total: 12, written: 12 });
    expect(await transactionCount(repositoryId)).toBe(12);

    // Worked by hand (docs/journal-import.md): Cash in January = 10000 − 1505; February + 2.50 − 0.37 + 635
    // + 12.50; March − 9.90 − 1.10 − 1000 − 500. Depot: January 10 AAPL × 155 + 5 VTI × 230; February
    // 6 × 162 + 5 × 240; March 6 × 170 + 3 × 250. Depot 2: 2 VTI × 250. Savings: the 1000 transferred.
    expect(await monthlyValues(repositoryId)).toEqual({
      Cash: { '2024-01': '8495.00', '2024-02': '9144.63', '2024-03': '7633.63' },
      Depot: { '2024-01': '2700.00', '2024-02': '2172.00', '2024-03': '1770.00' },
      'Depot 2': { '2024-03': '500.00' },
      Savings: { '2024-03': '1000.00' },
    });

    // Running it again adds nothing.
    const again = await importFile(repositoryId, {
      format: 'portfolio_performance',
      journal: FILE,
      skip_unmapped: true,
    });
    expect(again.status).toBe('succeeded');
    expect(again.result).toMatchObject({ created: { transactions: 0 }, skipped: { transactions: 12 } });
    expect(await transactionCount(repositoryId)).toBe(12);
  });

  it('answers an encrypted file with the reason, and writes nothing', async () => {
    const repositoryId = await createRepositoryAs(owner, 'Encrypted PP');
    const preview = await owner.call('POST', '/api/journal_imports/preview', {
      repository_id: repositoryId,
      format: 'portfolio_performance',
      journal: 'PORTFOLIO\u0001\u0002\u0003',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      transactions: { create: 0 },
      refused: [
        {
          line: -1,
          message:
            'The file is encrypted with a password: save it in Portfolio Performance as XML without a password',
        },
      ],
    });
    const task = await importFile(repositoryId, {
      format: 'portfolio_performance',
      journal: 'PORTFOLIO\u0001\u0002\u0003',
    });
    expect(task.status).toBe('failed');
    expect(await transactionCount(repositoryId)).toBe(0);
  });
});
