// What applying rules costs the database: its candidates found through an index, only the rows it changes
// rewritten, in place on their pages, with one bump of the linked list's version. (What the rules decide is
// rules.db.test.ts's.)
import { parseRuleData } from '@strata/core/rules/parse-rule-data';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { runRulesOnImported } from './index.ts';
import { matchingTransactionsQuery } from './rules.repository.ts';
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

/** The heap page a row's current version is on (the block of its ctid). */
async function pagesOf(ids: readonly string[]): Promise<number[]> {
  const rows = await t.app.db
    .selectFrom('linked_transactions')
    .select(['id', sql<number>`((ctid::text)::point)[0]::int`.as('page')])
    .where('id', 'in', [...ids])
    .execute();
  return ids.map((id) => rows.find((row) => row.id === id)?.page as number);
}

describe('where a rewritten row goes', () => {
  it('stays on its page when the rule changes no indexed column: a load leaves each page room', async () => {
    // 300 rows of one load fill pages one after the other; every 10th is a card payment the rule categorises,
    // so each page holds a few rows the rule rewrites, among rows it does not.
    const rows: TSeedRow[] = Array.from({ length: 300 }, (_, index) => ({
      date: '2024-04-01',
      amount: `-${index + 1}.00`,
      counterparty: index % 10 === 0 ? 'VISA' : 'CORNER SHOP',
      description: index % 10 === 0 ? `CARD PAYMENT ${index}` : `POS purchase ${index}`,
    }));
    const load = await seedLinkedStatement(t.app.db, repositoryId, rows, null, statement);
    const cards = load.ids.filter((_, index) => index % 10 === 0);
    const pagesBefore = await pagesOf(cards);
    expect(new Set(pagesBefore).size).toBeGreaterThan(3);

    const created = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data: creditCardRule,
      apply_to_existing_transactions: true,
    });
    // The 30 card payments of the load, and the statement's two (its third, 4, was categorised by hand).
    expect(created.json().summary).toMatchObject({ matched: 33, changed: 32 });
    expect(await pagesOf(cards)).toEqual(pagesBefore);
  });
});

describe("finding a rule's candidates", () => {
  it.each([
    ['description', 'card payment', 'linked_transactions_description_trgm_idx'],
    ['counterparty', 'visa', 'linked_transactions_counterparty_trgm_idx'],
  ])('a CONTAINS on %s reads the trigram index instead of every row', async (field, text, index) => {
    const parsed = parseRuleData(
      {
        criteria: [{ type: field, logic: 'AND', params: [{ comparison: 'CONTAINS', value: text }] }],
        actions: [{ type: 'set_category', value: 'Credit card' }],
      },
      'tagging',
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    // 20,000 rows of one repository, 1 % of them card payments from VISA: reading the whole repository costs
    // far more than finding those 200 in a trigram index.
    await sql`insert into linked_transactions
        (repository_id, linked_account_id, date, amount, counterparty, description, type, source)
      select ${repositoryId}, ${statement.accountId}, date '2024-05-01', -n,
        case when n % 100 = 0 then 'VISA' else 'SHOP ' || n end,
        case when n % 100 = 0 then 'CARD PAYMENT ' || n else 'POS purchase ' || n end,
        'DEBIT', '{}'::jsonb
      from generate_series(1, 20000) as n`.execute(t.app.db);
    // As autovacuum would have by then: a GIN index's costs are estimated from statistics VACUUM keeps.
    await sql`vacuum analyze linked_transactions`.execute(t.app.db);
    const query = matchingTransactionsQuery(t.app.db, {
      repositoryId,
      filters: [parsed.value.filter],
      today: '2024-12-31',
      withSource: false,
    }).compile();
    const result = await t.app.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain(`Bitmap Index Scan on ${index}`);
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

describe('which new rows the rules read back', () => {
  it('a row only a later rule matches, after an earlier rule changed it, is still ruled; rows no rule matches are left', async () => {
    await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data: creditCardRule,
    });
    // Matches nothing as imported: only what the first rule sets.
    await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data: {
        criteria: [{ type: 'category', logic: 'AND', params: [{ comparison: 'EQ', value: 'Credit card' }] }],
        actions: [{ type: 'set_subcategory', value: 'Cards' }],
      },
    });
    const next = await seedLinkedStatement(
      t.app.db,
      repositoryId,
      [
        { date: '2024-03-01', amount: '-80.00', counterparty: 'VISA', description: 'CARD PAYMENT 4411' },
        { date: '2024-03-02', amount: '-9.50', counterparty: 'CORNER SHOP', description: 'POS purchase' },
      ],
      null,
      statement,
    );
    const before = await rowVersions(next.ids);

    const ruled = await t.app.db
      .transaction()
      .execute((trx) =>
        runRulesOnImported(trx, { repositoryId, userId: owner.id, syncEventIds: [next.eventId] }),
      );

    expect(ruled).toEqual({ changed: 1, mapped: 0, failed: 0 });
    const rows = await t.app.db
      .selectFrom('linked_transactions')
      .select(['category', 'subcategory'])
      .where('id', 'in', next.ids)
      .orderBy('date')
      .execute();
    expect(rows).toEqual([
      { category: 'Credit card', subcategory: 'Cards' },
      { category: null, subcategory: null },
    ]);
    const after = await rowVersions(next.ids);
    expect(after[1]).toBe(before[1]);
  });
});
