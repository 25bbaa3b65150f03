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
import { answerRecorder, everyStoredRow, waitForTask } from './testing/connector-test-kit.ts';
import {
  startKrakenServer,
  type TKrakenKey,
  type TKrakenLedgerEntry,
  type TKrakenServer,
} from './testing/kraken-protocol-server.ts';

// An exchange's key, not a bank's login (issue #24's wording).
const LOGIN_REQUIRED = 'Login required: reconnect this connector to the exchange';

// Kraken against a local server written from its public REST reference (testing/kraken-protocol-server.ts),
// which refuses a bad signature or a nonce that does not increase. 64 ledger entries: two pages of 50.

let t: TIdentityTestApp;
let kraken: TKrakenServer;
let owner: TTestUser;
let reader: TTestUser;
let home: string;
let key: TKrakenKey;
const { answers, recorded } = answerRecorder();

/** 2026-04-01T00:00:00Z, in seconds. */
const APRIL_FIRST = 1_775_001_600;

async function krakenSync(body: Record<string, unknown>) {
  return recorded(owner)('POST', '/api/linked_data/kraken_sync', { repository_id: home, ...body });
}

async function transactions() {
  const page = (
    await recorded(owner)('GET', `/api/linked_data/transactions?repository_id=${home}&page_size=200`)
  ).json() as {
    data: {
      fitid: string;
      date: string;
      amount: string;
      currency: string;
      category: string;
      subcategory: string | null;
      description: string | null;
    }[];
  };
  return page.data
    .map((row) => [
      row.fitid,
      row.date,
      row.amount,
      row.currency,
      row.category,
      row.subcategory,
      row.description,
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

function staking(): Record<string, TKrakenLedgerEntry> {
  const rows: Record<string, TKrakenLedgerEntry> = {};
  for (let hour = 0; hour < 60; hour += 1)
    rows[`S${String(hour).padStart(2, '0')}`] = {
      refid: `R${hour}`,
      time: APRIL_FIRST + hour * 3600,
      type: 'staking',
      subtype: '',
      aclass: 'currency',
      asset: 'DOT.S',
      amount: '0.1000000000',
      fee: '0.0000000000',
      balance: '0',
    };
  return rows;
}

beforeAll(async () => {
  kraken = await startKrakenServer();
  t = await createTasksTestApp({
    isWorker: true,
    env: {
      KRAKEN_ENABLED: 'true',
      KRAKEN_BASE_URL: kraken.url,
      CONNECTOR_SECRETS_KEY: Buffer.alloc(32, 13).toString('hex'),
      PROVIDER_RETRIES: '2',
      PROVIDER_RETRY_BASE_MS: '1',
      PROVIDER_RETRY_MAX_MS: '5',
    },
  });
  owner = await createTestUser(t, 'kraken-owner@example.com');
  reader = await createTestUser(t, 'kraken-reader@example.com');
  home = await createRepositoryAs(owner, 'Kraken home');
  key = kraken.addKey({
    balances: {
      XXBT: '0.0049000000',
      ZUSD: '498.7000',
      'DOT.S': '6.0000000000',
      XETH: '0.0000000000',
    },
    ledger: {
      L1: {
        refid: 'D1',
        time: 1_768_046_400.1234, // 2026-01-10T12:00Z
        type: 'deposit',
        subtype: '',
        aclass: 'currency',
        asset: 'ZUSD',
        amount: '1000.0000',
        fee: '0.0000',
        balance: '1000.0000',
      },
      L2: {
        refid: 'T1',
        time: 1_769_936_400.5, // 2026-02-01T09:00Z
        type: 'trade',
        subtype: '',
        aclass: 'currency',
        asset: 'ZUSD',
        amount: '-500.0000',
        fee: '1.3000',
        balance: '498.7000',
      },
      L3: {
        refid: 'T1',
        time: 1_769_936_400.5,
        type: 'trade',
        subtype: '',
        aclass: 'currency',
        asset: 'XXBT',
        amount: '0.0100000000',
        fee: '0.0000000000',
        balance: '0.0100000000',
      },
      L4: {
        refid: 'W1',
        time: 1_772_323_200, // 2026-03-01T00:00Z
        type: 'withdrawal',
        subtype: '',
        aclass: 'currency',
        asset: 'XXBT',
        amount: '-0.0050000000',
        fee: '0.0001000000',
        balance: '0.0049000000',
      },
      ...staking(),
    },
    trades: {
      T1: {
        ordertxid: 'O1',
        pair: 'XXBTZUSD',
        time: 1_769_936_400.5,
        type: 'buy',
        ordertype: 'market',
        price: '50000.0',
        cost: '500.0',
        fee: '1.3',
        vol: '0.01000000',
      },
    },
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
  await kraken?.close();
});

describe('Kraken', () => {
  let connectorId: string;

  it('a wrong private key or an unknown key is refused and nothing is made; a reader may not link', async () => {
    const wrongSecret = await krakenSync({
      api_key: key.apiKey,
      api_secret: Buffer.alloc(64, 1).toString('base64'),
    });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toBe(LINKED_AUTHORIZATION_MESSAGES.KRAKEN_REFUSED);
    const unknown = await krakenSync({ api_key: 'not-a-key', api_secret: key.apiSecret });
    expect(unknown.statusCode).toBe(400);
    expect(kraken.calls.map((call) => call.refused)).toEqual(['EAPI:Invalid signature', 'EAPI:Invalid key']);
    const byReader = await reader.call('POST', '/api/linked_data/kraken_sync', {
      repository_id: home,
      api_key: key.apiKey,
      api_secret: key.apiSecret,
    });
    expect(byReader.statusCode).toBe(403);
    expect(await t.app.db.selectFrom('connectors').select('id').execute()).toEqual([]);
  });

  it('kraken_sync answers a task reading the ledger over two pages (after a rate limit) and the balances', async () => {
    kraken.failNext('/0/private/Ledgers', {
      status: 200,
      body: '{"error":["EAPI:Rate limit exceeded"]}',
    });
    kraken.failNext('/0/private/TradesHistory', {
      status: 200,
      body: '{"error":["EGeneral:Too many requests"]}',
    });
    const started = await krakenSync({ api_key: key.apiKey, api_secret: key.apiSecret, name: 'Exchange' });
    expect(started.statusCode, started.body).toBe(200);
    connectorId = started.json().connector_id;
    const task = await waitForTask(owner, started.json().task_id);
    expect(task.status, String(task.error)).toBe('succeeded');
    // 4 entries, 2 fees and 60 staking rewards; 3 balances that are not zero.
    expect(task.result).toMatchObject({ added: 66, failed: 0, positions: { added: 3, replaced: 0 } });

    const ledgerCalls = kraken.calls.filter((call) => call.path === '/0/private/Ledgers');
    // The rate-limited call, its retry, then the second page.
    expect(ledgerCalls.map((call) => call.params)).toEqual([{ ofs: '0' }, { ofs: '0' }, { ofs: '50' }]);
    // Every signed call after the link's two refusals was signed right, with an increasing nonce.
    expect(kraken.calls.slice(2).filter((call) => call.refused !== null)).toEqual([]);

    const rows = await transactions();
    expect(rows).toHaveLength(66);
    const trade = 'buy 0.01000000 XXBTZUSD @ 50000.0';
    expect(rows.slice(0, 6)).toEqual([
      ['L1', '2026-01-10', '1000', 'USD', 'deposit', null, null],
      ['L2', '2026-02-01', '-500', 'USD', 'trade', null, trade],
      ['L2:fee', '2026-02-01', '-1.3', 'USD', 'fee', 'trade', 'Fee of trade T1'],
      ['L3', '2026-02-01', '0.01', 'BTC', 'trade', null, trade],
      ['L4', '2026-03-01', '-0.005', 'BTC', 'withdrawal', null, null],
      ['L4:fee', '2026-03-01', '-0.0001', 'BTC', 'fee', 'withdrawal', 'Fee of withdrawal W1'],
    ]);
    expect(rows[6]).toEqual(['S00', '2026-04-01', '0.1', 'DOT.S', 'staking', null, null]);
    expect(rows.at(-1)).toEqual(['S59', '2026-04-03', '0.1', 'DOT.S', 'staking', null, null]);

    const positions = (
      await recorded(owner)('GET', `/api/linked_data/positions?repository_id=${home}&page_size=100`)
    ).json().data as Record<string, unknown>[];
    expect(
      positions
        .map((row) => [row.account_name, row.unique_id, row.id_type, row.quantity])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ).toEqual([
      ['Kraken', 'BTC', 'kraken', '0.0049'],
      ['Kraken', 'DOT.S', 'kraken', '6'],
      ['Kraken', 'USD', 'kraken', '498.7'],
    ]);
  });

  it('the API key and private key are in no table, answer or log line', async () => {
    const secrets = [key.apiKey, key.apiSecret];
    for (const { table, rows } of await everyStoredRow(t.app.db))
      for (const row of rows) for (const secret of secrets) expect(row, table).not.toContain(secret);
    const logs = JSON.stringify(t.logs);
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      for (const body of answers) expect(body).not.toContain(secret);
    }
  });

  it('kraken_sync again with the same key syncs the same connector from a day before the newest entry, adding nothing', async () => {
    const before = kraken.calls.length;
    const again = await krakenSync({ api_key: key.apiKey, api_secret: key.apiSecret });
    expect(again.statusCode).toBe(200);
    expect(again.json().connector_id).toBe(connectorId);
    const task = await waitForTask(owner, again.json().task_id);
    // S36…S59 are after the start (S35 is at it: Kraken's start is exclusive).
    expect(task.result).toMatchObject({ added: 0, skipped_duplicate: 24 });
    const ledgerCalls = kraken.calls.slice(before).filter((call) => call.path === '/0/private/Ledgers');
    // The newest entry (S59) is 2026-04-03T11:00Z = 1775214000; a day before it:
    expect(ledgerCalls.map((call) => call.params)).toEqual([{ ofs: '0', start: '1775127600' }]);
    expect(await transactions()).toHaveLength(66);
    expect(
      (await recorded(owner)('GET', `/api/linked_data/connectors?repository_id=${home}`)).json(),
    ).toHaveLength(1);
  });

  it('a malformed ledger page fails the sync with a clear error and writes nothing', async () => {
    const before = await transactions();
    key.ledger.L5 = {
      refid: 'D2',
      time: 1_777_593_600, // 2026-05-01
      type: 'deposit',
      asset: 'ZEUR',
      amount: '20.0000',
      fee: '0.0000',
    };
    kraken.failNext('/0/private/Ledgers', {
      status: 200,
      body: '{"error":[],"result":{"ledger":[{"refid":"D2"}],"count":"two"}}',
    });
    const started = await recorded(owner)('POST', `/api/linked_data/connectors/${connectorId}/sync`);
    const task = await waitForTask(owner, started.json().task_id);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(`${LINKED_PROVIDER_MESSAGES.MALFORMED} (Kraken /0/private/Ledgers)`);
    expect(await transactions()).toEqual(before);
  });

  it("a key deleted at Kraken: 'login required' on the connector", async () => {
    key.revoked = true;
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
