import { LINKED_AUTHORIZATION_MESSAGES } from '@strata/contracts/linked-authorizations';
import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../../tasks/testing/tasks-test-app.ts';
import { startArchServer, type TArchClient, type TArchServer } from './testing/arch-protocol-server.ts';
import { answerRecorder, everyStoredRow, waitForTask } from './testing/connector-test-kit.ts';

const LOGIN_REQUIRED = 'Login required: reconnect this connector to the fund platform';

// Arch against a local server modelled on its public API docs (testing/arch-protocol-server.ts, with the
// assumptions arch-provider.ts states). Pages of two rows, so every list is read over several pages.

let t: TIdentityTestApp;
let arch: TArchServer;
let owner: TTestUser;
let reader: TTestUser;
let home: string;
let client: TArchClient;
const { answers, recorded } = answerRecorder();

async function archSync(body: Record<string, unknown>) {
  return recorded(owner)('POST', '/api/linked_data/arch_sync', { repository_id: home, ...body });
}

async function transactions() {
  const page = (
    await recorded(owner)('GET', `/api/linked_data/transactions?repository_id=${home}&page_size=100`)
  ).json() as {
    data: {
      fitid: string;
      amount: string;
      date: string;
      category: string;
      subcategory: string;
      account_name: string;
    }[];
  };
  return page.data
    .map((row) => [row.fitid, row.account_name, row.date, row.amount, row.category, row.subcategory])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

beforeAll(async () => {
  arch = await startArchServer({ pageSize: 2 });
  t = await createTasksTestApp({
    isWorker: true,
    env: {
      ARCH_ENABLED: 'true',
      ARCH_BASE_URL: arch.url,
      CONNECTOR_SECRETS_KEY: Buffer.alloc(32, 11).toString('hex'),
      PROVIDER_RETRIES: '2',
      PROVIDER_RETRY_BASE_MS: '1',
      PROVIDER_RETRY_MAX_MS: '5',
    },
  });
  owner = await createTestUser(t, 'arch-owner@example.com');
  reader = await createTestUser(t, 'arch-reader@example.com');
  home = await createRepositoryAs(owner, 'Arch home');
  client = arch.addClient({
    holdings: [
      {
        id: 'h-1',
        account: { id: 'ent-1', name: 'Family LLC' },
        investment: { id: 'inv-gf3', name: 'Growth Fund III', asset_class: 'private_equity' },
        currency: 'USD',
        commitment: '1000000.00',
        contributed: '400000.00',
        distributed: '50000.00',
        nav: '460000.00',
        nav_date: '2026-09-30',
      },
      {
        id: 'h-2',
        account: { id: 'ent-1', name: 'Family LLC' },
        investment: { id: 'inv-ca', name: 'Credit Alpha', asset_class: 'private_credit' },
        currency: 'USD',
        commitment: '250000',
        contributed: '0',
        nav: '0',
        nav_date: '2026-09-30',
      },
      {
        id: 'h-3',
        account: { id: 'ent-2', name: 'Trust' },
        investment: { id: 'inv-gf3', name: 'Growth Fund III' },
        currency: 'USD',
        contributed: '100000',
        nav: '125000.50',
        nav_date: '2026-09-30',
      },
    ],
    activities: [
      {
        id: 'a-1',
        holding_id: 'h-1',
        type: 'commitment',
        date: '2024-01-15',
        amount: '1000000.00',
        currency: 'USD',
      },
      {
        id: 'a-2',
        holding_id: 'h-1',
        type: 'capital_call',
        date: '2024-03-20',
        amount: '400000.00',
        currency: 'USD',
        description: 'Capital call #1',
      },
      {
        id: 'a-3',
        holding_id: 'h-1',
        type: 'return_of_capital',
        date: '2026-06-30',
        amount: '50000',
        currency: 'USD',
      },
      {
        id: 'a-4',
        holding_id: 'h-3',
        type: 'distribution',
        date: '2026-09-15',
        amount: '1250.25',
        currency: 'USD',
      },
      { id: 'a-5', holding_id: 'h-3', type: 'fee', date: '2026-09-30', amount: '-300', currency: 'USD' },
    ],
  });
  const invite = await owner.call('POST', '/api/invites', {
    email: reader.email,
    access_type: 1,
    repository_id: home,
  });
  await reader.call('PUT', `/api/invites/${invite.json().id}/accept`);
});
afterAll(async () => {
  await t?.close();
  await arch?.close();
});

describe('Arch', () => {
  let connectorId: string;

  it('wrong credentials are refused and nothing is made; a reader may not link', async () => {
    const wrong = await archSync({ client_id: client.clientId, client_secret: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(LINKED_AUTHORIZATION_MESSAGES.ARCH_REFUSED);
    const byReader = await reader.call('POST', '/api/linked_data/arch_sync', {
      repository_id: home,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    expect(byReader.statusCode).toBe(403);
    expect(await t.app.db.selectFrom('connectors').select('id').execute()).toEqual([]);
  });

  it('arch_sync answers a task that reads holdings and activities over pages (after a 429 and a 502)', async () => {
    arch.failNext(
      '/v1/activities',
      { status: 429, body: '{"error":"rate_limited"}', headers: { 'Retry-After': '0' } },
      { status: 502, body: 'Bad Gateway' },
    );
    const started = await archSync({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      name: 'Funds',
    });
    expect(started.statusCode, started.body).toBe(200);
    connectorId = started.json().connector_id;
    const task = await waitForTask(owner, started.json().task_id);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 5, failed: 0, positions: { added: 3, replaced: 0 } });
    expect(
      arch.calls.filter((call) => call.path === '/v1/holdings').map((call) => call.query.page),
    ).toContain('2');

    expect(await transactions()).toEqual([
      ['a-1', 'Family LLC', '2024-01-15', '1000000', 'subscribe and commit', 'commitment'],
      ['a-2', 'Family LLC', '2024-03-20', '-400000', 'capital call', 'capital_call'],
      ['a-3', 'Family LLC', '2026-06-30', '50000', 'capital return', 'return_of_capital'],
      ['a-4', 'Trust', '2026-09-15', '1250.25', 'cash dividend', 'distribution'],
      ['a-5', 'Trust', '2026-09-30', '-300', 'fund fees', 'fee'],
    ]);
    // Credit Alpha, committed but not called yet, is a position of no units: the list leaves those out.
    const positions = (
      await recorded(owner)('GET', `/api/linked_data/positions?repository_id=${home}&page_size=100`)
    ).json().data as Record<string, unknown>[];
    expect(
      positions
        .map((row) => [
          row.account_name,
          row.unique_id,
          row.id_type,
          row.quantity,
          row.price,
          row.value,
          row.as_of_date,
        ])
        .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
    ).toEqual([
      ['Family LLC', 'inv-gf3', 'arch', '400000', '1.15', '460000', '2026-09-30'],
      ['Trust', 'inv-gf3', 'arch', '100000', '1.250005', '125000.5', '2026-09-30'],
    ]);
    const accounts = (
      await recorded(owner)(
        'GET',
        `/api/linked_data/accounts?repository_id=${home}&connector_id=${connectorId}`,
      )
    ).json();
    expect(accounts.map((one: { name: string; type: string }) => [one.name, one.type]).sort()).toEqual([
      ['Family LLC', 'private fund'],
      ['Trust', 'private fund'],
    ]);
  });

  it('the client secret is in no table, answer or log line; nor the client id or a token', async () => {
    const secrets = [client.clientSecret, client.clientId, ...arch.issuedTokens];
    for (const { table, rows } of await everyStoredRow(t.app.db))
      for (const row of rows) for (const secret of secrets) expect(row, table).not.toContain(secret);
    const logs = JSON.stringify(t.logs);
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      for (const body of answers) expect(body).not.toContain(secret);
    }
  });

  it('arch_sync again with the same client syncs the same connector; activities since 45 days before the last', async () => {
    client.activities.push({
      id: 'a-6',
      holding_id: 'h-1',
      type: 'capital_call',
      date: new Date().toISOString().slice(0, 10),
      amount: '100000',
      currency: 'USD',
    });
    const again = await archSync({ client_id: client.clientId, client_secret: client.clientSecret });
    expect(again.statusCode).toBe(200);
    expect(again.json().connector_id).toBe(connectorId);
    const task = await waitForTask(owner, again.json().task_id);
    expect(task.result).toMatchObject({ added: 1, positions: { added: 0, replaced: 3 } });
    const since = arch.calls.filter((call) => call.path === '/v1/activities').at(-1)?.query.since;
    const expected = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
    expect(since).toBe(expected);
    expect(
      (await recorded(owner)('GET', `/api/linked_data/connectors?repository_id=${home}`)).json(),
    ).toHaveLength(1);
  });

  it('a malformed holdings page fails the sync with a clear error and writes nothing', async () => {
    const before = await transactions();
    client.activities.push({
      id: 'a-7',
      holding_id: 'h-1',
      type: 'distribution',
      date: '2026-11-01',
      amount: '5',
      currency: 'USD',
    });
    arch.failNext('/v1/holdings', 'pass', {
      status: 200,
      body: '{"data": [{"id": "h-3"}], "next_page": null}',
    });
    const started = await recorded(owner)('POST', `/api/linked_data/connectors/${connectorId}/sync`);
    const task = await waitForTask(owner, started.json().task_id);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(`${LINKED_PROVIDER_MESSAGES.MALFORMED} (Arch /v1/holdings)`);
    expect(await transactions()).toEqual(before);
  });

  it("a client revoked at Arch: 'login required' on the connector", async () => {
    client.revoked = true;
    const started = await recorded(owner)('POST', `/api/linked_data/connectors/${connectorId}/sync`);
    const task = await waitForTask(owner, started.json().task_id);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(LOGIN_REQUIRED);
    const [connector] = (
      await recorded(owner)('GET', `/api/linked_data/connectors?repository_id=${home}`)
    ).json();
    expect(connector).toMatchObject({
      status: 'failed',
      status_message: LOGIN_REQUIRED,
    });
  });
});
