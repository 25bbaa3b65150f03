import { RULE_API_MESSAGES } from '@strata/contracts/rules';
import { RULE_MESSAGES } from '@strata/core/rules/parse-rule-data';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createAssetAs,
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';
import { runRulesOnImported } from './index.ts';
import { seedLinkedStatement, type TSeedRow } from './testing/linked-statement-seed.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
let bank: string;
let usd: string;
let salary: string;

/** A bank statement: a salary, two card payments, a shop, and a refund whose category the user set by hand. */
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
let ids: string[];
let statement: { accountId: string; connectorId: string; ids: string[] };

const cardCriteria = [
  { type: 'description', logic: 'AND', params: [{ comparison: 'CONTAINS', value: 'card payment' }] },
];

function salaryMapping(accountId?: string) {
  return {
    criteria: [
      { type: 'counterparty', logic: 'AND', params: [{ comparison: 'CONTAINS', value: 'payroll' }] },
    ],
    actions: [
      {
        type: 'map_to_transaction',
        transaction_type: { isMappedFromJson: false, value: 'income' },
        date: { isMappedFromJson: true, value: '$.date' },
        description: { isMappedFromJson: true, value: '$.memo' },
        entries: [
          {
            account: accountId
              ? { isMappedFromJson: false, value: accountId }
              : { useContextAccount: true, isMappedFromJson: false, value: null },
            amount: { isMappedFromJson: true, value: '$.amount' },
            asset: { isMappedFromJson: false, value: usd },
          },
          {
            account: { isMappedFromJson: false, value: salary },
            amount: { isMappedFromJson: true, value: '$.amount' },
            asset: { isMappedFromJson: false, value: usd },
          },
        ],
      },
    ],
  };
}

async function linkedRows() {
  return t.app.db
    .selectFrom('linked_transactions')
    .select([
      'id',
      sql<string>`amount::text`.as('amount'),
      'category',
      'tags',
      'mapping_status',
      'mapping_message',
      'transaction_id',
    ])
    .where('id', 'in', ids)
    .execute()
    .then((rows) => ids.map((id) => rows.find((row) => row.id === id)));
}

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: false });
  owner = await createTestUser(t, 'rules-owner@example.com');
  reader = await createTestUser(t, 'rules-reader@example.com');
  stranger = await createTestUser(t, 'rules-stranger@example.com');
}, 60_000);

beforeEach(async () => {
  repositoryId = await createRepositoryAs(owner, `Rules ${Math.random()}`);
  await shareRepository(owner, reader, repositoryId, 1);
  const tag = await tagLookupAs(owner, repositoryId);
  bank = await createAssetAs(owner, repositoryId, {
    type: 'bank account',
    name: 'Everyday checking',
    currency: 'USD',
    tags: [tag('Category', 'Cash'), tag('Subcategory', 'Checking')],
  });
  const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}&limit=500`)).json().data;
  // The pre-created income account of an initialised repository.
  salary = assets.find((asset: { name: string }) => asset.name === 'Current income').id as string;
  usd = assets.find((asset: { type: string }) => asset.type === 'currency').id as string;
  statement = await seedLinkedStatement(t.app.db, repositoryId, STATEMENT, bank);
  ids = statement.ids;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('tagging rules', () => {
  it('previews exactly what applying then does, writing nothing until then', async () => {
    const data = { criteria: cardCriteria, actions: [{ type: 'set_sign', value: 'flip_sign' }] };
    const preview = await owner.call('POST', '/api/rules/transactions_preview', {
      repository_id: repositoryId,
      type: 'tagging',
      data,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().meta).toEqual({ page_no: 1, page_size: 50, total: 3 });
    expect(
      preview
        .json()
        .data.map((row: { id: string; outcome: string; changes: unknown[] }) => [
          row.id,
          row.outcome,
          row.changes,
        ]),
    ).toEqual([
      [ids[4], 'changed', [{ field: 'amount', before: '19.99', after: '-19.99' }]],
      [ids[3], 'changed', [{ field: 'amount', before: '-300.00', after: '300' }]],
      [ids[1], 'changed', [{ field: 'amount', before: '-120.00', after: '120' }]],
    ]);
    expect((await linkedRows()).map((row) => row?.amount)).toEqual([
      '2500.00',
      '-120.00',
      '-42.10',
      '-300.00',
      '19.99',
    ]);

    const created = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data,
      apply_to_existing_transactions: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      order: 1,
      apply_status: 'success',
      summary: { apply_status: 'success', matched: 3, changed: 3, unchanged: 0, failed: 0 },
    });
    expect((await linkedRows()).map((row) => Number(row?.amount))).toEqual([2500, 120, -42.1, 300, -19.99]);

    // Applying the same rule again flips nothing back: it acts once on a transaction.
    const again = await owner.call('POST', '/api/rules/apply', {
      repository_id: repositoryId,
      id: created.json().id,
      type: 'tagging',
      data,
    });
    expect(again.json()).toEqual({
      apply_status: 'not_applied',
      matched: 3,
      changed: 0,
      unchanged: 3,
      failed: 0,
    });
    expect((await linkedRows()).map((row) => Number(row?.amount))).toEqual([2500, 120, -42.1, 300, -19.99]);
  });

  it('categorises and tags each matching transaction, leaving a hand-set category as the user set it', async () => {
    const tag = await owner.call('POST', '/api/linked_data/transaction_tags', {
      repository_id: repositoryId,
      name: 'Card',
    });
    expect(tag.statusCode, tag.body).toBe(201);
    const cardTag = tag.json().id as string;
    // A category set by hand in the list (the bulk edit) is one the user chose: rules leave it.
    const edited = await owner.call('PUT', `/api/linked_data/transactions?repository_id=${repositoryId}`, [
      { id: ids[3], category: 'Travel' },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);

    const unknownTag = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data: { criteria: cardCriteria, actions: [{ type: 'add_tag', tag_ids: [repositoryId] }] },
    });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().message).toBe('Unknown tag');

    const created = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data: {
        criteria: cardCriteria,
        actions: [
          { type: 'set_category', value: 'Credit card' },
          { type: 'add_tag', tag_ids: [cardTag] },
        ],
      },
      apply_to_existing_transactions: true,
    });
    expect(created.json().summary).toEqual({
      apply_status: 'success',
      matched: 3,
      changed: 3,
      unchanged: 0,
      failed: 0,
    });
    expect((await linkedRows()).map((row) => [row?.category, row?.tags])).toEqual([
      [null, []],
      ['Credit card', [cardTag]],
      [null, []],
      ['Travel', [cardTag]],
      ['Refunds', [cardTag]],
    ]);
  });

  it('does not apply when asked for the future only, and says nothing matched when nothing does', async () => {
    const future = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data: { criteria: cardCriteria, actions: [{ type: 'set_category', value: 'Credit card' }] },
    });
    expect(future.json()).toMatchObject({
      apply_status: null,
      summary: null,
      apply_to_existing_transactions: false,
    });
    expect((await linkedRows()).map((row) => row?.category)).toEqual([null, null, null, null, 'Refunds']);

    const none = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data: {
        criteria: [{ type: 'counterparty', params: [{ comparison: 'CONTAINS', value: 'nobody' }] }],
        actions: [{ type: 'set_category', value: 'x' }],
      },
      apply_to_existing_transactions: true,
    });
    expect(none.json()).toMatchObject({ order: 2, apply_status: 'not_applied', summary: { matched: 0 } });
  });

  it('refuses a rule without criteria or actions, naming the path', async () => {
    const response = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data: { criteria: [{ type: 'amount', params: [{ comparison: 'GREATER', value: '' }] }], actions: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({
      'data.criteria': [RULE_MESSAGES.NO_CRITERIA],
      'data.actions': [RULE_MESSAGES.NO_ACTIONS],
    });
  });
});

describe('mapping rules', () => {
  it('maps a salary line to an income transaction the analytics read', async () => {
    const created = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'mapping_to_smart_transaction',
      data: salaryMapping(),
      apply_to_existing_transactions: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().summary).toEqual({
      apply_status: 'success',
      matched: 1,
      changed: 1,
      unchanged: 0,
      failed: 0,
    });
    const [salaryLine] = await linkedRows();
    expect(salaryLine).toMatchObject({ mapping_status: 'ok', mapping_message: null });
    const mapped = await owner.call('GET', `/api/transactions/${salaryLine?.transaction_id}`);
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({
      type: 'income',
      date: '2024-01-31',
      description: 'Salary January',
      source: 'linked',
      linked_id: ids[0],
      entries: [
        { account_id: bank, asset_id: usd, amount: '2500' },
        { account_id: salary, asset_id: usd, amount: '-2500' },
      ],
    });
    const analytics = await owner.call(
      'GET',
      `/api/repositories/${repositoryId}/analytics?dataset=income&frequency=yearly&start=2024-01-01&end=2024-12-31`,
    );
    expect(analytics.statusCode, analytics.body).toBe(200);
  });

  it('leaves a transaction tagged exclude unmapped', async () => {
    const tags = await owner.call('GET', `/api/linked_data/transaction_tags?repository_id=${repositoryId}`);
    const exclude = (tags.json() as { id: string; name: string }[]).find((tag) => tag.name === 'exclude');
    expect(exclude).toBeDefined();
    await owner.call('PUT', `/api/linked_data/transactions?repository_id=${repositoryId}`, [
      { id: ids[0], add_tags: [exclude?.id] },
    ]);
    const created = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'mapping_to_smart_transaction',
      data: salaryMapping(),
      apply_to_existing_transactions: true,
    });
    expect(created.json().summary).toEqual({
      apply_status: 'not_applied',
      matched: 1,
      changed: 0,
      unchanged: 1,
      failed: 0,
    });
    expect((await linkedRows())[0]).toMatchObject({ mapping_status: 'none', transaction_id: null });
  });

  it('marks a mapping it cannot make failed with the reason, and writes no transaction', async () => {
    const unknownAccount = '5b0e6b7e-1f40-4c62-9a0f-000000000001';
    const created = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'mapping_to_smart_transaction',
      data: salaryMapping(unknownAccount),
      apply_to_existing_transactions: true,
    });
    expect(created.json()).toMatchObject({ apply_status: 'failed', summary: { failed: 1, changed: 0 } });
    const [salaryLine] = await linkedRows();
    expect(salaryLine).toMatchObject({
      mapping_status: 'failed',
      mapping_message: 'Cash: account: Does not exist',
      transaction_id: null,
    });
    const listed = await owner.call('GET', `/api/transactions?repository_id=${repositoryId}`);
    expect(listed.json().meta.total).toBe(0);
  });

  it('puts a new mapping rule first and a new tagging rule last; reorders, disables and renumbers on delete', async () => {
    const make = async (type: string, data: unknown) =>
      (await owner.call('POST', '/api/rules', { repository_id: repositoryId, type, data })).json();
    const tagging = { criteria: cardCriteria, actions: [{ type: 'set_category', value: 'c' }] };
    const first = await make('tagging', tagging);
    const second = await make('tagging', tagging);
    const mappingA = await make('mapping_to_smart_transaction', salaryMapping());
    const mappingB = await make('mapping_to_smart_transaction', salaryMapping());
    const orders = async () =>
      (
        (await owner.call('GET', `/api/rules?repository_id=${repositoryId}`)).json() as {
          id: string;
          order: number;
        }[]
      ).map((rule) => [rule.id, rule.order]);
    expect(await orders()).toEqual([
      [mappingB.id, 1],
      [mappingA.id, 2],
      [first.id, 1],
      [second.id, 2],
    ]);
    const moved = await owner.call('PUT', `/api/rules/${second.id}/reorder`, { order: 1 });
    expect(moved.json().map((rule: { id: string }) => rule.id)).toEqual([second.id, first.id]);
    expect((await owner.call('PUT', `/api/rules/${first.id}/disable`)).json().enabled).toBe(false);
    expect((await owner.call('PUT', `/api/rules/${first.id}/enable`)).json().enabled).toBe(true);
    expect((await owner.call('DELETE', `/api/rules/${mappingB.id}`)).json()).toEqual({
      message: RULE_API_MESSAGES.DELETED,
    });
    expect(await orders()).toEqual([
      [mappingA.id, 1],
      [second.id, 1],
      [first.id, 2],
    ]);
  });
});

describe('rules on newly imported transactions', () => {
  it('runs the enabled rules, in order, on what a load added, and only on that', async () => {
    const rule = async (type: string, data: unknown) =>
      owner.call('POST', '/api/rules', { repository_id: repositoryId, type, data });
    await rule('tagging', {
      criteria: cardCriteria,
      actions: [{ type: 'set_category', value: 'Credit card' }],
    });
    const disabled = await rule('tagging', {
      criteria: cardCriteria,
      actions: [{ type: 'set_subcategory', value: 'never' }],
    });
    await owner.call('PUT', `/api/rules/${disabled.json().id}/disable`);
    await rule('mapping_to_smart_transaction', salaryMapping());

    const next = await seedLinkedStatement(
      t.app.db,
      repositoryId,
      [
        {
          date: '2024-02-29',
          amount: '2500.00',
          counterparty: 'ACME PAYROLL',
          description: 'Salary February',
        },
        { date: '2024-03-03', amount: '-80.00', counterparty: 'VISA', description: 'CARD PAYMENT 4411' },
      ],
      bank,
      statement,
    );
    const ruled = await t.app.db
      .transaction()
      .execute((trx) =>
        runRulesOnImported(trx, { repositoryId, userId: owner.id, syncEventIds: [next.eventId] }),
      );
    expect(ruled).toEqual({ changed: 2, mapped: 1, failed: 0 });
    const rows = await t.app.db
      .selectFrom('linked_transactions')
      .select(['id', 'category', 'subcategory', 'mapping_status'])
      .where('id', 'in', [...ids, ...next.ids])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(next.ids.map((id) => byId.get(id))).toMatchObject([
      { category: null, mapping_status: 'ok' },
      { category: 'Credit card', subcategory: null, mapping_status: 'none' },
    ]);
    // The earlier statement was not part of this load: untouched.
    expect(ids.map((id) => byId.get(id)?.category)).toEqual([null, null, null, null, 'Refunds']);
  });
});

describe('access', () => {
  it('lets a read-only member read and preview, never write; a stranger sees nothing', async () => {
    const data = { criteria: cardCriteria, actions: [{ type: 'set_category', value: 'x' }] };
    const created = await owner.call('POST', '/api/rules', {
      repository_id: repositoryId,
      type: 'tagging',
      data,
    });
    const id = created.json().id as string;
    expect((await reader.call('GET', `/api/rules?repository_id=${repositoryId}`)).statusCode).toBe(200);
    expect(
      (
        await reader.call('POST', '/api/rules/transactions_preview', {
          repository_id: repositoryId,
          type: 'tagging',
          data,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await reader.call('POST', '/api/rules', { repository_id: repositoryId, type: 'tagging', data }))
        .statusCode,
    ).toBe(403);
    expect((await reader.call('PUT', `/api/rules/${id}/disable`)).statusCode).toBe(403);
    expect((await stranger.call('GET', `/api/rules?repository_id=${repositoryId}`)).statusCode).toBe(404);
    expect((await stranger.call('DELETE', `/api/rules/${id}`)).json().message).toBe(
      RULE_API_MESSAGES.NOT_FOUND,
    );
  });
});
