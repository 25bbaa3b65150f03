// What applying rules writes to the database: only the rows a rule changes, with one bump of the linked
// list's version. (What the rules decide is rules.db.test.ts's.)
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { runRulesOnImported } from './index.ts';
import { seedLinkedStatement, type TSeedRow } from './testing/linked-statement-seed.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let repositoryId: string;
let statement: { accountId: string; connectorId: string; ids: string[] };

/** Card payments 1, 3 and 4 match the rule below; 4's category was set by hand, so only 1 and 3 change. */
const STATEMENT: TSeedRow[] = [
  { date: '2024-01-31', amount: '2500.00', counterparty: 'ACME PAYROLL', description: 'Salary January' },
  { date: '2024-02-03', amount: '-120.00', counterparty: 'VISA', description: 'CARD PAYMENT 4411' },
  { date: '2024-02-05', amount: '-42.10', counterparty: 'CORNER SHOP', description: 'POS purchase' },
  { date: '2024-02-10', amount: '-300.00', counterparty: 'VISA', description: 'Card payment 4411 thank you' },
  {
    date: '2024-02-12',
    amount: '19.99',
    counterparty: 'REFUND',
    description: 'card payment reversal',
    category: 'Refunds',
    edited_fields: ['category'],
  },
];

const creditCardRule = {
  criteria: [
    { type: 'description', logic: 'AND', params: [{ comparison: 'CONTAINS', value: 'card payment' }] },
  ],
  actions: [{ type: 'set_category', value: 'Credit card' }],
};

/** Each row's xmin: the transaction that wrote its current version, so it moves exactly when a row is rewritten. */
async function rowVersions(ids: readonly string[]): Promise<string[]> {
  const rows = await t.app.db
    .selectFrom('linked_transactions')
    .select(['id', sql<string>`xmin::text`.as('xmin')])
    .where('id', 'in', [...ids])
    .execute();
  return ids.map((id) => rows.find((row) => row.id === id)?.xmin as string);
}

async function linkedDataVersion(): Promise<number> {
  const row = await t.app.db
    .selectFrom('repositories')
    .select('linked_data_version')
    .where('id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return Number(row.linked_data_version);
}

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: false });
  owner = await createTestUser(t, 'rules-writes-owner@example.com');
}, 60_000);

beforeEach(async () => {
  repositoryId = await createRepositoryAs(owner, `Rule writes ${Math.random()}`);
  statement = await seedLinkedStatement(t.app.db, repositoryId, STATEMENT);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('applying a rule to existing transactions', () => {
  it('rewrites only the rows it changes and bumps the list version once; a second apply writes nothing', async () => {
    const versionsBefore = await rowVersions(statement.ids);
    const listVersionBefore = await linkedDataVersion();

    const created = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data: creditCardRule,
      apply_to_existing_transactions: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().summary).toEqual({
      apply_status: 'success',
      matched: 3,
      changed: 2,
      unchanged: 1,
      failed: 0,
    });
    const versionsAfter = await rowVersions(statement.ids);
    expect(versionsAfter.map((version, index) => version !== versionsBefore[index])).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(await linkedDataVersion()).toBe(listVersionBefore + 1);

    const again = await owner.call('POST', '/api/rules/apply', {
      repository_id: repositoryId,
      id: created.json().id,
      type: 'tagging',
      data: creditCardRule,
    });
    expect(again.json()).toMatchObject({ apply_status: 'not_applied', changed: 0, unchanged: 3 });
    expect(await rowVersions(statement.ids)).toEqual(versionsAfter);
    expect(await linkedDataVersion()).toBe(listVersionBefore + 1);
  });
});

describe('rules on newly imported transactions', () => {
  it('rewrites only the new rows a rule changes', async () => {
    await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data: creditCardRule,
    });
    const next = await seedLinkedStatement(
      t.app.db,
      repositoryId,
      [
        { date: '2024-03-01', amount: '-80.00', counterparty: 'VISA', description: 'CARD PAYMENT 4411' },
        { date: '2024-03-02', amount: '-9.50', counterparty: 'CORNER SHOP', description: 'POS purchase' },
        { date: '2024-03-03', amount: '-15.00', counterparty: 'VISA', description: 'card payment' },
      ],
      null,
      statement,
    );
    const versionsBefore = await rowVersions([...statement.ids, ...next.ids]);
    const listVersionBefore = await linkedDataVersion();

    const ruled = await t.app.db
      .transaction()
      .execute((trx) =>
        runRulesOnImported(trx, { repositoryId, userId: owner.id, syncEventIds: [next.eventId] }),
      );
    expect(ruled).toEqual({ changed: 2, mapped: 0, failed: 0 });

    const versionsAfter = await rowVersions([...statement.ids, ...next.ids]);
    expect(versionsAfter.map((version, index) => version !== versionsBefore[index])).toEqual([
      ...statement.ids.map(() => false),
      true,
      false,
      true,
    ]);
    expect(await linkedDataVersion()).toBe(listVersionBefore + 1);
  });
});
