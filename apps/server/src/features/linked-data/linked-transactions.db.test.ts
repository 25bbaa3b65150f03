import { LINKED_TRANSACTION_MESSAGES, ZLinkedTransaction } from '@strata/contracts/linked-transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { seedLinkedTransactions } from './testing/linked-transactions-seed.ts';

// Every expected value below is worked out by hand from the table in testing/linked-transactions-seed.ts.

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let writer: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'ltx-owner@example.com');
  reader = await createTestUser(t, 'ltx-reader@example.com');
  writer = await createTestUser(t, 'ltx-writer@example.com');
  stranger = await createTestUser(t, 'ltx-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Linked list');
  await shareRepository(owner, reader, repositoryId, 1);
  await shareRepository(owner, writer, repositoryId, 2);
  ids = await seedLinkedTransactions(t.app.db, repositoryId);
});
afterAll(async () => {
  await t?.close();
});

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const group = (logic: 'AND' | 'OR', ...params: [string, string, unknown?][]) => ({
  logic,
  params: params.map(([field, comparison, value]) => ({ field, comparison, value: value ?? null })),
});

async function list(query: Record<string, unknown>, user: TTestUser = owner) {
  const parts = [`repository_id=${repositoryId}`];
  for (const [key, value] of Object.entries(query)) {
    parts.push(`${key}=${typeof value === 'string' ? encodeURIComponent(value) : json(value)}`);
  }
  return user.call('GET', `/api/linked_data/transactions?${parts.join('&')}`);
}

/** The seed keys (kept in fitid) of a page, in its order. */
async function keys(query: Record<string, unknown>): Promise<string[]> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json() as { data: { fitid: string }[]; meta: { total: number } };
  expect(page.meta.total).toBe(page.data.length);
  return page.data.map((row) => row.fitid);
}

describe('GET linked_data/transactions: the smart transactions filter engine and sort model', () => {
  it('lists newest first by default, with every column of the seed list', async () => {
    const response = await list({});
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.meta).toEqual({ page_size: 50, page_no: 1, total: 6 });
    expect(page.data.map((row: { fitid: string }) => row.fitid)).toEqual([
      'T5',
      'T4',
      'T3',
      'T2',
      'T1',
      'T6',
    ]);
    expect(page.data[0]).toEqual({
      id: ids.T5,
      linked_account_id: expect.any(String),
      connector_name: 'Card B',
      access_method: 'file',
      account_name: 'Visa',
      account_number: '2222',
      account_type: 'CREDITCARD',
      asset_id: null,
      fitid: 'T5',
      date: '2025-04-03',
      year: 2025,
      quarter: 2,
      month: 4,
      type: 'DEBIT',
      amount: '-19.99',
      currency: null,
      counterparty: 'Streaming Co',
      description: 'Monthly plan',
      check_number: null,
      category: 'Entertainment',
      subcategory: null,
      status: 'pending',
      tags: [],
      investment_kind: null,
      security_id: null,
      quantity: null,
      unit_price: null,
      mapping_status: 'none',
      mapping_message: null,
      transaction_id: null,
    });
    // The database writes each row as its API JSON: it must be the contract's row and GET /{id}'s, exactly.
    for (const row of page.data) {
      expect(ZLinkedTransaction.strict().parse(row)).toEqual(row);
      const { source: _source, ...detail } = (
        await owner.call('GET', `/api/linked_data/transactions/${row.id}`)
      ).json();
      expect(row).toEqual(detail);
    }
  });

  it('filters by type AND date after', async () => {
    const filter = {
      logic: 'AND',
      groups: [group('AND', ['type', 'EQ', 'DEBIT'], ['date', 'AFTER', '2025-01-10'])],
    };
    expect(await keys({ filter })).toEqual(['T5', 'T4', 'T2']);
  });

  it('combines an OR group and sorts by amount ascending', async () => {
    const filter = {
      logic: 'AND',
      groups: [group('OR', ['category', 'EQ', 'Food'], ['amount', 'GREATER', '1000'])],
    };
    const sort = [{ field: 'amount', sortDirection: 'ascending' }];
    expect(await keys({ filter, sort })).toEqual(['T2', 'T1', 'T3']);
  });

  it('filters on the connector, account, calendar, status and mapping columns', async () => {
    const one = (field: string, comparison: string, value?: unknown) =>
      keys({ filter: { logic: 'AND', groups: [group('AND', [field, comparison, value])] } });
    expect(await one('connector_name', 'EQ', 'Card B')).toEqual(['T5', 'T4']);
    expect(await one('account_type', 'EQ', 'CREDITCARD')).toEqual(['T5', 'T4']);
    expect(await one('account_number', 'NOTEQ', '2222')).toEqual(['T3', 'T2', 'T1', 'T6']);
    expect(await one('account_name', 'EQ', 'Checking')).toEqual(['T3', 'T2', 'T1', 'T6']);
    expect(await one('access_method', 'EQ', 'manual')).toEqual(['T3', 'T2', 'T1', 'T6']);
    expect(await one('month', 'EQ', '2')).toEqual(['T4', 'T3']);
    expect(await one('year', 'EQ', 2024)).toEqual(['T6']);
    expect(await one('quarter', 'EQ', '2')).toEqual(['T5']);
    expect(await one('category', 'EMPTY')).toEqual(['T6']);
    expect(await one('subcategory', 'EMPTY')).toEqual(['T5', 'T4', 'T6']);
    expect(await one('counterparty', 'CONTAINS', 'co')).toEqual(['T5', 'T1']);
    expect(await one('description', 'NOTCONTAINS', 'shop')).toEqual(['T5', 'T4', 'T3', 'T1', 'T6']);
    expect(await one('status', 'EQ', 'pending')).toEqual(['T5']);
    expect(await one('mapping_status', 'EQ', 'none')).toHaveLength(6);
    expect(await one('date', 'RANGE', ['2025-01-05', '2025-02-01'])).toEqual(['T3', 'T2', 'T1']);
    // LAST counts back from the user's today: every seed date is long past, none within the last 30 days.
    expect(await one('date', 'LAST', 100_000)).toHaveLength(6);
    expect(await one('date', 'LAST', 30)).toEqual([]);
  });

  it('sorts by text, and by month as a number (12 after 4)', async () => {
    expect(await keys({ sort: [{ field: 'counterparty', sortDirection: 'ascending' }] })).toEqual([
      'T1',
      'T3',
      'T4',
      'T2',
      'T6',
      'T5',
    ]);
    const sort = [
      { field: 'month', sortDirection: 'descending' },
      { field: 'amount', sortDirection: 'ascending' },
    ];
    expect(await keys({ sort })).toEqual(['T6', 'T5', 'T4', 'T3', 'T2', 'T1']);
  });

  it('searches the account name and the amount, together with a filter', async () => {
    expect(await keys({ search: 'visa' })).toEqual(['T5', 'T4']);
    expect(await keys({ search: '2500' })).toEqual(['T3']);
    const filter = { logic: 'AND', groups: [group('AND', ['status', 'EQ', 'posted'])] };
    expect(await keys({ search: 'visa', filter })).toEqual(['T4']);
  });

  it('pages with the total of all matches', async () => {
    const response = await list({ page_size: '4', page_no: '2' });
    expect(response.json().meta).toEqual({ page_size: 4, page_no: 2, total: 6 });
    expect(response.json().data.map((row: { fitid: string }) => row.fitid)).toEqual(['T1', 'T6']);
  });

  it('searches the connector name and account number, and narrows by the mapped account', async () => {
    expect(await keys({ search: 'card b' })).toEqual(['T5', 'T4']);
    expect(await keys({ search: '1111' })).toEqual(['T3', 'T2', 'T1', 'T6']);
    // 'Co' is in Coffee Shop and Streaming Co, and in no account or connector name.
    expect(await keys({ search: 'co' })).toEqual(['T5', 'T1']);
    expect(await keys({ search: 'STREAMING co' })).toEqual(['T5']);
    // LIKE's own characters are searched for as text: no row holds a % or an _.
    expect(await keys({ search: '%' })).toEqual([]);
    expect(await keys({ search: '_' })).toEqual([]);
    const asset = await t.app.db
      .insertInto('assets')
      .values({ repository_id: repositoryId, name: 'Visa card', currency: 'USD', type: 'credit card' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('linked_accounts')
      .set({ asset_id: asset.id })
      .where('repository_id', '=', repositoryId)
      .where('number', '=', '2222')
      .execute();
    try {
      expect(await keys({ asset_id: asset.id })).toEqual(['T5', 'T4']);
      expect(await keys({ asset_id: asset.id, search: 'roses' })).toEqual(['T4']);
    } finally {
      await t.app.db
        .updateTable('linked_accounts')
        .set({ asset_id: null })
        .where('repository_id', '=', repositoryId)
        .execute();
      await t.app.db.deleteFrom('assets').where('id', '=', asset.id).execute();
    }
  });

  it('pages a sort on the account name, and answers the total on a page past the end', async () => {
    // Visa (T5, T4) before Checking (T3, T2, T1, T6); ties newest first.
    const sort = [{ field: 'account_name', sortDirection: 'descending' }];
    const second = await list({ sort, page_size: '2', page_no: '2' });
    expect(second.json().data.map((row: { fitid: string }) => row.fitid)).toEqual(['T3', 'T2']);
    expect(second.json().meta.total).toBe(6);
    const past = await list({ page_size: '4', page_no: '3' });
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ data: [], meta: { page_size: 4, page_no: 3, total: 6 } });
  });

  it('answers 400 naming the bad part of a filter or sort', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sort: [{ field: 'tags', sortDirection: 'ascending' }] }, 'sort.0.field: Cannot sort by tags'],
      [
        { sort: [{ field: 'date', sortDirection: 'up' }] },
        'sort.0.sortDirection: Must be one of: ascending, descending',
      ],
      [
        { filter: { logic: 'AND', groups: [group('AND', ['iban', 'EQ', 'x'])] } },
        'filter.groups.0.params.0.field: Unknown field: iban',
      ],
      [
        { filter: { logic: 'AND', groups: [group('AND', ['category', 'CONTAINS', 'Fo'])] } },
        'filter.groups.0.params.0.comparison: Must be one of: EQ, NOTEQ, EMPTY, NOTEMPTY',
      ],
      [
        { filter: { logic: 'AND', groups: [group('AND', ['amount', 'GREATER', 'lots'])] } },
        'filter.groups.0.params.0.value: Must be numeric',
      ],
      [{ filter: '{not json' }, 'filter: Must be JSON'],
    ];
    for (const [query, message] of cases) {
      const response = await list(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('lets a read-only member read, and answers a stranger 404', async () => {
    expect((await list({}, reader)).statusCode).toBe(200);
    expect((await list({}, stranger)).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/linked_data/transactions/${ids.T1}`)).statusCode).toBe(404);
  });
});

describe('GET linked_data/transactions_options', () => {
  const options = async (field: string, user: TTestUser = owner) => {
    const response = await user.call(
      'GET',
      `/api/linked_data/transactions_options?repository_id=${repositoryId}&field=${field}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: string; label: string }[]).map((option) => option.value);
  };

  it("answers each field's distinct values: texts by name, months as numbers", async () => {
    expect(await options('category')).toEqual(['Entertainment', 'Food', 'Gifts', 'Income']);
    expect(await options('month', reader)).toEqual(['1', '2', '4', '12']);
    expect(await options('year')).toEqual(['2024', '2025']);
    expect(await options('connector_name')).toEqual(['Bank A', 'Card B']);
    expect(await options('account_type')).toEqual(['CHECKING', 'CREDITCARD']);
    expect(await options('status')).toEqual(['pending', 'posted']);
    expect(await options('subcategory')).toEqual(['Cafe', 'Groceries', 'Salary']);
  });

  it('narrows by search and refuses an unknown field', async () => {
    const response = await owner.call(
      'GET',
      `/api/linked_data/transactions_options?repository_id=${repositoryId}&field=counterparty&search=CO`,
    );
    expect(response.json()).toEqual([
      { value: 'Coffee Shop', label: 'Coffee Shop' },
      { value: 'Streaming Co', label: 'Streaming Co' },
    ]);
    const bad = await owner.call(
      'GET',
      `/api/linked_data/transactions_options?repository_id=${repositoryId}&field=fitid`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('field: Must be one of: connector_name');
  });
});

describe('transaction tags, the exclude tag and the bulk edit', () => {
  let excludeId: string;
  let travelId: string;

  it('lists the system tag exclude before any other', async () => {
    const response = await reader.call(
      'GET',
      `/api/linked_data/transaction_tags?repository_id=${repositoryId}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(String), repository_id: repositoryId, name: 'exclude', is_system: true },
    ]);
    excludeId = response.json()[0].id;
  });

  it('creates a tag; a name taken in any case is a conflict; a reader may not create', async () => {
    const created = await owner.call('POST', '/api/linked_data/transaction_tags', {
      repository_id: repositoryId,
      name: '  Travel ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      repository_id: repositoryId,
      name: 'Travel',
      is_system: false,
    });
    travelId = created.json().id;
    for (const name of ['travel', 'EXCLUDE']) {
      const again = await owner.call('POST', '/api/linked_data/transaction_tags', {
        repository_id: repositoryId,
        name,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('A tag with this name already exists');
    }
    const denied = await reader.call('POST', '/api/linked_data/transaction_tags', {
      repository_id: repositoryId,
      name: 'Mine',
    });
    expect(denied.statusCode).toBe(403);
    const names = (
      await owner.call('GET', `/api/linked_data/transaction_tags?repository_id=${repositoryId}`)
    ).json();
    expect(names.map((tag: { name: string }) => tag.name)).toEqual(['exclude', 'Travel']);
  });

  it('never renames or deletes the exclude tag', async () => {
    const renamed = await owner.call('PUT', `/api/linked_data/transaction_tags/${excludeId}`, {
      name: 'keep',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(LINKED_TRANSACTION_MESSAGES.SYSTEM_TAG);
    expect((await owner.call('DELETE', `/api/linked_data/transaction_tags/${excludeId}`)).statusCode).toBe(
      400,
    );
    const unknown = await owner.call('PUT', `/api/linked_data/transaction_tags/${ids.T1}`, { name: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no such tag');
  });

  it('adds and removes tags on several rows at once; the tags filter then finds them by name', async () => {
    const added = await writer.call('PUT', `/api/linked_data/transactions?repository_id=${repositoryId}`, [
      { id: ids.T1, add_tags: [travelId] },
      { id: ids.T4, add_tags: [travelId] },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('Tags were updated');
    expect(added.json().data.map((row: { tags: unknown }) => row.tags)).toEqual([
      [{ id: travelId, name: 'Travel' }],
      [{ id: travelId, name: 'Travel' }],
    ]);
    const tagged = { logic: 'AND', groups: [group('AND', ['tags', 'CONTAINS', 'trav'])] };
    expect(await keys({ filter: tagged })).toEqual(['T4', 'T1']);
    const untagged = { logic: 'AND', groups: [group('AND', ['tags', 'EMPTY'])] };
    expect(await keys({ filter: untagged })).toEqual(['T5', 'T3', 'T2', 'T6']);

    const removed = await owner.call('PUT', `/api/linked_data/transactions?repository_id=${repositoryId}`, [
      { id: ids.T4, remove_tags: [travelId] },
    ]);
    expect(removed.json().data[0].tags).toEqual([]);
    expect(await keys({ filter: tagged })).toEqual(['T1']);
  });

  it('edits cells of the seed editable columns, and the filtered total follows', async () => {
    const rent = { logic: 'AND', groups: [group('AND', ['category', 'EQ', 'Rent'])] };
    expect(await keys({ filter: rent })).toEqual([]);
    const edited = await owner.call('PUT', `/api/linked_data/transactions?repository_id=${repositoryId}`, [
      { id: ids.T6, category: 'Rent', amount: -1000.5, date: '2024-12-30', description: '  December  ' },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe('Transactions updated');
    expect(edited.json().data[0]).toMatchObject({
      category: 'Rent',
      amount: '-1000.5',
      date: '2024-12-30',
      description: 'December',
    });
    // The total of this filter was counted (0) before the edit; the edit raised the version, so it is recounted.
    expect(await keys({ filter: rent })).toEqual(['T6']);
  });

  it('refuses columns that are not editable, bad values and unknown tags, writing nothing', async () => {
    const put = (body: unknown, user: TTestUser = owner) =>
      user.call('PUT', `/api/linked_data/transactions?repository_id=${repositoryId}`, body);
    const notEditable = await put([{ id: ids.T2, account_name: 'Mine', category: 'Food' }]);
    expect(notEditable.statusCode).toBe(400);
    expect(notEditable.json().message).toBe('0.account_name: account_name cannot be edited');
    const badDate = await put([{ id: ids.T2, date: '2025-02-30' }]);
    expect(badDate.json().message).toBe('0.date: Please enter a valid date');
    const badAmount = await put([{ id: ids.T2, amount: 'ten' }]);
    expect(badAmount.json().message).toBe('0.amount: Must be numeric');
    const badStatus = await put([{ id: ids.T2, status: 'cleared' }]);
    expect(badStatus.json().message).toBe('0.status: Must be one of: posted, pending');

    const unknownTag = await put([
      { id: ids.T2, category: 'Changed' },
      { id: ids.T3, tags: [travelId, 'not-a-tag'] },
    ]);
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().message).toBe('Unknown tag');
    const t2 = await owner.call('GET', `/api/linked_data/transactions/${ids.T2}`);
    expect(t2.json()).toMatchObject({ category: 'Food', source: { fitId: 'T2' } });

    const otherRepository = await createRepositoryAs(stranger, 'Elsewhere');
    const foreign = await seedLinkedTransactions(t.app.db, otherRepository);
    const leak = await put([{ id: foreign.T1, category: 'Mine' }]);
    expect(leak.statusCode).toBe(404);
    expect(leak.json().message).toBe('Linked transaction not found');
    expect((await put([{ id: ids.T2, category: 'Read only' }], reader)).statusCode).toBe(403);
    expect((await put([{ id: ids.T2, category: 'Stranger' }], stranger)).statusCode).toBe(404);
  });

  it('renames and deletes a tag; deleting takes it off every row', async () => {
    const byTagName = (text: string) => ({
      logic: 'AND',
      groups: [group('AND', ['tags', 'CONTAINS', text])],
    });
    expect(await keys({ filter: byTagName('trav') })).toEqual(['T1']);
    const renamed = await owner.call('PUT', `/api/linked_data/transaction_tags/${travelId}`, {
      id: travelId,
      name: 'Trips',
    });
    expect(renamed.json()).toMatchObject({ name: 'Trips' });
    // The rename raised the linked-data version (a trigger on the tags table), so the kept total is not reused.
    expect(await keys({ filter: byTagName('trav') })).toEqual([]);
    expect(await keys({ filter: byTagName('trips') })).toEqual(['T1']);
    const clash = await owner.call('PUT', `/api/linked_data/transaction_tags/${travelId}`, {
      name: 'Exclude',
    });
    expect(clash.statusCode).toBe(409);
    expect((await reader.call('DELETE', `/api/linked_data/transaction_tags/${travelId}`)).statusCode).toBe(
      403,
    );
    const deleted = await owner.call('DELETE', `/api/linked_data/transaction_tags/${travelId}`);
    expect(deleted.json()).toEqual({ message: 'Tag deleted' });
    const t1 = await owner.call('GET', `/api/linked_data/transactions/${ids.T1}`);
    expect(t1.json().tags).toEqual([]);
  });
});

describe('GET linked_data/transactions_pivot', () => {
  const pivot = (query: string, user: TTestUser = owner) =>
    user.call('GET', `/api/linked_data/transactions_pivot?repository_id=${repositoryId}&${query}`);

  it('sums and counts the amount by month × category, leaving excluded rows out unless asked', async () => {
    // T6 is now Rent, -1000.5 on 2024-12-30 (edited above).
    const all = await pivot('rows=month&columns=category&values=sum,count', reader);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({
      rows: ['month'],
      columns: ['category'],
      values: ['sum', 'count'],
      data: [
        { row: [1], column: ['Food'], values: { sum: '-92.5', count: 2 } },
        { row: [2], column: ['Gifts'], values: { sum: '-45.25', count: 1 } },
        { row: [2], column: ['Income'], values: { sum: '2500', count: 1 } },
        { row: [4], column: ['Entertainment'], values: { sum: '-19.99', count: 1 } },
        { row: [12], column: ['Rent'], values: { sum: '-1000.5', count: 1 } },
      ],
    });

    const tags = (
      await owner.call('GET', `/api/linked_data/transaction_tags?repository_id=${repositoryId}`)
    ).json();
    const excluded = await owner.call('PUT', `/api/linked_data/transactions?repository_id=${repositoryId}`, [
      { id: ids.T2, tags: [tags[0].id] },
    ]);
    expect(excluded.statusCode).toBe(200);
    const without = await pivot('rows=month&columns=category&values=sum');
    expect(without.json().data[0]).toEqual({ row: [1], column: ['Food'], values: { sum: '-12.5' } });
    const withExcluded = await pivot('rows=month&columns=category&values=sum&include_excluded=true');
    expect(withExcluded.json().data[0]).toEqual({ row: [1], column: ['Food'], values: { sum: '-92.5' } });
    // The list still shows the excluded row, with its tag.
    const t2 = await keys({
      filter: { logic: 'AND', groups: [group('AND', ['tags', 'CONTAINS', 'exclude'])] },
    });
    expect(t2).toEqual(['T2']);
  });

  it('groups by several fields with a filter', async () => {
    const filter = json({ logic: 'AND', groups: [group('AND', ['amount', 'LESS', '0'])] });
    const response = await pivot(`rows=year,connector_name&values=sum,min,max&filter=${filter}`);
    expect(response.json().data).toEqual([
      { row: [2024, 'Bank A'], column: [], values: { sum: '-1000.5', min: '-1000.5', max: '-1000.5' } },
      { row: [2025, 'Bank A'], column: [], values: { sum: '-12.5', min: '-12.5', max: '-12.5' } },
      { row: [2025, 'Card B'], column: [], values: { sum: '-65.24', min: '-45.25', max: '-19.99' } },
    ]);
  });

  it('answers 400 for unknown fields and aggregates, and 404 to a stranger', async () => {
    expect((await pivot('rows=iban')).json().message).toBe(
      'rows: Unknown: iban. Must be among: connector_name, access_method, account_name, account_number, account_type, year, quarter, month, date, type, category, subcategory, counterparty, status',
    );
    expect((await pivot('rows=month&values=median')).statusCode).toBe(400);
    expect((await pivot('rows=month&columns=month')).json().message).toBe('columns: Already a row: month');
    expect((await pivot('rows=month', stranger)).statusCode).toBe(404);
  });
});
