import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TIdentityTestApp } from '../../auth/testing/identity-test-app.ts';
import {
  createAssetAs,
  createRepositoryAs,
  createTestUser,
  shareRepository,
  type TTestUser,
  tagLookupAs,
} from '../../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../../tasks/testing/tasks-test-app.ts';
import { createSecretBox } from './secret-box.ts';
import { answerRecorder, everyStoredRow, waitForTask } from './testing/connector-test-kit.ts';
import {
  PLAID_ERRORS,
  startPlaidServer,
  type TPlaidItem,
  type TPlaidServer,
} from './testing/plaid-protocol-server.ts';

const LOGIN_REQUIRED = 'Login required: reconnect this connector to the bank';

// Plaid through the official SDK against a local Plaid speaking API version 2020-09-14 (testing/plaid-protocol-server.ts).
// Every expected value below is worked out by hand from the transactions the test gives that server.

const KEY = Buffer.alloc(32, 7).toString('base64');
/** The key before a rotation, still listed so the rows it sealed open. */
const OLD_KEY = Buffer.alloc(32, 9);

let t: TIdentityTestApp;
let plaid: TPlaidServer;
let owner: TTestUser;
let reader: TTestUser;
let home: string;
/** Every API answer body of the test, to show that none carries the access token. */
const { answers, recorded } = answerRecorder();

const ACCOUNTS = [
  {
    account_id: 'acc-chk',
    name: 'Plaid Checking',
    official_name: 'Plaid Gold Standard 0% Interest Checking',
    mask: '0000',
    type: 'depository',
    subtype: 'checking',
    balances: { available: 100, current: 110, iso_currency_code: 'USD', unofficial_currency_code: null },
  },
  {
    account_id: 'acc-sav',
    name: 'Plaid Saving',
    mask: '1111',
    type: 'depository',
    subtype: 'savings',
    balances: { available: 200, current: 210, iso_currency_code: 'USD', unofficial_currency_code: null },
  },
];

function tx(
  id: string,
  account: string,
  amount: number,
  date: string,
  name: string,
  extra: Record<string, unknown> = {},
) {
  return {
    transaction_id: id,
    account_id: account,
    amount,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    date,
    name,
    merchant_name: null,
    pending: false,
    pending_transaction_id: null,
    personal_finance_category: { primary: 'GENERAL_MERCHANDISE', detailed: 'GENERAL_MERCHANDISE_OTHER' },
    ...extra,
  };
}

/** Two pages: the first sync's /transactions/sync answers has_more on the first. */
const FIRST_PAGES = [
  {
    added: [
      tx('t1', 'acc-chk', 6.33, '2026-11-20', 'Uber 072515 SF**POOL**', { merchant_name: 'Uber' }),
      tx('t2', 'acc-chk', -500, '2026-11-21', 'PAYROLL'),
      tx('t3', 'acc-chk', 12.5, '2026-11-24', 'Starbucks', { merchant_name: 'Starbucks', pending: true }),
      tx('t4', 'acc-sav', 25, '2026-11-22', 'Transfer to checking'),
    ],
  },
  { added: [tx('t5', 'acc-sav', -4.33, '2026-11-23', 'Interest')] },
];

async function accountsOf(connectorId: string) {
  const list = (
    await recorded(owner)(
      'GET',
      `/api/linked_data/accounts?repository_id=${home}&connector_id=${connectorId}`,
    )
  ).json() as {
    id: string;
    external_id: string;
    name: string;
    number: string;
    type: string;
    currency: string;
    transactions_count: number;
  }[];
  return Object.fromEntries(list.map((account) => [account.external_id, account]));
}

async function rowsOf(linkedAccountId: string) {
  const page = (
    await recorded(owner)(
      'GET',
      `/api/linked_data/transactions?repository_id=${home}&linked_account_id=${linkedAccountId}&page_size=100`,
    )
  ).json() as {
    data: { fitid: string; amount: string; status: string; description: string; date: string }[];
  };
  return page.data
    .map((row) => ({
      fitid: row.fitid,
      amount: row.amount,
      status: row.status,
      date: row.date,
      description: row.description,
    }))
    .sort((a, b) => a.fitid.localeCompare(b.fitid));
}

async function eventsOf(linkedAccountId: string) {
  return (
    await recorded(owner)('GET', `/api/linked_data/accounts/${linkedAccountId}/sync_events`)
  ).json() as {
    result: string;
    added: number;
    updated: number;
    removed: number;
    skipped_duplicate: number;
    failed: number;
    message: string | null;
  }[];
}

async function syncNow(connectorId: string) {
  const started = await recorded(owner)('POST', `/api/linked_data/connectors/${connectorId}/sync`);
  expect(started.statusCode, started.body).toBe(200);
  return waitForTask(owner, started.json().task_id);
}

beforeAll(async () => {
  plaid = await startPlaidServer();
  t = await createTasksTestApp({
    isWorker: true,
    env: {
      PLAID_CLIENT_ID: plaid.clientId,
      PLAID_SECRET: plaid.secret,
      PLAID_BASE_URL: plaid.url,
      CONNECTOR_SECRETS_KEY: KEY,
      CONNECTOR_SECRETS_KEY_ID: 'test-key-1',
      CONNECTOR_SECRETS_PREVIOUS_KEYS: `old-key:${OLD_KEY.toString('hex')}`,
      PROVIDER_RETRIES: '2',
      PROVIDER_RETRY_BASE_MS: '1',
      PROVIDER_RETRY_MAX_MS: '5',
    },
  });
  owner = await createTestUser(t, 'plaid-owner@example.com');
  reader = await createTestUser(t, 'plaid-reader@example.com');
  home = await createRepositoryAs(owner, 'Plaid home');
  await shareRepository(owner, reader, home, 1);
});
afterAll(async () => {
  await t?.close();
  await plaid?.close();
});

describe('Plaid: providers and the Link token', () => {
  it('lists Plaid as available (SimpleFIN, GoCardless, Arch and the cap table are not configured here)', async () => {
    const listed = await recorded(owner)('GET', '/api/linked_data/providers');
    expect(listed.json()).toEqual([
      { id: 'plaid', name: 'Plaid', available: true, flow: 'overlay', logo: '/connector-logos/plaid.svg' },
      {
        id: 'simplefin',
        name: 'SimpleFIN',
        available: false,
        flow: 'token',
        logo: '/connector-logos/simplefin.svg',
      },
      {
        id: 'gocardless',
        name: 'GoCardless',
        available: false,
        flow: 'redirect',
        logo: '/connector-logos/gocardless.svg',
      },
      { id: 'arch', name: 'Arch', available: false, flow: 'credentials', logo: '/connector-logos/arch.svg' },
      {
        id: 'cap_table',
        name: 'Carta',
        available: false,
        flow: 'redirect',
        logo: '/connector-logos/cap-table.svg',
      },
      {
        id: 'kraken',
        name: 'Kraken',
        available: false,
        flow: 'credentials',
        logo: '/connector-logos/kraken.svg',
      },
    ]);
    const refused = await recorded(owner)('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'My SimpleFIN',
      access_method: 'simplefin',
      setup_token: 'aHR0cHM6Ly9icmlkZ2UvY2xhaW0vMQ==',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Connector not available');
  });

  it('GET linked_data/access_token answers a link token and the Link url; writers only', async () => {
    const answer = await recorded(owner)('GET', `/api/linked_data/access_token?repository_id=${home}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().token).toMatch(/^link-sandbox-/);
    expect(answer.json().url).toBe('https://cdn.plaid.com/link/v2/stable/link-initialize.js');
    expect(answer.json().expiration).toBe('2026-11-27T14:00:00Z');
    const call = plaid.callsTo('/link/token/create').at(-1);
    expect(call?.plaidVersion).toBe('2020-09-14');
    expect(call?.body).toMatchObject({
      client_name: 'Strata',
      user: { client_user_id: owner.id },
      country_codes: ['US'],
      products: ['transactions'],
      language: 'en',
    });
    expect(
      (await recorded(reader)('GET', `/api/linked_data/access_token?repository_id=${home}`)).statusCode,
    ).toBe(403);
  });

  it("a refused link token is 'Error while getting Plaid token'", async () => {
    plaid.failNext('/link/token/create', {
      status: 400,
      body: {
        error_type: 'INVALID_REQUEST',
        error_code: 'INVALID_FIELD',
        error_message: 'client_name must be set',
        request_id: 'r',
      },
    });
    const answer = await recorded(owner)('GET', `/api/linked_data/access_token?repository_id=${home}`);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toBe('Error while getting Plaid token');
    // Plaid down past the retries: the same message.
    plaid.failNext(
      '/link/token/create',
      PLAID_ERRORS.internal(),
      PLAID_ERRORS.internal(),
      PLAID_ERRORS.internal(),
    );
    const down = await recorded(owner)('GET', `/api/linked_data/access_token?repository_id=${home}`);
    expect(down.json().message).toBe(LINKED_PROVIDER_MESSAGES.PLAID_TOKEN_ERROR);
  });

  it('a connector needs the public token, and a bad one is refused with nothing made', async () => {
    const without = await recorded(owner)('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'Bank',
      access_method: 'plaid',
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(LINKED_PROVIDER_MESSAGES.PUBLIC_TOKEN_REQUIRED);
    const bad = await recorded(owner)('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'Bank',
      access_method: 'plaid',
      public_token: 'public-sandbox-unknown',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'The provider refused the link: try connecting again: Plaid: provided public token is in an invalid format (INVALID_PUBLIC_TOKEN)',
    );
    const listed = (await recorded(owner)('GET', `/api/linked_data/connectors?repository_id=${home}`)).json();
    expect(listed).toEqual([]);
  });
});

describe('Plaid: linking and syncing', () => {
  let connectorId: string;
  let item: TPlaidItem;
  let checking: string;
  let savings: string;

  it('exchanges the public token, seals the access token, and the first sync pages through /transactions/sync (after a 429 and a 500)', async () => {
    const added = plaid.addItem({ accounts: ACCOUNTS, pages: structuredClone(FIRST_PAGES) });
    item = added.item;
    plaid.failNext('/transactions/sync', PLAID_ERRORS.rateLimit('0'), PLAID_ERRORS.internal());
    const made = await recorded(owner)('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'First Platypus Bank',
      access_method: 'plaid',
      public_token: added.publicToken,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      name: 'First Platypus Bank',
      access_method: 'plaid',
      status: 'pending',
      // Linked seed §2: the known source's logo for 'Powered by', from our own origin.
      logo: '/connector-logos/plaid.svg',
    });
    connectorId = made.json().id;
    const task = await waitForTask(owner, made.json().task_id);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 5, updated: 0, removed: 0, skipped_duplicate: 0, failed: 0 });
    // Two refused calls retried, then the two pages.
    expect(plaid.callsTo('/transactions/sync').map((call) => call.body.cursor ?? null)).toEqual([
      null,
      null,
      null,
      'c1',
    ]);
    expect(plaid.callsTo('/transactions/sync')[0]?.body.access_token).toBe(item.accessToken);

    const accounts = await accountsOf(connectorId);
    expect(accounts['acc-chk']).toMatchObject({
      name: 'Plaid Checking',
      number: '0000',
      type: 'checking',
      currency: 'USD',
      transactions_count: 3,
    });
    expect(accounts['acc-sav']).toMatchObject({
      name: 'Plaid Saving',
      number: '1111',
      type: 'savings',
      transactions_count: 2,
    });
    checking = accounts['acc-chk']?.id as string;
    savings = accounts['acc-sav']?.id as string;
    // Plaid's positive amounts leave the account: here they are negative.
    expect(await rowsOf(checking)).toEqual([
      {
        fitid: 't1',
        amount: '-6.33',
        status: 'posted',
        date: '2026-11-20',
        description: 'Uber 072515 SF**POOL**',
      },
      { fitid: 't2', amount: '500', status: 'posted', date: '2026-11-21', description: 'PAYROLL' },
      { fitid: 't3', amount: '-12.5', status: 'pending', date: '2026-11-24', description: 'Starbucks' },
    ]);
    expect(await rowsOf(savings)).toEqual([
      {
        fitid: 't4',
        amount: '-25',
        status: 'posted',
        date: '2026-11-22',
        description: 'Transfer to checking',
      },
      { fitid: 't5', amount: '4.33', status: 'posted', date: '2026-11-23', description: 'Interest' },
    ]);
    expect((await eventsOf(checking))[0]).toMatchObject({
      result: 'success',
      added: 3,
      updated: 0,
      removed: 0,
      failed: 0,
    });
    const connector = (
      await recorded(owner)('GET', `/api/linked_data/connectors?repository_id=${home}`)
    ).json()[0];
    expect(connector).toMatchObject({
      status: 'ok',
      status_message: null,
      access_method: 'plaid',
      source: 'plaid',
    });
  });

  it('the database holds the token sealed (AES-256-GCM, key id kept), never in clear; answers and logs never carry it', async () => {
    const sealed = await t.app.db
      .selectFrom('provider_connections')
      .selectAll()
      .where('connector_id', '=', connectorId)
      .executeTakeFirstOrThrow();
    expect(sealed).toMatchObject({
      provider: 'plaid',
      external_id: item.itemId,
      secret_key_id: 'test-key-1',
      cursor: 'c2',
    });
    expect(Buffer.from(sealed.secret_iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(sealed.secret_tag, 'base64')).toHaveLength(16);
    // Every table of every schema (pg-boss's jobs too), as text.
    const stored = await everyStoredRow(t.app.db);
    expect(stored.length).toBeGreaterThan(10);
    for (const { table, rows } of stored) {
      for (const row of rows) {
        expect(row, table).not.toContain(item.accessToken);
        expect(row, table).not.toContain(plaid.secret);
      }
    }
    for (const body of answers) expect(body).not.toContain(item.accessToken);
    const logs = JSON.stringify(t.logs);
    expect(logs).not.toContain(item.accessToken);
    expect(logs).not.toContain(plaid.secret);
  });

  it('the next sync: pending → posted (same row, new id), modified, removed, an unreadable row failed; tags stay', async () => {
    const tags = await recorded(owner)('GET', `/api/linked_data/transaction_tags?repository_id=${home}`);
    const exclude = (tags.json() as { id: string; name: string }[]).find((tag) => tag.name === 'exclude')
      ?.id as string;
    const pendingRow = (
      await recorded(owner)(
        'GET',
        `/api/linked_data/transactions?repository_id=${home}&linked_account_id=${checking}&page_size=100`,
      )
    )
      .json()
      .data.find((row: { fitid: string }) => row.fitid === 't3');
    expect(
      (
        await recorded(owner)('PUT', `/api/linked_data/transactions?repository_id=${home}`, [
          { id: pendingRow.id, add_tags: [exclude] },
        ])
      ).statusCode,
    ).toBe(200);

    item.pages.push({
      added: [
        tx('t3-posted', 'acc-chk', 12.75, '2026-11-25', 'Starbucks', {
          merchant_name: 'Starbucks',
          pending_transaction_id: 't3',
        }),
        { ...tx('t6', 'acc-chk', 1, '2026-11-25', 'Broken'), amount: 'twelve' },
      ],
      modified: [tx('t2', 'acc-chk', -500, '2026-11-21', 'PAYROLL ACME CORP')],
      removed: [
        { transaction_id: 't3', account_id: 'acc-chk' },
        { transaction_id: 't4', account_id: 'acc-sav' },
      ],
    });
    const task = await syncNow(connectorId);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 0, updated: 2, removed: 1, skipped_duplicate: 0, failed: 1 });
    expect(plaid.callsTo('/transactions/sync').at(-1)?.body.cursor).toBe('c2');

    expect(await rowsOf(checking)).toEqual([
      {
        fitid: 't1',
        amount: '-6.33',
        status: 'posted',
        date: '2026-11-20',
        description: 'Uber 072515 SF**POOL**',
      },
      { fitid: 't2', amount: '500', status: 'posted', date: '2026-11-21', description: 'PAYROLL ACME CORP' },
      {
        fitid: 't3-posted',
        amount: '-12.75',
        status: 'posted',
        date: '2026-11-25',
        description: 'Starbucks',
      },
    ]);
    expect(await rowsOf(savings)).toEqual([
      { fitid: 't5', amount: '4.33', status: 'posted', date: '2026-11-23', description: 'Interest' },
    ]);
    // The posted row is the pending one updated: its id and its tag stayed.
    const posted = await recorded(owner)(
      'GET',
      `/api/linked_data/transactions/${pendingRow.id}?repository_id=${home}`,
    );
    expect(posted.json()).toMatchObject({
      fitid: 't3-posted',
      status: 'posted',
      tags: [{ id: exclude, name: 'exclude' }],
    });

    expect((await eventsOf(checking))[0]).toMatchObject({
      result: 'warning',
      added: 0,
      updated: 2,
      removed: 0,
      failed: 1,
      message: 't6: amount: Invalid input: expected number, received string',
    });
    expect((await eventsOf(savings))[0]).toMatchObject({
      result: 'success',
      added: 0,
      updated: 0,
      removed: 1,
      failed: 0,
    });
  });

  it('the pages again from the start (a lost cursor): unchanged rows skipped as duplicates, changed ones updated', async () => {
    await t.app.db
      .updateTable('provider_connections')
      .set({ cursor: 'c0' })
      .where('connector_id', '=', connectorId)
      .execute();
    item.pages.splice(2);
    const task = await syncNow(connectorId);
    expect(task.status, String(task.error)).toBe('succeeded');
    // t1, t2 (changed since: updated back to PAYROLL), t5 unchanged; t3 pending and t4 are gone here, so new again.
    expect(task.result).toMatchObject({ added: 2, updated: 1, removed: 0, skipped_duplicate: 2 });
    // Put the account back as Plaid has it now.
    item.pages.push({
      modified: [tx('t2', 'acc-chk', -500, '2026-11-21', 'PAYROLL ACME CORP')],
      removed: [
        { transaction_id: 't3', account_id: 'acc-chk' },
        { transaction_id: 't4', account_id: 'acc-sav' },
      ],
    });
    const back = await syncNow(connectorId);
    expect(back.result).toMatchObject({ added: 0, updated: 1, removed: 2 });
    expect((await rowsOf(checking)).map((row) => row.fitid)).toEqual(['t1', 't2', 't3-posted']);
  });

  it('a malformed page fails the sync with a clear error and writes nothing, even after a good first page', async () => {
    const before = await rowsOf(checking);
    item.pages.push(
      { added: [tx('t7', 'acc-chk', 3, '2026-11-26', 'Coffee')] },
      { added: [tx('t8', 'acc-chk', 4, '2026-11-26', 'Tea')] },
    );
    plaid.failNext('/transactions/sync', 'pass', {
      status: 200,
      body: null,
      raw: '{"added": "not a list", "has_more": tru',
    });
    const task = await syncNow(connectorId);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(`${LINKED_PROVIDER_MESSAGES.MALFORMED} (Plaid /transactions/sync)`);
    expect(await rowsOf(checking)).toEqual(before);
    const connection = await t.app.db
      .selectFrom('provider_connections')
      .select('cursor')
      .where('connector_id', '=', connectorId)
      .executeTakeFirstOrThrow();
    expect(connection.cursor).toBe('c3');
    const connector = (
      await recorded(owner)('GET', `/api/linked_data/connectors?repository_id=${home}`)
    ).json()[0];
    expect(connector).toMatchObject({ status: 'failed', status_message: task.error });
    expect((await eventsOf(checking))[0]).toMatchObject({ result: 'error', message: task.error });

    // Fixed at Plaid: the next sync starts from the stored cursor and takes both pages.
    const again = await syncNow(connectorId);
    expect(again.result).toMatchObject({ added: 2 });
    expect((await rowsOf(checking)).map((row) => row.fitid)).toEqual(['t1', 't2', 't3-posted', 't7', 't8']);
  });

  it('TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION: the pagination starts again from the stored cursor, nothing twice', async () => {
    item.pages.push(
      { added: [tx('t9', 'acc-sav', 1.5, '2026-11-26', 'Fee')] },
      { added: [tx('t10', 'acc-sav', -2, '2026-11-26', 'Refund')] },
    );
    const cursor = plaid.callsTo('/transactions/sync').length;
    plaid.failNext('/transactions/sync', 'pass', {
      status: 400,
      body: {
        error_type: 'TRANSACTIONS_ERROR',
        error_code: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
        error_message:
          'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
        request_id: 'r',
      },
    });
    const task = await syncNow(connectorId);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 2, skipped_duplicate: 0 });
    expect(
      plaid
        .callsTo('/transactions/sync')
        .slice(cursor)
        .map((call) => call.body.cursor),
    ).toEqual(['c5', 'c6', 'c5', 'c6']);
    expect((await rowsOf(savings)).map((row) => [row.fitid, row.amount])).toEqual([
      ['t10', '2'],
      ['t5', '4.33'],
      ['t9', '-1.5'],
    ]);
  });

  it('within one fetch, a later page wins: added then modified is one row, added then removed is none', async () => {
    item.pages.push(
      {
        added: [tx('t11', 'acc-sav', 3, '2026-11-26', 'ATM'), tx('t12', 'acc-sav', 7, '2026-11-26', 'Book')],
      },
      {
        modified: [tx('t12', 'acc-sav', 7, '2026-11-26', 'Book shop')],
        removed: [{ transaction_id: 't11', account_id: 'acc-sav' }],
      },
    );
    const task = await syncNow(connectorId);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 1, updated: 0, removed: 0, skipped_duplicate: 0 });
    expect((await rowsOf(savings)).filter((row) => row.fitid === 't11' || row.fitid === 't12')).toEqual([
      { fitid: 't12', amount: '-7', status: 'posted', date: '2026-11-26', description: 'Book shop' },
    ]);
  });

  it('5xx past the retries fails the sync; the connector says why', async () => {
    plaid.failNext(
      '/transactions/sync',
      PLAID_ERRORS.internal(),
      PLAID_ERRORS.internal(),
      PLAID_ERRORS.internal(),
    );
    const task = await syncNow(connectorId);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(`${LINKED_PROVIDER_MESSAGES.UNREACHABLE} (Plaid 500 INTERNAL_SERVER_ERROR)`);
    const connector = (
      await recorded(owner)('GET', `/api/linked_data/connectors?repository_id=${home}`)
    ).json()[0];
    expect(connector.status).toBe('failed');
  });

  it("ITEM_LOGIN_REQUIRED: 'login required' on the connector, its events and the mapped account; re-link in update mode, then ok", async () => {
    const tag = await tagLookupAs(owner, home);
    const bank = await createAssetAs(owner, home, {
      type: 'bank account',
      name: 'Checking at Platypus',
      currency: 'USD',
      tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
    });
    expect(
      (await recorded(owner)('PUT', '/api/linked_data/accounts/map', { id: checking, asset_id: bank }))
        .statusCode,
    ).toBe(200);

    item.loginRequired = true;
    const task = await syncNow(connectorId);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(LOGIN_REQUIRED);
    expect((await recorded(owner)('GET', `/api/assets/${bank}`)).json()).toMatchObject({
      linked_account_id: checking,
      connector_status: 'failed',
      connector_status_message: 'Login required: reconnect this connector to the bank',
    });
    expect((await eventsOf(checking))[0]).toMatchObject({
      result: 'login_required',
      message: LOGIN_REQUIRED,
    });
    expect((await eventsOf(savings))[0]).toMatchObject({ result: 'login_required' });

    // Re-link: Link opens in update mode on the item's own token; the user signs in again at the bank.
    const relink = await recorded(owner)(
      'GET',
      `/api/linked_data/access_token?repository_id=${home}&connector_id=${connectorId}`,
    );
    expect(relink.statusCode, relink.body).toBe(200);
    const call = plaid.callsTo('/link/token/create').at(-1);
    expect(call?.body.access_token).toBe(item.accessToken);
    expect(call?.body.products).toBeUndefined();
    item.loginRequired = false;

    const after = await syncNow(connectorId);
    expect(after.status).toBe('succeeded');
    expect((await recorded(owner)('GET', `/api/assets/${bank}`)).json()).toMatchObject({
      connector_status: 'ok',
      connector_status_message: null,
    });
  });

  it('sync now: writers of the home repository only; a file connector is not synced', async () => {
    expect(
      (await recorded(reader)('POST', `/api/linked_data/connectors/${connectorId}/sync`)).statusCode,
    ).toBe(403);
    const file = await recorded(owner)('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'Statements',
      access_method: 'file',
    });
    const refused = await recorded(owner)('POST', `/api/linked_data/connectors/${file.json().id}/sync`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LINKED_PROVIDER_MESSAGES.FILE_CONNECTOR_SYNC);
  });

  it('a token sealed by the previous key (after a rotation) still syncs, and is sealed again with the current key', async () => {
    const old = createSecretBox({ keyId: 'old-key', key: OLD_KEY }).seal(item.accessToken);
    await t.app.db
      .updateTable('provider_connections')
      .set({
        secret_ciphertext: old.ciphertext,
        secret_iv: old.iv,
        secret_tag: old.tag,
        secret_key_id: 'old-key',
      })
      .where('connector_id', '=', connectorId)
      .execute();
    const task = await syncNow(connectorId);
    expect(task.status, String(task.error)).toBe('succeeded');
    const row = await t.app.db
      .selectFrom('provider_connections')
      .selectAll()
      .where('connector_id', '=', connectorId)
      .executeTakeFirstOrThrow();
    expect(row.secret_key_id).toBe('test-key-1');
    expect(row.secret_ciphertext).not.toBe(old.ciphertext);
    const current = createSecretBox({ keyId: 'test-key-1', key: Buffer.from(KEY, 'base64') });
    expect(
      current.open({
        ciphertext: row.secret_ciphertext,
        iv: row.secret_iv,
        tag: row.secret_tag,
        keyId: row.secret_key_id,
      }),
    ).toBe(item.accessToken);
  });

  it('sync now while a sync of the connector is still waiting answers that task', async () => {
    const waiting = await t.app.db
      .insertInto('tasks')
      .values({
        user_id: owner.id,
        type: 'sync_linked_account',
        status: 'waiting',
        repository_id: home,
        payload: JSON.stringify({ provider: 'plaid', connector_id: connectorId, repository_id: home }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = await recorded(owner)('POST', `/api/linked_data/connectors/${connectorId}/sync`);
    expect(answer.json()).toEqual({ task_id: waiting.id });
    await t.app.db.deleteFrom('tasks').where('id', '=', waiting.id).execute();
  });

  it('deleting the connector removes the item at Plaid', async () => {
    const deleted = await recorded(owner)('DELETE', `/api/linked_data/connectors/${connectorId}`);
    expect(deleted.json()).toEqual({ message: 'Connector deleted' });
    expect(plaid.callsTo('/item/remove').at(-1)?.body.access_token).toBe(item.accessToken);
    expect(item.removed).toBe(true);
    expect(
      await t.app.db
        .selectFrom('provider_connections')
        .selectAll()
        .where('connector_id', '=', connectorId)
        .execute(),
    ).toEqual([]);
    for (const body of answers) expect(body).not.toContain(item.accessToken);
    expect(JSON.stringify(t.logs)).not.toContain(item.accessToken);
  });
});

describe('Plaid: a brokerage item', () => {
  it('stores its holdings as linked positions (the sync fetches /investments/holdings/get for investment accounts)', async () => {
    const { publicToken, item } = plaid.addItem({
      accounts: [
        {
          account_id: 'acc-ira',
          name: 'Plaid IRA',
          mask: '5555',
          type: 'investment',
          subtype: 'ira',
          balances: { current: 3587.4845, iso_currency_code: 'USD' },
        },
      ],
    });
    item.holdings = {
      holdings: [
        {
          account_id: 'acc-ira',
          security_id: 'sec-vti',
          quantity: 12.345,
          institution_price: 250.1,
          institution_value: 3087.4845,
          iso_currency_code: 'USD',
          institution_price_as_of: '2026-11-26',
        },
        {
          account_id: 'acc-ira',
          security_id: 'sec-cash',
          quantity: 500,
          institution_price: 1,
          institution_value: 500,
          iso_currency_code: 'USD',
          institution_price_as_of: '2026-11-26',
        },
      ],
      securities: [
        {
          security_id: 'sec-vti',
          name: 'Vanguard Total Stock Market ETF',
          ticker_symbol: 'VTI',
          type: 'etf',
        },
        { security_id: 'sec-cash', name: 'U S Dollar', ticker_symbol: 'CUR:USD', type: 'cash' },
      ],
    };
    // Plaid's /investments/transactions/get rows: a buy (cash out: positive at Plaid) and a dividend.
    item.investmentTransactions = [
      {
        investment_transaction_id: 'inv-buy-1',
        account_id: 'acc-ira',
        security_id: 'sec-vti',
        date: '2026-11-20',
        name: 'BUY Vanguard Total Stock Market ETF',
        quantity: 2,
        amount: 500.2,
        price: 250.1,
        fees: 0,
        type: 'buy',
        subtype: 'buy',
        iso_currency_code: 'USD',
        unofficial_currency_code: null,
      },
      {
        investment_transaction_id: 'inv-div-1',
        account_id: 'acc-ira',
        security_id: 'sec-vti',
        date: '2026-11-24',
        name: 'VTI DIVIDEND',
        quantity: 0,
        amount: -8.91,
        price: 0,
        fees: null,
        type: 'cash',
        subtype: 'dividend',
        iso_currency_code: 'USD',
        unofficial_currency_code: null,
      },
    ];
    const made = await recorded(owner)('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'Platypus Brokerage',
      access_method: 'plaid',
      public_token: publicToken,
    });
    const task = await waitForTask(owner, made.json().task_id);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 2, positions: { added: 2, replaced: 0 } });
    // The investment transactions are linked transactions of the account, in this app's sign.
    const transactions = (
      await recorded(owner)('GET', `/api/linked_data/transactions?repository_id=${home}&page_size=100`)
    ).json().data as Record<string, unknown>[];
    expect(
      transactions
        .filter((row) => row.connector_name === 'Platypus Brokerage')
        .map((row) => [
          row.date,
          row.amount,
          row.category,
          row.subcategory,
          row.counterparty,
          row.description,
        ])
        .sort(),
    ).toEqual([
      ['2026-11-20', '-500.2', 'buy', 'buy', 'VTI', 'BUY Vanguard Total Stock Market ETF'],
      ['2026-11-24', '8.91', 'cash', 'dividend', 'VTI', 'VTI DIVIDEND'],
    ]);
    // The first sync asked for Plaid's two years; both rows in one page of 500.
    const asked = plaid.callsTo('/investments/transactions/get').at(-1)?.body;
    expect(asked?.options).toEqual({ count: 500, offset: 0 });
    const positions = (
      await recorded(owner)('GET', `/api/linked_data/positions?repository_id=${home}&page_size=100`)
    ).json().data as Record<string, unknown>[];
    const mine = positions
      .filter((row) => row.connector_name === 'Platypus Brokerage')
      .map((row) => [
        row.ticker,
        row.security_kind,
        row.id_type,
        row.quantity,
        row.price,
        row.value,
        row.as_of_date,
        row.account_type,
      ]);
    expect(mine.sort()).toEqual([
      ['CUR:USD', 'other', 'plaid', '500', '1', '500', '2026-11-26', 'ira'],
      ['VTI', 'stock', 'plaid', '12.345', '250.1', '3087.4845', '2026-11-26', 'ira'],
    ]);
    // A second sync replaces the day's positions instead of adding them again.
    const again = await syncNow(made.json().id);
    expect(again.result).toMatchObject({
      added: 0,
      skipped_duplicate: 2,
      positions: { added: 0, replaced: 2 },
    });
    expect((await recorded(owner)('DELETE', `/api/linked_data/connectors/${made.json().id}`)).json()).toEqual(
      { message: 'Connector deleted' },
    );
  });
});

describe("Plaid: the seed's 'link account' task", () => {
  it('a new connector is linked by a link_account task whose progress tells the accounts linked before the fetch', async () => {
    const { publicToken } = plaid.addItem({ accounts: structuredClone(ACCOUNTS), pages: [{ added: [] }] });
    // The fetch waits at Plaid, so the task is seen between listing the accounts and fetching.
    const fetch = plaid.holdNext('/transactions/sync');
    const made = await recorded(owner)('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'Linked Platypus',
      access_method: 'plaid',
      public_token: publicToken,
    });
    expect(made.statusCode, made.body).toBe(201);
    const taskId = made.json().task_id as string;
    type TListed = { id: string; type: string; status: string; progress: Record<string, unknown> | null };
    const listedTask = async () =>
      ((await owner.call('GET', '/api/tasks')).json() as TListed[]).find((task) => task.id === taskId);
    await vi.waitFor(
      async () =>
        expect(await listedTask()).toMatchObject({
          type: 'link_account',
          status: 'running',
          progress: { stage: 'linked', provider: 'plaid', accounts: 2 },
        }),
      { timeout: 30_000, interval: 50 },
    );
    // 'Sync now' meanwhile answers the link that is still running, not a second fetch.
    const again = await recorded(owner)('POST', `/api/linked_data/connectors/${made.json().id}/sync`);
    expect(again.json()).toEqual({ task_id: taskId });
    fetch.release();
    const task = await waitForTask(owner, taskId);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ linked_accounts: 2, added: 0, provider: 'plaid' });
    expect(await listedTask()).toMatchObject({ type: 'link_account', progress: { stage: 'written' } });
    // A later sync of the same connector is the 'sync linked account' task again, and tells no link.
    const synced = await recorded(owner)('POST', `/api/linked_data/connectors/${made.json().id}/sync`);
    const later = await waitForTask(owner, synced.json().task_id);
    expect(later.result).not.toHaveProperty('linked_accounts');
    expect(
      ((await owner.call('GET', '/api/tasks')).json() as TListed[]).find(
        (one) => one.id === synced.json().task_id,
      )?.type,
    ).toBe('sync_linked_account');
    await recorded(owner)('DELETE', `/api/linked_data/connectors/${made.json().id}`);
  });
});
