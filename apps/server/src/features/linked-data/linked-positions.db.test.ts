import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../tasks/testing/tasks-test-app.ts';

// Investment statements through the manual loader (real HTTP: the upload over a socket, the in-process
// worker), then GET linked_data/positions and positions/{id}. Every expected figure below was read from
// the corpus files by hand (../shared/corpus/README.md says what each holds).

const CORPUS = join(import.meta.dirname, '../../../../../../shared/corpus/ofx/jseutter-ofxparse');
const corpusFile = (name: string) => readFileSync(join(CORPUS, name));

let t: TIdentityTestApp;
let baseUrl: string;
let owner: TTestUser;
let reader: TTestUser;
let stranger: TTestUser;
let repositoryId: string;
let otherRepositoryId: string;

beforeAll(async () => {
  t = await createTasksTestApp({ isWorker: true });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createTestUser(t, 'positions-owner@example.com');
  reader = await createTestUser(t, 'positions-reader@example.com');
  stranger = await createTestUser(t, 'positions-stranger@example.com');
  repositoryId = await createRepositoryAs(owner, 'Brokerage');
  otherRepositoryId = await createRepositoryAs(owner, 'Another');
  await shareRepository(owner, reader, repositoryId, 1);
});
afterAll(async () => {
  await t?.close();
});

async function uploadStatement(user: TTestUser, bytes: Uint8Array, name: string): Promise<string> {
  const target = await user.call('POST', '/api/file_upload', { type: 'manual_sync' });
  expect(target.statusCode, target.body).toBe(200);
  const { url, fields } = target.json() as { url: string; fields: Record<string, string> };
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const stored = await fetch(new URL(new URL(url).pathname, baseUrl), { method: 'POST', body: form });
  expect(stored.status).toBe(204);
  return fields.key as string;
}

async function taskOf(user: TTestUser, id: string) {
  const tasks = (await user.call('GET', '/api/tasks')).json() as { id: string; status: string }[];
  return tasks.find((task) => task.id === id) as Record<string, unknown> & { status: string };
}

type TLoadResult = {
  connector_id: string;
  accounts: { linked_account_id: string; positions: { added: number; replaced: number } }[];
  added: number;
  skipped_duplicate: number;
  failed: number;
  positions: number;
  securities: number;
  warnings: string[];
};

async function load(
  name: string,
  body: Record<string, unknown> = {},
  bytes: Uint8Array = corpusFile(name),
): Promise<TLoadResult> {
  const fileKey = await uploadStatement(owner, bytes, name);
  const started = await owner.call('POST', '/api/linked_data/connectors/manual', {
    repository_id: repositoryId,
    file_key: fileKey,
    loader: 'ofx',
    ...body,
  });
  expect(started.statusCode, started.body).toBe(200);
  const id = started.json().task_id as string;
  await vi.waitFor(
    async () => expect(['waiting', 'running']).not.toContain((await taskOf(owner, id)).status),
    { timeout: 30_000, interval: 50 },
  );
  const task = await taskOf(owner, id);
  expect(task.status, String(task.error)).toBe('succeeded');
  return task.result as TLoadResult;
}

type TPosition = Record<string, unknown> & { id: string; value: string | null; quantity: string };

async function positions(
  user: TTestUser,
  query: Record<string, string>,
): Promise<{ status: number; data: TPosition[]; total: number; body: string }> {
  const response = await user.call(
    'GET',
    `/api/linked_data/positions?${new URLSearchParams({ repository_id: repositoryId, ...query })}`,
  );
  const json = response.statusCode === 200 ? response.json() : { data: [], meta: { total: -1 } };
  return { status: response.statusCode, data: json.data, total: json.meta.total, body: response.body };
}

const cents = (values: readonly (string | null | undefined)[]) =>
  values.reduce((sum, value) => sum + Math.round(Number(value) * 100), 0);
const ALL = JSON.stringify({ logic: 'AND', groups: [] });

describe('fidelity.ofx (brokerage: trades, income, cash, 6 positions, AVAILCASH)', () => {
  let connectorId: string;
  let accountId: string;

  it('stores 14 investment transactions, 3 cash movements, 7 securities, 6 positions and the cash balance', async () => {
    const result = await load('fidelity.ofx');
    // 8 BUYSTOCK, 4 INCOME DIV, 2 SELLSTOCK, and 3 INVBANKTRAN.
    expect(result).toMatchObject({ added: 17, skipped_duplicate: 0, failed: 0, positions: 6, securities: 7 });
    expect(result.warnings.join(' ')).not.toContain('not imported');
    connectorId = result.connector_id;
    accountId = result.accounts[0]!.linked_account_id;

    const page = await positions(owner, { linked_account_id: accountId, page_size: '100' });
    expect(page.status, page.body).toBe(200);
    expect(page.total).toBe(6);
    // The six MKTVALs add up to the file's own 'Cash Market value' balance, 14919.8.
    expect(cents(page.data.map((row) => row.value))).toBe(1_491_980);
    const intel = page.data.find((row) => row.ticker === 'INTC');
    expect(intel).toMatchObject({
      description: 'INTEL CORP',
      unique_id: '458140100',
      id_type: 'CUSIP',
      security_kind: 'stock',
      quantity: '100.911',
      price: '24.19',
      value: '2441.03',
      currency: 'USD',
      as_of_date: '2012-09-08',
      held_in: 'CASH',
      position_type: 'LONG',
      connector_name: 'OFX file',
      account_number: '01234567890',
      transaction_id: null,
    });

    const detail = await owner.call(
      'GET',
      `/api/linked_data/positions/${intel!.id}?repository_id=${repositoryId}`,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ id: intel!.id, transaction_id: null, value: '2441.03' });
    expect(detail.json().source).toMatchObject({
      security: { uniqueId: '458140100', idType: 'CUSIP' },
      units: '100.911',
      marketValue: '2441.03',
    });

    const balances = await t.app.db
      .selectFrom('linked_balances')
      .select(['kind', 'amount', 'as_of_date', 'currency'])
      .where('linked_account_id', '=', accountId)
      .execute();
    expect(balances).toEqual([
      { kind: 'cash', amount: '18073.98', as_of_date: '2012-09-08', currency: 'USD' },
    ]);
    const answered = await owner.call('GET', `/api/linked_data/accounts/${accountId}/balances?latest=true`);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject([
      { kind: 'cash', amount: '18073.98', as_of_date: '2012-09-08', currency: 'USD' },
    ]);
  });

  it('lists the trades as linked transactions with kind, security, quantity and unit price', async () => {
    const response = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${repositoryId}&linked_account_id=${accountId}&page_size=100`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = response.json() as {
      data: Record<string, string | null>[];
      meta: { total: number };
    };
    expect(meta.total).toBe(17);
    // Buys −11,686.10, dividends +65.90, sells +1,094.10; cash 0.24 − 0.97 + 0.16.
    expect(cents(data.map((row) => row.amount))).toBe(-1_052_610 - 57);
    expect(data.filter((row) => row.investment_kind === 'buy')).toHaveLength(8);
    expect(data.filter((row) => row.investment_kind === 'income')).toHaveLength(4);
    expect(data.filter((row) => row.investment_kind === null)).toHaveLength(3);
    const sold = data.find((row) => row.fitid === '0123456789020901320120727');
    expect(sold).toMatchObject({
      date: '2012-07-27',
      type: 'SELLSTOCK',
      investment_kind: 'sell',
      amount: '1089.3',
      quantity: '-8',
      unit_price: '137.16',
      counterparty: 'SPDR S&P 500 ETF TRUST UNIT SER 1 S&P',
      description: 'YOU SOLD',
    });
  });

  it('re-importing the file adds no transaction and replaces the 6 positions', async () => {
    const result = await load('fidelity.ofx', { connector_id: connectorId });
    expect(result).toMatchObject({ added: 0, skipped_duplicate: 17, failed: 0, positions: 6 });
    expect(result.accounts[0]!.positions).toEqual({ added: 0, replaced: 6 });
    const stored = await t.app.db
      .selectFrom('linked_positions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('linked_account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(6);
    expect((await positions(owner, { linked_account_id: accountId })).total).toBe(6);
    const transactions = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${repositoryId}&linked_account_id=${accountId}`,
    );
    expect(transactions.json().meta.total).toBe(17);
  });
});

describe('investment_401k.ofx (funds, transfers in and out, a closed position)', () => {
  let accountId: string;

  it('stores the buy and both transfers; transfers move units, not cash', async () => {
    const result = await load('investment_401k.ofx');
    expect(result).toMatchObject({ added: 3, skipped_duplicate: 0, positions: 3, securities: 3 });
    accountId = result.accounts[0]!.linked_account_id;
    const response = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${repositoryId}&linked_account_id=${accountId}`,
    );
    const rows = response.json().data as Record<string, string | null>[];
    const byFitId = Object.fromEntries(rows.map((row) => [row.fitid, row]));
    expect(byFitId['1']).toMatchObject({
      type: 'BUYMF',
      investment_kind: 'buy',
      date: '2014-06-17',
      amount: '-197.2',
      quantity: '8.846699',
      unit_price: '22.2908',
      counterparty: 'Foo Index Fund',
    });
    expect(byFitId['2']).toMatchObject({
      type: 'TRANSFER',
      investment_kind: 'transfer',
      amount: '0',
      quantity: '6.800992',
    });
    expect(byFitId['3']).toMatchObject({ investment_kind: 'transfer', amount: '0', quantity: '-9.060702' });
  });

  it('hides the closed position by default (amount greater than 0) and shows it with an empty filter', async () => {
    const shown = await positions(owner, { linked_account_id: accountId });
    expect(shown.data.map((row) => [row.ticker, row.quantity, row.value])).toEqual([
      // Same as-of date: the default order is then by name.
      ['BAR', '13.550983', '395.89'],
      ['FOO', '17.604312', '396.4'],
    ]);
    const all = await positions(owner, { linked_account_id: accountId, filters: ALL });
    expect(all.total).toBe(3);
    expect(all.data.find((row) => row.ticker === 'BAZ')).toMatchObject({ quantity: '0', value: '0' });
  });

  it('searches, filters and sorts', async () => {
    const found = await positions(owner, {
      linked_account_id: accountId,
      filters: ALL,
      search: 'index fund',
    });
    expect(found.data.map((row) => row.ticker).sort()).toEqual(['BAR', 'FOO']);
    const byValue = await positions(owner, {
      linked_account_id: accountId,
      sort: JSON.stringify([{ field: 'value', sortDirection: 'descending' }]),
    });
    expect(byValue.data.map((row) => row.value)).toEqual(['396.4', '395.89']);
    const over396 = await positions(owner, {
      linked_account_id: accountId,
      filters: JSON.stringify({
        logic: 'AND',
        groups: [{ logic: 'AND', params: [{ field: 'value', comparison: 'GREATER', value: '396' }] }],
      }),
    });
    expect(over396.data.map((row) => row.ticker)).toEqual(['FOO']);
  });

  it('answers 400 for a sort or filter it cannot use, never 500', async () => {
    const badField = await positions(owner, {
      sort: JSON.stringify([{ field: 'nope', sortDirection: 'ascending' }]),
    });
    expect(badField.status).toBe(400);
    expect(badField.body).toContain('Unknown field: nope');
    const notJson = await positions(owner, { sort: '[{' });
    expect(notJson.status).toBe(400);
    const badFilter = await positions(owner, {
      filters: JSON.stringify({
        groups: [{ params: [{ field: 'value', comparison: 'CONTAINS', value: 'x' }] }],
      }),
    });
    expect(badFilter.status).toBe(400);
  });
});

describe('vanguard.ofx (one CUSIP listed twice)', () => {
  it('keeps both lines, and a re-import replaces them line for line', async () => {
    const first = await load('vanguard.ofx');
    expect(first).toMatchObject({ added: 1, positions: 2 });
    const accountId = first.accounts[0]!.linked_account_id;
    const page = await positions(owner, { linked_account_id: accountId });
    expect(page.data.map((row) => row.value).sort()).toEqual(['10200', '14279.72']);
    const again = await load('vanguard.ofx', { connector_id: first.connector_id });
    expect(again).toMatchObject({ added: 0, skipped_duplicate: 1 });
    expect(again.accounts[0]!.positions).toEqual({ added: 0, replaced: 2 });
    expect((await positions(owner, { linked_account_id: accountId })).total).toBe(2);
  });
});

describe('a QIF investment list (no ids: the exact match)', () => {
  // Two equal buys on one day (two trades, both kept) and a dividend; QIF writes amounts unsigned and the
  // action signs them: a buy takes 1,057.95 out.
  const qif = new TextEncoder().encode(
    [
      '!Type:Invst',
      ...['D1/5/2024', 'NBuy', 'YACME Corp', 'I10.5', 'Q100', 'T1,057.95', '^'],
      ...['D1/5/2024', 'NBuy', 'YACME Corp', 'I10.5', 'Q100', 'T1,057.95', '^'],
      ...['D2/1/2024', 'NDiv', 'YACME Corp', 'T12.34', '^'],
      '',
    ].join('\n'),
  );

  it('stores the three trades, and the same file again adds none of them', async () => {
    const first = await load('broker.qif', { loader: 'qif' }, qif);
    expect(first).toMatchObject({ added: 3, skipped_duplicate: 0, failed: 0, securities: 1 });
    const accountId = first.accounts[0]!.linked_account_id;
    const response = await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${repositoryId}&linked_account_id=${accountId}`,
    );
    const rows = response.json().data as Record<string, string | null>[];
    expect(cents(rows.map((row) => row.amount))).toBe(-105_795 * 2 + 1_234);
    expect(rows.filter((row) => row.investment_kind === 'buy').map((row) => row.quantity)).toEqual([
      '100',
      '100',
    ]);
    const again = await load('broker.qif', { loader: 'qif', connector_id: first.connector_id }, qif);
    expect(again).toMatchObject({ added: 0, skipped_duplicate: 3 });
  });
});

describe('access', () => {
  it('a read-only member reads the list and a position', async () => {
    const page = await positions(reader, { page_size: '1' });
    expect(page.status, page.body).toBe(200);
    const detail = await reader.call('GET', `/api/linked_data/positions/${page.data[0]!.id}`);
    expect(detail.statusCode).toBe(200);
  });

  it('no other repository sees them: a stranger gets 404, another repository lists none', async () => {
    const page = await positions(owner, { page_size: '1' });
    const id = page.data[0]!.id;
    expect((await positions(stranger, {})).status).toBe(404);
    expect((await stranger.call('GET', `/api/linked_data/positions/${id}`)).statusCode).toBe(404);
    const elsewhere = await owner.call(
      'GET',
      `/api/linked_data/positions/${id}?repository_id=${otherRepositoryId}`,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Linked position not found');
    const otherList = await owner.call(
      'GET',
      `/api/linked_data/positions?repository_id=${otherRepositoryId}&filters=${encodeURIComponent(ALL)}`,
    );
    expect(otherList.json().meta.total).toBe(0);
  });
});
