import { type TTransaction, ZTransactionPage } from '@strata/contracts/transactions';
import { evaluateFilter } from '@strata/core/filters/evaluate-filter';
import { parseFilter } from '@strata/core/filters/filter-model';
import {
  TRANSACTION_FILTER_FIELDS,
  transactionFilterRow,
} from '@strata/core/transactions/transaction-filter-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createAssetAs,
  createBrokerageAs,
  createRepositoryAs,
  createStockAs,
  createTestUser,
  setSubscription,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';

let t: TIdentityTestApp;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
const ids: Record<string, string> = {};

async function dataVersion(): Promise<number> {
  const row = await t.app.db
    .selectFrom('repositories')
    .select('data_version')
    .where('id', '=', repositoryId)
    .executeTakeFirstOrThrow();
  return Number(row.data_version);
}

async function list(query: Record<string, string> = {}) {
  const params = new URLSearchParams({ repository_id: repositoryId, page_size: '1000', ...query });
  return owner.call('GET', `/api/transactions?${params}`);
}

const buy = (date: string, units: string, cash: string, description = 'Buy') => ({
  repository_id: repositoryId,
  type: 'buy',
  date,
  description,
  entries: [
    { account_id: ids.broker, asset_id: ids.aapl, amount: units },
    { account_id: ids.broker, asset_id: ids.usd, amount: cash },
  ],
});

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'tx-owner@example.com');
  reader = await createTestUser(t, 'tx-reader@example.com');
  stranger = await createTestUser(t, 'tx-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Ledger');
  await shareRepository(owner, reader, repositoryId, 1);
  const tag = await tagLookupAs(owner, repositoryId);
  const broker = await owner.call('POST', '/api/assets', {
    repository_id: repositoryId,
    type: 'investment account',
    name: 'Broker',
    currency: 'USD',
    tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
  });
  ids.broker = broker.json().id;
  ids.aapl = (
    await owner.call('POST', '/api/assets', {
      repository_id: repositoryId,
      type: 'stock',
      name: 'Apple',
      ticker: 'AAPL',
      currency: 'USD',
    })
  ).json().id;
  const assets = (await owner.call('GET', `/api/assets?repository_id=${repositoryId}`)).json().data;
  ids.usd = assets.find((asset: { type: string }) => asset.type === 'currency').id;
  ids.dividends = assets.find((asset: { name: string }) => asset.name === 'Cash dividend').id;
});
afterAll(async () => {
  await t?.close();
});

describe('transactions', () => {
  it("creates a buy, forcing signs by rule, and bumps the data version ('Transaction {date} created' is the web's)", async () => {
    const before = await dataVersion();
    const created = await owner.call('POST', '/api/transactions', buy('2026-01-05', '10', '1500', 'First'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      type: 'buy',
      date: '2026-01-05',
      description: 'First',
      source: 'manual',
      entries: [
        { account_id: ids.broker, asset_id: ids.aapl, amount: '10', pos_id: null },
        { account_id: ids.broker, asset_id: ids.usd, amount: '-1500', pos_id: null },
      ],
    });
    expect(await dataVersion()).toBe(before + 1);
  });

  it('labels every problem by entry title and field, with the seed words', async () => {
    const response = await owner.call('POST', '/api/transactions', {
      repository_id: repositoryId,
      type: 'buy',
      date: '2026-13-01',
      entries: [
        { account_id: ids.aapl, asset_id: ids.aapl, amount: 'ten' },
        { account_id: ids.broker, asset_id: ids.usd, amount: '' },
      ],
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json().details.fieldErrors;
    expect(errors.Date).toEqual(['Please enter a valid date']);
    expect(errors['Position: amount']).toEqual(['Must be numeric']);
    expect(errors['Position: account'][0]).toMatch(/^Must be one of: bank account/);
    expect(errors['Cash: amount']).toEqual(['Field is required']);
    const unknownType = await owner.call('POST', '/api/transactions', {
      repository_id: repositoryId,
      type: 'gift',
    });
    expect(unknownType.json().details.fieldErrors.Type[0]).toMatch(/^Must be one of: deposit, withdrawal/);
    const tooMany = await owner.call('POST', '/api/transactions', {
      ...buy('2026-01-05', '1', '1'),
      entries: Array.from({ length: 5 }, () => ({ account_id: ids.broker, asset_id: ids.usd, amount: '1' })),
    });
    expect(tooMany.json().details.fieldErrors.Entries).toEqual(['At most 4 entries']);
    // Seed §9: text is at most 255 characters, the description included.
    const longDescription = await owner.call(
      'POST',
      '/api/transactions',
      buy('2026-01-05', '1', '1', 'd'.repeat(256)),
    );
    expect(longDescription.statusCode).toBe(400);
    expect(longDescription.json().details.fieldErrors.Description).toEqual(['Too long string']);
    const dividend = await owner.call('POST', '/api/transactions', {
      repository_id: repositoryId,
      type: 'dividend',
      date: '2026-02-01',
      entries: [
        { account_id: ids.broker, asset_id: ids.usd, amount: '12' },
        { account_id: ids.broker, asset_id: ids.usd, amount: '12' },
      ],
    });
    expect(dividend.json().details.fieldErrors['Dividend: account']).toEqual([
      'Must be one of: income account',
    ]);
  });

  it('refuses PRO-only types on other plans with the plan prompt, and serves them read-only', async () => {
    const standard = await createTestUser(t, 'tx-standard@example.com');
    await setSubscription(t.app.db, standard.id, 'standard', 'active');
    const theirs = await createRepositoryAs(standard, 'Standard');
    const settings = (
      await standard.call('GET', `/api/transactions_settings?repository_id=${theirs}`)
    ).json();
    expect(settings.find((type: { name: string }) => type.name === 'capital call').readonly).toBe(true);
    expect(settings.find((type: { name: string }) => type.name === 'buy').readonly).toBe(false);
    const refused = await standard.call('POST', '/api/transactions', {
      repository_id: theirs,
      type: 'capital call',
      date: '2026-01-01',
      entries: [],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'The capital call transaction type is available on the PRO plan',
      details: { reason: 'PLAN_LIMIT', plan_id: 'standard' },
    });
  });

  it('pages, sorts, searches and filters; a bad filter is a 400 naming the problem', async () => {
    await owner.call('POST', '/api/transactions', [
      buy('2026-01-06', '5', '800', 'Second'),
      buy('2026-01-07', '1', '160', 'Third lot'),
      {
        repository_id: repositoryId,
        type: 'dividend',
        date: '2026-01-08',
        description: 'Quarterly',
        entries: [
          { account_id: ids.broker, asset_id: ids.usd, amount: '3.5' },
          { account_id: ids.dividends, asset_id: ids.usd, amount: '3.5', pos_id: ids.aapl },
        ],
      },
    ]);
    const page = await list({ page_size: '2', page_no: '1' });
    expect(page.json().meta).toEqual({ page_size: 2, page_no: 1, total: 4 });
    expect(page.json().data.map((row: TTransaction) => row.date)).toEqual(['2026-01-08', '2026-01-07']);
    const second = (await list({ page_size: '2', page_no: '2' })).json().data;
    expect(second.map((row: TTransaction) => row.date)).toEqual(['2026-01-06', '2026-01-05']);
    // The page carries its entries in slot order, amounts as exact text with the stored sign.
    const dividend = page.json().data[0] as TTransaction;
    expect(dividend.entries).toEqual([
      { account_id: ids.broker, asset_id: ids.usd, amount: '3.5', pos_id: null },
      { account_id: ids.dividends, asset_id: ids.usd, amount: '-3.5', pos_id: ids.aapl },
    ]);
    expect((await list({ page_size: '2', page_no: '9' })).json()).toEqual({
      data: [],
      meta: { page_size: 2, page_no: 9, total: 4 },
    });

    const ascending = (
      await list({ sort: JSON.stringify([{ field: 'description', sortDirection: 'ascending' }]) })
    ).json();
    expect(ascending.data.map((row: TTransaction) => row.description)).toEqual([
      'First',
      'Quarterly',
      'Second',
      'Third lot',
    ]);
    // Names of accounts and assets are searched: three transactions have an Apple entry.
    const apple = (await list({ search: 'apple' })).json();
    expect(apple.meta.total).toBe(3);
    expect(apple.data).toHaveLength(3);
    expect((await list({ search: 'LOT' })).json().data.map((row: TTransaction) => row.description)).toEqual([
      'Third lot',
    ]);
    expect((await list({ asset_id: ids.dividends as string })).json().meta.total).toBe(1);

    const bad = await list({
      filter: JSON.stringify({
        logic: 'AND',
        groups: [{ logic: 'AND', params: [{ field: 'amount', comparison: 'CONTAINS', value: '1' }] }],
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^filter\.groups\.0\.params\.0/);
    expect((await list({ filter: '{not json' })).json().details.fieldErrors).toEqual({
      filter: ['Must be JSON'],
    });
    expect(
      (await list({ sort: JSON.stringify([{ field: 'nope', sortDirection: 'ascending' }]) })).statusCode,
    ).toBe(400);
  });

  it('answers every operator as the in-memory evaluator does', async () => {
    const all: TTransaction[] = (await list()).json().data;
    const context = { today: new Date().toISOString().slice(0, 10) };
    const cases: Array<[string, string, unknown]> = [
      ['type', 'EQ', 'buy'],
      ['type', 'NOTEQ', 'buy'],
      ['description', 'CONTAINS', 'ir'],
      ['description', 'NOTCONTAINS', 'ir'],
      ['description', 'EMPTY', null],
      ['description', 'NOTEMPTY', null],
      ['date', 'EQ', '2026-01-06'],
      ['date', 'NOTEQ', '2026-01-06'],
      ['date', 'BEFORE', '2026-01-07'],
      ['date', 'AFTER', '2026-01-06'],
      ['date', 'RANGE', ['2026-01-06', '2026-01-07']],
      ['date', 'LAST', 100000],
      ['amount', 'GREATER', '5'],
      ['amount', 'LESS', '-1000'],
      ['amount', 'EQ', '3.5'],
      ['amount', 'NOTEQ', '3.5'],
      ['account', 'EQ', ids.dividends],
      ['asset', 'NOTEQ', ids.aapl],
    ];
    for (const [field, comparison, value] of cases) {
      const json = { logic: 'AND', groups: [{ logic: 'AND', params: [{ field, comparison, value }] }] };
      const parsed = parseFilter(json, TRANSACTION_FILTER_FIELDS);
      if (!parsed.ok) throw new Error(`${field} ${comparison}: ${JSON.stringify(parsed.errors)}`);
      const expected = all
        .filter((row) => evaluateFilter(parsed.value, transactionFilterRow(row), context))
        .map((row) => row.id)
        .sort();
      const answered = (await list({ filter: JSON.stringify(json) }))
        .json()
        .data.map((row: TTransaction) => row.id)
        .sort();
      expect(answered, `${field} ${comparison}`).toEqual(expected);
    }
  });

  it("writes each page row as the single read does, to the contract's shape, in the trash too", async () => {
    const page = await list();
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = ZTransactionPage.parse(page.json()).data;
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) {
      expect(row).toEqual((await owner.call('GET', `/api/transactions/${row.id}`)).json());
    }
    const trashed = rows[0] as TTransaction;
    await owner.call('DELETE', '/api/transactions', { ids: [trashed.id] });
    const [inTrash] = ZTransactionPage.parse((await list({ show_deleted: '1' })).json()).data;
    expect(inTrash?.deleted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(inTrash).toEqual((await owner.call('GET', `/api/transactions/${trashed.id}`)).json());
    await owner.call('POST', `/api/transactions/${trashed.id}/restore`);
  });

  it('edits, trashes, restores one and all, deletes for good and empties the trash', async () => {
    const created = (await owner.call('POST', '/api/transactions', buy('2026-03-01', '2', '300'))).json();
    const edited = await owner.call('PUT', `/api/transactions/${created.id}`, {
      description: 'Edited',
      date: '2026-03-02',
    });
    expect(edited.json()).toMatchObject({
      description: 'Edited',
      date: '2026-03-02',
      entries: created.entries,
    });
    const reentered = await owner.call('PUT', `/api/transactions/${created.id}`, {
      entries: [
        { account_id: ids.broker, asset_id: ids.aapl, amount: '3' },
        { account_id: ids.broker, asset_id: ids.usd, amount: '450' },
      ],
    });
    expect(reentered.json().entries.map((entry: { amount: string }) => entry.amount)).toEqual(['3', '-450']);

    expect((await owner.call('DELETE', '/api/transactions', { ids: [created.id] })).json()).toEqual({
      message: 'Transaction moved to the trash',
    });
    expect((await list({ show_deleted: '1' })).json().data.map((row: TTransaction) => row.id)).toEqual([
      created.id,
    ]);
    expect(
      (await owner.call('POST', `/api/transactions/${created.id}/restore`)).json().deleted_at,
    ).toBeNull();
    await owner.call('DELETE', '/api/transactions', { ids: [created.id] });
    expect(
      (await owner.call('POST', '/api/transactions/restore', { repository_id: repositoryId })).json(),
    ).toEqual({
      message: '1 transactions restored',
    });
    await owner.call('DELETE', '/api/transactions', { ids: [created.id] });
    expect(
      (await owner.call('DELETE', `/api/transactions/trash/empty?repository_id=${repositoryId}`)).json(),
    ).toEqual({ message: 'Trash emptied: 1 transactions deleted' });
    expect((await owner.call('GET', `/api/transactions/${created.id}`)).statusCode).toBe(404);
  });

  it('keeps an asset used by a transaction from being deleted for good', async () => {
    const response = await owner.call('DELETE', `/api/assets/${ids.aapl}?is_hard=1`);
    expect(response.statusCode).toBe(409);
  });

  it('exports the template and imports it back; a bad row names its line and field and writes nothing', async () => {
    const exported = await owner.call('GET', `/api/transactions/export?repository_id=${repositoryId}`);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body.split('\r\n');
    expect(lines[0]).toBe(
      'type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description',
    );
    expect(lines[1]).toBe('buy,2026-01-05,Broker,10,Apple,Broker,-1500,US Dollar,,,First');

    const other = await createRepositoryAs(owner, 'Copy of ledger');
    const missing = await owner.call('POST', '/api/transactions/import', {
      repository_id: other,
      csv: exported.body,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fieldErrors['line 2 Position: account']).toEqual(['Does not exist']);

    const before = (await list()).json().meta.total;
    const broken = `${lines[0]}\r\n${lines[1]}\r\nbuy,2026-01-09,Broker,abc,Apple,Broker,5,USD,,,\r\n`;
    const failed = await owner.call('POST', '/api/transactions/import', {
      repository_id: repositoryId,
      csv: broken,
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().details.fieldErrors).toEqual({ 'line 3 Position: amount': ['Must be numeric'] });
    expect((await list()).json().meta.total).toBe(before);

    const imported = await owner.call('POST', '/api/transactions/import', {
      repository_id: repositoryId,
      csv: exported.body,
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toEqual({ message: `${before} transactions imported`, created: before });
    expect((await list()).json().meta.total).toBe(2 * before);
    const summary = (
      await owner.call('GET', `/api/transactions/summary?repository_id=${repositoryId}`)
    ).json();
    expect(summary).toMatchObject({ total: 2 * before, first_date: '2026-01-05', last_date: '2026-01-08' });
    expect(summary.by_type).toEqual([
      { type: 'buy', count: 6 },
      { type: 'dividend', count: 2 },
    ]);
  });

  it('offers filter values and keeps readers read-only and strangers out', async () => {
    const types = (
      await owner.call(
        'GET',
        `/api/filter_options?resource=transactions&field=type&repository_id=${repositoryId}`,
      )
    ).json();
    expect(types).toEqual([
      { value: 'buy', label: 'buy' },
      { value: 'dividend', label: 'dividend' },
    ]);
    const accounts = (
      await reader.call(
        'GET',
        `/api/filter_options?resource=transactions&field=account&repository_id=${repositoryId}`,
      )
    ).json();
    expect(accounts.map((option: { label: string }) => option.label)).toEqual(['Broker', 'Cash dividend']);
    const any = (await list()).json().data[0];
    expect((await reader.call('GET', `/api/transactions/${any.id}`)).statusCode).toBe(200);
    expect((await reader.call('PUT', `/api/transactions/${any.id}`, { description: 'x' })).statusCode).toBe(
      403,
    );
    expect((await stranger.call('GET', `/api/transactions/${any.id}`)).json()).toMatchObject({
      message: 'Transaction not found',
    });
    expect((await stranger.call('DELETE', '/api/transactions', { ids: [any.id] })).statusCode).toBe(404);
  });
});

describe('the CSV export', () => {
  it('neutralises cells a spreadsheet would run, keeps negative amounts numbers, and imports back as it was', async () => {
    const repository = await createRepositoryAs(owner, 'Formulas');
    const { broker } = await createBrokerageAs(owner, repository);
    const evil = await createAssetAs(owner, repository, {
      type: 'stock',
      name: '=HYPERLINK("http://evil.example","x")',
      ticker: 'EVIL',
      currency: 'USD',
    });
    const usd = (await owner.call('GET', `/api/assets?repository_id=${repository}`))
      .json()
      .data.find((asset: { type: string }) => asset.type === 'currency').id;
    const created = await owner.call('POST', '/api/transactions', {
      repository_id: repository,
      type: 'buy',
      date: '2026-03-02',
      description: '@SUM(1+1)*cmd',
      entries: [
        { account_id: broker, asset_id: evil, amount: '2' },
        { account_id: broker, asset_id: usd, amount: '-30' },
      ],
    });
    expect(created.statusCode).toBe(201);

    const exported = await owner.call('GET', `/api/transactions/export?repository_id=${repository}`);
    expect(exported.body.split('\r\n')[1]).toBe(
      'buy,2026-03-02,Broker,2,"\'=HYPERLINK(""http://evil.example"",""x"")",Broker,-30,US Dollar,,,\'@SUM(1+1)*cmd',
    );

    const imported = await owner.call('POST', '/api/transactions/import', {
      repository_id: repository,
      csv: exported.body,
    });
    expect(imported.statusCode).toBe(201);
    const rows = (await owner.call('GET', `/api/transactions?repository_id=${repository}`)).json().data;
    expect(
      rows.map((row: TTransaction) => [row.description, row.entries.map((entry) => entry.asset_id)]),
    ).toEqual([
      ['@SUM(1+1)*cmd', [evil, usd]],
      ['@SUM(1+1)*cmd', [evil, usd]],
    ]);
  });
});

describe('export then import', () => {
  /** A repository's live transactions by date, accounts and assets by name: what a round trip must keep. */
  async function ledgerOf(repository: string) {
    const assets: Array<{ id: string; name: string }> = (
      await owner.call('GET', `/api/assets?repository_id=${repository}&page_size=1000`)
    ).json().data;
    const name = new Map(assets.map((asset) => [asset.id, asset.name]));
    const rows: TTransaction[] = (
      await owner.call('GET', `/api/transactions?repository_id=${repository}&page_size=1000`)
    ).json().data;
    return rows
      .map((row) => ({
        type: row.type,
        date: row.date,
        description: row.description,
        entries: row.entries.map((entry) => [
          name.get(entry.account_id ?? ''),
          entry.amount,
          name.get(entry.asset_id ?? ''),
        ]),
      }))
      .sort((a, b) => a.date.localeCompare(b.date));
  }

  /** The same accounts and assets, by name, in a fresh repository. */
  async function furnish(repository: string) {
    const { broker, usd } = await createBrokerageAs(owner, repository);
    const stock = await createStockAs(owner, repository, 'ACME');
    const assets = (await owner.call('GET', `/api/assets?repository_id=${repository}`)).json().data;
    const byName = (wanted: string) => assets.find((asset: { name: string }) => asset.name === wanted).id;
    return { broker, usd, stock, fees: byName('Interest expense'), dividends: byName('Cash dividend') };
  }

  it('gives back the same transactions in a new repository, third entries and all', async () => {
    const source = await createRepositoryAs(owner, 'Round trip source');
    const a = await furnish(source);
    const post = async (body: Record<string, unknown>) => {
      const created = await owner.call('POST', '/api/transactions', { repository_id: source, ...body });
      expect(created.statusCode).toBe(201);
    };
    await post({
      type: 'buy',
      date: '2026-01-05',
      description: 'Buy, "with" a fee; 0.3 of it',
      entries: [
        { account_id: a.broker, asset_id: a.stock, amount: '10.123456789' },
        { account_id: a.broker, asset_id: a.usd, amount: '-1500.3' },
        { account_id: a.fees, asset_id: a.usd, amount: '0.3' },
      ],
    });
    await post({
      type: 'dividend',
      date: '2026-02-01',
      entries: [
        { account_id: a.broker, asset_id: a.usd, amount: '12.5' },
        { account_id: a.dividends, asset_id: a.usd, amount: '-12.5' },
      ],
    });
    await post({
      type: 'sell',
      date: '2026-03-02',
      description: '=1+1',
      entries: [
        { account_id: a.broker, asset_id: a.stock, amount: '-4' },
        { account_id: a.broker, asset_id: a.usd, amount: '620' },
      ],
    });

    const exported = await owner.call('GET', `/api/transactions/export?repository_id=${source}`);
    expect(exported.body.split('\r\n')[0]).toBe(
      'type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description,amount3,asset3,amount4,asset4',
    );
    const target = await createRepositoryAs(owner, 'Round trip target');
    await furnish(target);
    const imported = await owner.call('POST', '/api/transactions/import', {
      repository_id: target,
      csv: exported.body,
    });
    expect(imported.json()).toEqual({ message: '3 transactions imported', created: 3 });
    const before = await ledgerOf(source);
    expect(before.map((row) => row.entries.length)).toEqual([3, 2, 2]);
    expect(await ledgerOf(target)).toEqual(before);
  });
});
