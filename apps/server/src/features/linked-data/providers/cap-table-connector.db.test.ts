import { LINKED_PROVIDER_MESSAGES } from '@strata/contracts/linked-providers';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIdentityTestApp } from '../../auth/testing/identity-test-app.ts';
import {
  createRepositoryAs,
  createTestUser,
  type TTestUser,
} from '../../repositories/testing/repository-test-kit.ts';
import { createTasksTestApp } from '../../tasks/testing/tasks-test-app.ts';
import { startCapTableServer, type TCapTableServer } from './testing/cap-table-protocol-server.ts';
import { everyStoredRow, waitForTask } from './testing/connector-test-kit.ts';

// The messages name what is linked: a cap table, not a bank (issue #24's wording).
const STATE_INVALID = 'This cap table link is not valid or has expired: start connecting again';
const LINK_NOT_COMPLETED = 'The cap table link was not completed: start connecting again';
const LOGIN_REQUIRED = 'Login required: reconnect this connector to the cap table provider';

// The cap-table connector's OAuth authorization-code flow driven over real HTTP: this server listening on the
// loopback, the local authorization server and portfolio API of testing/cap-table-protocol-server.ts.

let t: TIdentityTestApp;
let ct: TCapTableServer;
let owner: TTestUser;
let stranger: TTestUser;
let home: string;
let address: string;
/** Every answer body of the test, to show that none carries a token. */
const answers: string[] = [];
const REDIRECT_URI = 'http://localhost:3000/connectors/callback/cap_table';

async function get(user: TTestUser, path: string) {
  const response = await fetch(`${address}${path}`, {
    headers: { cookie: user.browser.cookieHeader() },
    redirect: 'manual',
  });
  const body = await response.text();
  answers.push(body);
  return { status: response.status, body, json: () => JSON.parse(body) };
}

/** GET authorization_url, then the browser at the authorization server: the query it is sent back with. */
async function authorize(user: TTestUser = owner) {
  const started = await get(
    user,
    `/api/linked_data/authorization_url/cap_table?repository_id=${home}&name=Equity`,
  );
  expect(started.status, started.body).toBe(200);
  const { url, state } = started.json() as { url: string; state: string };
  const atServer = await fetch(url, { redirect: 'manual' });
  expect(atServer.status).toBe(302);
  const back = new URL(atServer.headers.get('location') as string);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  return { url, state, back: back.searchParams };
}

async function syncNow(connectorId: string) {
  const started = await owner.call('POST', `/api/linked_data/connectors/${connectorId}/sync`);
  answers.push(started.body);
  expect(started.statusCode, started.body).toBe(200);
  return waitForTask(owner, started.json().task_id);
}

async function connectorCount() {
  return (await t.app.db.selectFrom('connectors').select('id').execute()).length;
}

async function sealedSecret(connectorId: string) {
  return (
    await t.app.db
      .selectFrom('provider_connections')
      .select('secret_ciphertext')
      .where('connector_id', '=', connectorId)
      .executeTakeFirstOrThrow()
  ).secret_ciphertext;
}

beforeAll(async () => {
  ct = await startCapTableServer({ tokenAuth: 'client_secret_basic', pageSize: 1 });
  ct.portfolios.push({
    id: 'pf-1',
    issuers: [
      {
        id: 'iss-acme',
        legalName: 'Acme Robotics, Inc.',
        certificates: [
          {
            id: 'cert-1',
            label: 'CS-12',
            shareClass: { id: 'common', name: 'Common' },
            quantity: '12000',
            costBasis: { value: '1200.00', currencyCode: 'USD' },
            issueDate: '2023-02-01',
          },
        ],
        optionGrants: [
          {
            id: 'grant-1',
            label: 'ES-3',
            quantity: 40000,
            exercisedQuantity: '10000',
            exercisePrice: { value: '0.25', currencyCode: 'USD' },
            grantDate: '2023-03-01',
            expirationDate: '2033-03-01',
          },
          // Exercised in full: its shares are a certificate now, the grant no position.
          {
            id: 'grant-2',
            label: 'ES-9',
            quantity: '5000',
            exercisedQuantity: '5000',
            exercisePrice: { value: '0.10', currencyCode: 'USD' },
          },
        ],
      },
      {
        id: 'iss-globex',
        legalName: 'Globex Corp.',
        certificates: [
          {
            id: 'cert-7',
            label: 'PA-1',
            shareClass: { id: 'series-a', name: 'Series A Preferred' },
            quantity: '2500',
            costBasis: { value: '5000.00', currencyCode: 'EUR' },
          },
        ],
        optionGrants: [],
      },
    ],
  });
  t = await createTasksTestApp({
    isWorker: true,
    env: {
      CAP_TABLE_CLIENT_ID: ct.clientId,
      CAP_TABLE_CLIENT_SECRET: ct.clientSecret,
      CAP_TABLE_AUTHORIZE_URL: `${ct.url}/authorize`,
      CAP_TABLE_TOKEN_URL: `${ct.url}/token`,
      CAP_TABLE_API_URL: ct.url,
      CONNECTOR_SECRETS_KEY: Buffer.alloc(32, 11).toString('hex'),
      PROVIDER_RETRIES: '1',
      PROVIDER_RETRY_BASE_MS: '1',
      PROVIDER_RETRY_MAX_MS: '5',
    },
  });
  owner = await createTestUser(t, 'cap-table-owner@example.com');
  stranger = await createTestUser(t, 'cap-table-stranger@example.com');
  home = await createRepositoryAs(owner, 'Cap table home');
  await createRepositoryAs(stranger, 'Stranger home');
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await ct?.close();
});

describe('cap-table provider (OAuth authorization code with PKCE)', () => {
  let connectorId: string;
  /** The code the link was made with: spent. */
  let usedCode: string;

  it('is listed as Carta, a redirect provider; authorization_url answers the authorization server with state and S256 challenge', async () => {
    const listed = await get(owner, '/api/linked_data/providers');
    expect(listed.json()).toContainEqual({
      id: 'cap_table',
      name: 'Carta',
      available: true,
      flow: 'redirect',
      logo: '/connector-logos/cap-table.svg',
    });
    const strangers = await get(
      stranger,
      `/api/linked_data/authorization_url/cap_table?repository_id=${home}`,
    );
    expect(strangers.status).toBe(404);

    const { url, state } = await authorize();
    const asked = new URL(url);
    expect(`${asked.origin}${asked.pathname}`).toBe(`${ct.url}/authorize`);
    const query = Object.fromEntries(asked.searchParams);
    expect(query).toEqual({
      response_type: 'code',
      client_id: 'strata-test-client',
      redirect_uri: REDIRECT_URI,
      scope: 'read_portfolio_info read_portfolio_securities',
      state,
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A bank aggregator's institutions search does not list the cap-table provider.
    expect((await get(owner, '/api/institutions/search?country=US')).json().message).toBe(
      LINKED_PROVIDER_MESSAGES.NOT_AVAILABLE,
    );
  });

  it('the callback refuses a wrong state and another user’s, then links with the code; the state is used once', async () => {
    const { state, back } = await authorize();
    expect(back.get('state')).toBe(state);
    const code = back.get('code') as string;
    expect(code).toMatch(/^code_/);
    usedCode = code;

    const wrong = await get(owner, `/api/linked_data/callback/cap_table?code=${code}&state=not-the-state`);
    expect(wrong.status).toBe(400);
    expect(wrong.json().message).toBe(STATE_INVALID);
    const theirs = await get(stranger, `/api/linked_data/callback/cap_table?${back}`);
    expect(theirs.status).toBe(400);
    expect(theirs.json().message).toBe(STATE_INVALID);
    expect(ct.tokenCalls).toEqual([]);
    expect(await connectorCount()).toBe(0);

    const made = await get(owner, `/api/linked_data/callback/cap_table?${back}`);
    expect(made.status, made.body).toBe(200);
    expect(made.json()).toMatchObject({ name: 'Equity', access_method: 'cap_table' });
    connectorId = made.json().id;
    // The loopback token endpoint checked the verifier against the challenge, and the client came as Basic.
    expect(ct.tokenCalls).toEqual([{ grantType: 'authorization_code', verifierOk: true, auth: 'basic' }]);

    const replayed = await get(owner, `/api/linked_data/callback/cap_table?${back}`);
    expect(replayed.status).toBe(400);
    expect(replayed.json().message).toBe(STATE_INVALID);
    expect(await connectorCount()).toBe(1);

    const task = await waitForTask(owner, made.json().task_id);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 0, failed: 0, positions: { added: 3, replaced: 0 } });
    const positions = (
      await get(owner, `/api/linked_data/positions?repository_id=${home}&page_size=100`)
    ).json().data as Record<string, unknown>[];
    expect(
      positions
        .map((row) => [
          row.account_name,
          row.unique_id,
          row.id_type,
          row.security_kind,
          row.description,
          row.quantity,
          row.currency,
        ])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ).toEqual([
      [
        'Acme Robotics, Inc.',
        'iss-acme/options/grant-1',
        'cap_table',
        'option',
        'Acme Robotics, Inc. option ES-3 @ 0.25 USD',
        '30000',
        'USD',
      ],
      [
        'Acme Robotics, Inc.',
        'iss-acme/shares/common',
        'cap_table',
        'stock',
        'Acme Robotics, Inc. Common',
        '12000',
        'USD',
      ],
      [
        'Globex Corp.',
        'iss-globex/shares/series-a',
        'cap_table',
        'stock',
        'Globex Corp. Series A Preferred',
        '2500',
        'EUR',
      ],
    ]);
    // One issuer per page: the second page was asked for.
    expect(
      ct.calls
        .filter((call) => call.path === '/v1alpha1/portfolios/pf-1/issuers')
        .map((call) => call.query.pageToken),
    ).toContain('1');
  });

  it('a stolen code is useless without the verifier; a spent code, a denied consent and an expired state make nothing', async () => {
    const first = await authorize();
    // Someone with the code but not the verifier, straight at the token endpoint.
    const stolen = await fetch(`${ct.url}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${ct.clientId}:${ct.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: first.back.get('code') as string,
        redirect_uri: REDIRECT_URI,
        code_verifier: 'a'.repeat(43),
      }).toString(),
    });
    expect(stolen.status).toBe(400);
    expect(ct.tokenCalls.at(-1)).toEqual({
      grantType: 'authorization_code',
      verifierOk: false,
      auth: 'basic',
    });

    // This state with an already spent code: the provider refuses it and the state is used up.
    const refused = await get(
      owner,
      `/api/linked_data/callback/cap_table?state=${first.state}&code=${usedCode}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.json().message).toBe(LINK_NOT_COMPLETED);
    const again = await get(owner, `/api/linked_data/callback/cap_table?${first.back}`);
    expect(again.status).toBe(400);
    expect(again.json().message).toBe(STATE_INVALID);

    ct.denyNext();
    const denied = await authorize();
    expect(denied.back.get('error')).toBe('access_denied');
    const cancelled = await get(owner, `/api/linked_data/callback/cap_table?${denied.back}`);
    expect(cancelled.status).toBe(400);
    expect(cancelled.json().message).toBe(LINK_NOT_COMPLETED);

    const late = await authorize();
    await sql`update provider_authorizations set expires_at = now() - interval '1 minute'`.execute(t.app.db);
    const expired = await get(owner, `/api/linked_data/callback/cap_table?${late.back}`);
    expect(expired.status).toBe(400);
    expect(expired.json().message).toBe(STATE_INVALID);
    expect(await connectorCount()).toBe(1);
  });

  it('an access token refused (401) is refreshed once and the call retried; the rotated tokens are stored sealed', async () => {
    const before = await sealedSecret(connectorId);
    ct.expireAccessTokens();
    const task = await syncNow(connectorId);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(ct.tokenCalls.filter((call) => call.grantType === 'refresh_token')).toHaveLength(1);
    expect(await sealedSecret(connectorId)).not.toBe(before);
    // The refresh token used above is spent (rotation): a second expiry works only with the stored new one.
    ct.expireAccessTokens();
    const next = await syncNow(connectorId);
    expect(next.status, String(next.error)).toBe('succeeded');
    expect(ct.tokenCalls.filter((call) => call.grantType === 'refresh_token')).toHaveLength(2);
  });

  it("a revoked refresh token: 'login required' on the connector", async () => {
    ct.revokeRefreshTokens();
    ct.expireAccessTokens();
    const task = await syncNow(connectorId);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(LOGIN_REQUIRED);
    const [connector] = (await get(owner, `/api/linked_data/connectors?repository_id=${home}`)).json();
    expect(connector).toMatchObject({
      status: 'failed',
      status_message: LOGIN_REQUIRED,
    });
  });

  it('no table, answer or log line holds a code, a token, a verifier or the client secret', async () => {
    // Client secret, 5 codes, 3 token pairs, 2 verifiers (one sent by the test) at least.
    expect(ct.issued.length).toBeGreaterThanOrEqual(13);
    for (const { table, rows } of await everyStoredRow(t.app.db))
      for (const row of rows) for (const secret of ct.issued) expect(row, table).not.toContain(secret);
    const logs = JSON.stringify(t.logs);
    for (const secret of ct.issued) expect(logs).not.toContain(secret);
    for (const body of answers) for (const secret of ct.issued) expect(body).not.toContain(secret);
  });
});
