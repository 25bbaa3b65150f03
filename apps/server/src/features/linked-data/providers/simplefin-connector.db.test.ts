import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../../tasks/testing/tasks-test-app.ts';
import { everyStoredRow, waitForTask } from './testing/connector-test-kit.ts';
import {
  startSimplefinServer,
  type TSimplefinAccount,
  type TSimplefinServer,
  type TSimplefinUser,
} from './testing/simplefin-protocol-server.ts';

const LOGIN_REQUIRED = 'Login required: reconnect this connector to the bank';

// SimpleFIN against a local bridge speaking protocol 1.0 (testing/simplefin-protocol-server.ts). The bridge
// filters by start-date as the protocol says, so the transactions are dated from today (a run next year
// still finds them inside the first fetch's 90 days); each row's expected day is its own posted time's.

const DAY = 86_400;
const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
const at = (daysAgo: number) => today - daysAgo * DAY + 12 * 3600;
const isoDay = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

let t: TIdentityTestApp;
let bridge: TSimplefinServer;
let owner: TTestUser;
let home: string;

function account(): TSimplefinAccount {
  return {
    id: 'ACT-1',
    name: 'SimpleFIN Savings',
    currency: 'USD',
    balance: '100.23',
    'balance-date': at(0),
    org: {
      domain: 'fakebank.example',
      name: 'Bank of Fakes',
      'sfin-url': 'https://bridge.example/simplefin',
    },
    transactions: [
      {
        id: 'TRN-1',
        posted: at(7),
        amount: '-33.29',
        description: 'Fishing bait',
        payee: "John's Fishin Shack",
      },
      { id: 'TRN-2', posted: at(6), amount: '1000.00', description: 'Paycheck', payee: 'Acme Corp' },
      {
        id: 'TRN-3',
        posted: 0,
        transacted_at: at(3),
        amount: '-12.00',
        description: 'Coffee',
        pending: true,
      },
      // Older than the first fetch's 90 days: the bridge leaves it out.
      { id: 'TRN-OLD', posted: at(200), amount: '-1.00', description: 'Long ago' },
    ],
  };
}

async function syncNow(connectorId: string) {
  const started = await owner.call('POST', `/api/linked_data/connectors/${connectorId}/sync`);
  expect(started.statusCode, started.body).toBe(200);
  return waitForTask(owner, started.json().task_id);
}

async function rowsOf(connectorId: string) {
  const [linked] = (
    await owner.call('GET', `/api/linked_data/accounts?repository_id=${home}&connector_id=${connectorId}`)
  ).json() as { id: string }[];
  const page = (
    await owner.call(
      'GET',
      `/api/linked_data/transactions?repository_id=${home}&linked_account_id=${linked?.id}&page_size=100`,
    )
  ).json() as {
    data: { fitid: string; amount: string; status: string; date: string; counterparty: string }[];
  };
  return page.data
    .map((row) => ({
      fitid: row.fitid,
      amount: row.amount,
      status: row.status,
      date: row.date,
      counterparty: row.counterparty,
    }))
    .sort((a, b) => a.fitid.localeCompare(b.fitid));
}

async function lastEvent(connectorId: string) {
  const [linked] = (
    await owner.call('GET', `/api/linked_data/accounts?repository_id=${home}&connector_id=${connectorId}`)
  ).json() as { id: string }[];
  return (await owner.call('GET', `/api/linked_data/accounts/${linked?.id}/sync_events`)).json()[0];
}

beforeAll(async () => {
  bridge = await startSimplefinServer();
  t = await createTasksTestApp({
    isWorker: true,
    env: {
      SIMPLEFIN_ENABLED: 'true',
      SIMPLEFIN_ALLOW_HTTP: 'true',
      CONNECTOR_SECRETS_KEY: Buffer.alloc(32, 5).toString('hex'),
      PROVIDER_RETRIES: '1',
      PROVIDER_RETRY_BASE_MS: '1',
      PROVIDER_RETRY_MAX_MS: '5',
    },
  });
  owner = await createTestUser(t, 'simplefin-owner@example.com');
  home = await createRepositoryAs(owner, 'SimpleFIN home');
});
afterAll(async () => {
  await t?.close();
  await bridge?.close();
});

describe('SimpleFIN', () => {
  let connectorId: string;
  let user: TSimplefinUser;
  let setupToken: string;

  it('claims the setup token once, seals the access URL, and the first sync fetches 90 days with pending', async () => {
    ({ setupToken, user } = bridge.addUser([account()]));
    const made = await owner.call('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'Bank of Fakes',
      access_method: 'simplefin',
      setup_token: setupToken,
    });
    expect(made.statusCode, made.body).toBe(201);
    connectorId = made.json().id;
    const task = await waitForTask(owner, made.json().task_id);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 3, updated: 0, removed: 0, skipped_duplicate: 0, failed: 0 });
    const fetch = bridge.calls.filter((call) => call.query['start-date'] !== undefined).at(-1);
    expect(fetch?.query.pending).toBe('1');
    const start = Number(fetch?.query['start-date']);
    // 90 days before the sync (which ran after `today` began).
    expect(start).toBeGreaterThanOrEqual(today - 90 * DAY);
    expect(start).toBeLessThan(today - 89 * DAY);

    expect(await rowsOf(connectorId)).toEqual([
      {
        fitid: 'TRN-1',
        amount: '-33.29',
        status: 'posted',
        date: isoDay(at(7)),
        counterparty: "John's Fishin Shack",
      },
      { fitid: 'TRN-2', amount: '1000', status: 'posted', date: isoDay(at(6)), counterparty: 'Acme Corp' },
      { fitid: 'TRN-3', amount: '-12', status: 'pending', date: isoDay(at(3)), counterparty: null },
    ]);
    const [linked] = (
      await owner.call('GET', `/api/linked_data/accounts?repository_id=${home}&connector_id=${connectorId}`)
    ).json();
    expect(linked).toMatchObject({
      external_id: 'ACT-1',
      name: 'SimpleFIN Savings',
      type: 'Bank of Fakes',
      currency: 'USD',
    });
  });

  it('a setup token claimed twice is refused, nothing made', async () => {
    const again = await owner.call('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'Again',
      access_method: 'simplefin',
      setup_token: setupToken,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'The provider refused the link: try connecting again: This setup token was already claimed or is not valid: make a new one at your SimpleFIN bridge',
    );
    const garbage = await owner.call('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'Garbage',
      access_method: 'simplefin',
      setup_token: '!!!',
    });
    expect(garbage.statusCode).toBe(400);
    const names = (await owner.call('GET', `/api/linked_data/connectors?repository_id=${home}`))
      .json()
      .map((c: { name: string }) => c.name);
    expect(names).toEqual(['Bank of Fakes']);
  });

  it('the database holds neither the access URL nor its password in clear', async () => {
    for (const { table, rows } of await everyStoredRow(t.app.db))
      for (const row of rows) expect(row, table).not.toContain(user.password);
    expect(JSON.stringify(t.logs)).not.toContain(user.password);
  });

  it('the next sync goes back 14 days from the last; the pending row posted is updated, the rest skipped; bridge errors are told', async () => {
    const { cursor } = await t.app.db
      .selectFrom('provider_connections')
      .select('cursor')
      .where('connector_id', '=', connectorId)
      .executeTakeFirstOrThrow();
    const pending = user.accounts[0]?.transactions.find((row) => row.id === 'TRN-3');
    Object.assign(pending as object, { posted: at(2), pending: false, amount: '-12.50' });
    user.errors = ['Connection to Bank of Fakes may need attention'];
    const task = await syncNow(connectorId);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 0, updated: 1, skipped_duplicate: 2 });
    expect(Number(bridge.calls.at(-1)?.query['start-date'])).toBe(Number(cursor) - 14 * DAY);
    expect((await rowsOf(connectorId)).find((row) => row.fitid === 'TRN-3')).toEqual({
      fitid: 'TRN-3',
      amount: '-12.5',
      status: 'posted',
      date: isoDay(at(2)),
      counterparty: null,
    });
    expect(await lastEvent(connectorId)).toMatchObject({
      result: 'success',
      updated: 1,
      skipped_duplicate: 2,
      message: 'Connection to Bank of Fakes may need attention',
    });
    user.errors = [];
  });

  it('a malformed Account Set fails the sync and writes nothing', async () => {
    const before = await rowsOf(connectorId);
    user.accounts[0]?.transactions.push({ id: 'TRN-4', posted: at(1), amount: '-5.00', description: 'Bus' });
    bridge.failNext('pass', { status: 200, body: '{"errors": [], "accounts": [{"id": 1}]}' });
    const task = await syncNow(connectorId);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(`${LINKED_PROVIDER_MESSAGES.MALFORMED} (SimpleFIN /accounts)`);
    expect(await rowsOf(connectorId)).toEqual(before);
    const next = await syncNow(connectorId);
    expect(next.result).toMatchObject({ added: 1 });
  });

  it("access revoked at the bridge (403): 'login required' on the connector and its account", async () => {
    user.revoked = true;
    const task = await syncNow(connectorId);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(LOGIN_REQUIRED);
    const connector = (
      await owner.call('GET', `/api/linked_data/connectors?repository_id=${home}`)
    ).json()[0];
    expect(connector).toMatchObject({
      status: 'failed',
      status_message: LOGIN_REQUIRED,
    });
    expect(await lastEvent(connectorId)).toMatchObject({ result: 'login_required' });
  });

  it('SimpleFIN has no Link overlay: the access token route is Plaid’s', async () => {
    const answer = await owner.call('GET', `/api/linked_data/access_token?repository_id=${home}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Connector not available');
  });
});
