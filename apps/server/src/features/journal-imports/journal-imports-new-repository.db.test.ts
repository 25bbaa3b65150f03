// A move-in into a NEW repository is one transaction with the repository's making: a file that fails,
// whether its lines cannot be mapped (refused before anything is written) or its transactions fail
// validation against the new repository (its pre-created 'Cash dividend', 'Cash interest' and 'Current
// income' accounts, which the file's own account names collide with), leaves the user with exactly the
// repositories they had — for every move-in format.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TTask } from '@strata/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import { createTestUser, type TTestUser } from '../repositories/testing/repository-test-kit.ts';
import { taskQueueOf } from '../tasks/index.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { JOURNAL_IMPORT_MESSAGES, JOURNAL_IMPORT_TASK_TYPE } from './journal-imports.task.ts';

const FIXTURES = join(import.meta.dirname, '../../../../../packages/core/src/journals/fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

let t: TIdentityTestApp;
let owner: TTestUser;
let stranger: TTestUser;

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: false });
  owner = await createTestUser(t, 'move-in-new@example.com');
  stranger = await createTestUser(t, 'move-in-stranger@example.com');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

async function repositoryNames(): Promise<string[]> {
  const listed = await owner.call('GET', '/api/repositories');
  expect(listed.statusCode).toBe(200);
  return (listed.json() as { name: string }[]).map((repository) => repository.name).sort();
}

/** Starts a move-in into a new repository, runs the queued job, and answers the finished task. */
async function moveIn(name: string, format: string, journal: string, isSkipping = false): Promise<TTask> {
  const started = await owner.call('POST', '/api/journal_imports', {
    new_repository: { name, currency: 'USD' },
    format,
    journal,
    skip_unmapped: isSkipping,
  });
  expect(started.statusCode, started.body).toBe(202);
  await t.app.jobs.runPending(taskQueueOf(JOURNAL_IMPORT_TASK_TYPE));
  const task = await owner.call('GET', `/api/journal_imports/${started.json().id}`);
  expect(task.statusCode).toBe(200);
  return task.json() as TTask;
}

const UNMAPPED_LEDGER = `${fixture('portfolio.ledger')}
2024-06-30 Groceries
    Budget:Food                 40.00 USD
    Assets:Bank:Checking       -40.00 USD
`;
const UNBALANCED_BEANCOUNT = `${fixture('portfolio.beancount')}
2024-06-30 * "A transfer that loses a dollar"
  Assets:Bank:Checking   -100.00 USD
  Assets:Broker:US         99.00 USD
`;

/** What the validator says of a cash or position entry in an income account (the pre-created one). */
const HOLDING_ONLY =
  'Must be one of: bank account, credit card, crypto wallet, investment account, loan, other account, person, trust';

describe('a move-in into a new repository that fails', () => {
  it.each([
    { format: 'ledger', journal: UNMAPPED_LEDGER, error: JOURNAL_IMPORT_MESSAGES.UNMAPPED },
    { format: 'beancount', journal: UNBALANCED_BEANCOUNT, error: JOURNAL_IMPORT_MESSAGES.UNMAPPED },
    {
      format: 'ghostfolio',
      journal: fixture('portfolio.ghostfolio.json').replace('"name": "Broker"', '"name": "Cash dividend"'),
      error: `line 0 Cash: account: ${HOLDING_ONLY}`,
    },
    {
      format: 'wealthfolio',
      journal: fixture('portfolio.wealthfolio.csv').replaceAll(',Brokerage', ',Current income'),
      error: `line 2 Cash: account: ${HOLDING_ONLY}`,
    },
    {
      format: 'portfolio_performance',
      journal: fixture('portfolio.portfolio-performance.xml').replace(
        '<name>Cash</name>',
        '<name>Cash interest</name>',
      ),
      error: `line 1 Cash: account: ${HOLDING_ONLY}`,
    },
  ])(
    'leaves no repository behind: $format',
    async ({ format, journal, error }) => {
      const before = await repositoryNames();
      // The sample exports have lines that are refused on purpose; skipping them lets the rest reach the write.
      const isExport = !['ledger', 'beancount'].includes(format);
      const task = await moveIn(`Moved in from ${format}`, format, journal, isExport);
      expect(task.status).toBe('failed');
      // The first of the refusals (each line's are listed): the message is long.
      expect(task.error?.slice(0, error.length)).toBe(error);
      expect(task.repository_id).toBeNull();
      expect(await repositoryNames()).toEqual(before);
      // A task tied to no repository is its starter's alone.
      expect((await stranger.call('GET', `/api/journal_imports/${task.id}`)).statusCode).toBe(404);
    },
    300_000,
  );
});

describe('a move-in into a new repository that succeeds', () => {
  it('makes the repository, initialised, with the journal in it, and ties the task to it', async () => {
    const before = await repositoryNames();
    const task = await moveIn('From hledger, new', 'ledger', fixture('portfolio.ledger'));
    expect(task.status).toBe('succeeded');
    expect(task.result).toMatchObject({ created: { accounts: 8, assets: 3, prices: 24, transactions: 13 } });
    expect(await repositoryNames()).toEqual([...before, 'From hledger, new'].sort());
    const made = (await owner.call('GET', '/api/repositories')).json() as { id: string; name: string }[];
    expect(task.repository_id).toBe(made.find((r) => r.name === 'From hledger, new')?.id);
  }, 300_000);

  it('answers a taken name at once, queuing nothing', async () => {
    const taken = await owner.call('POST', '/api/journal_imports', {
      new_repository: { name: 'from HLEDGER, new', currency: 'USD' },
      format: 'ledger',
      journal: fixture('portfolio.ledger'),
    });
    expect(taken.statusCode).toBe(409);
  });
});
