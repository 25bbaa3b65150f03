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
import { startGocardlessServer, type TGocardlessServer } from './testing/gocardless-protocol-server.ts';

const STATE_INVALID = 'This bank link is not valid or has expired: start connecting again';
const LINK_NOT_COMPLETED = 'The bank link was not completed: start connecting again';
const LOGIN_REQUIRED = 'Login required: reconnect this connector to the bank';

// GoCardless Bank Account Data against a local server speaking API v2 (testing/gocardless-protocol-server.ts).
// The first sync asks 90 days back from today and the next one 7 days before the last, so rows are dated from
// today (a run next year still finds them).

const dayMs = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * dayMs).toISOString().slice(0, 10);

let t: TIdentityTestApp;
let gc: TGocardlessServer;
let owner: TTestUser;
let stranger: TTestUser;
let home: string;
/** Every API answer body of the test, to show that none carries a token or the requisition id. */
const { answers, recorded } = answerRecorder();

async function syncNow(connectorId: string) {
  const started = await recorded(owner)('POST', `/api/linked_data/connectors/${connectorId}/sync`);
  expect(started.statusCode, started.body).toBe(200);
  return waitForTask(owner, started.json().task_id);
}

async function linkedAccountOf(connectorId: string) {
  const [linked] = (
    await recorded(owner)(
      'GET',
      `/api/linked_data/accounts?repository_id=${home}&connector_id=${connectorId}`,
    )
  ).json() as { id: string }[];
  return linked?.id as string;
}

async function rowsOf(connectorId: string) {
  const page = (
    await recorded(owner)(
      'GET',
      `/api/linked_data/transactions?repository_id=${home}&linked_account_id=${await linkedAccountOf(connectorId)}&page_size=100`,
    )
  ).json() as {
    data: { id: string; fitid: string; amount: string; status: string; date: string; counterparty: string }[];
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
  return (
    await recorded(owner)(
      'GET',
      `/api/linked_data/accounts/${await linkedAccountOf(connectorId)}/sync_events`,
    )
  ).json()[0];
}

async function connectorNames() {
  return (
    (await owner.call('GET', `/api/linked_data/connectors?repository_id=${home}`)).json() as {
      name: string;
    }[]
  )
    .map((connector) => connector.name)
    .sort();
}

beforeAll(async () => {
  gc = await startGocardlessServer();
  gc.institutions.push(
    {
      id: 'MONZO_MONZGB2L',
      name: 'Monzo',
      bic: 'MONZGB2L',
      countries: ['GB'],
      logo: 'https://cdn.example/monzo.png',
    },
    {
      id: 'REVOLUT_REVOGB21',
      name: 'Revolut',
      bic: 'REVOGB21',
      countries: ['GB', 'DE'],
      logo: 'https://cdn.example/revolut.png',
    },
    {
      id: 'N26_NTSBDEB1',
      name: 'N26 Bank',
      bic: 'NTSBDEB1',
      countries: ['DE'],
      logo: 'https://cdn.example/n26.png',
    },
    // Irish banks whose logos the page could not load: one on a host the CSP does not allow, one with none.
    {
      id: 'AIB_AIBKIE2D',
      name: 'AIB',
      bic: 'AIBKIE2D',
      countries: ['IE'],
      logo: 'https://elsewhere.example/aib.png',
    },
    { id: 'BOI_BOFIIE2D', name: 'Bank of Ireland', bic: 'BOFIIE2D', countries: ['IE'] },
  );
  gc.accounts.set('acc-1', {
    id: 'acc-1',
    details: {
      resourceId: 'r-1',
      iban: 'GB33BUKB20201555555555',
      currency: 'GBP',
      name: 'Main account',
      cashAccountType: 'CACC',
    },
    balances: [
      { balanceAmount: { amount: '900.00', currency: 'GBP' }, balanceType: 'expected' },
      { balanceAmount: { amount: '1000.50', currency: 'GBP' }, balanceType: 'interimAvailable' },
    ],
    booked: [
      {
        transactionId: 'b-1',
        bookingDate: daysAgo(10),
        valueDate: daysAgo(10),
        transactionAmount: { amount: '-45.10', currency: 'GBP' },
        creditorName: 'Tesco',
        remittanceInformationUnstructured: 'TESCO STORES 3361',
      },
      {
        transactionId: 'b-2',
        bookingDate: daysAgo(8),
        transactionAmount: { amount: '2500.00', currency: 'GBP' },
        debtorName: 'Acme Ltd',
        remittanceInformationUnstructuredArray: ['SALARY', 'NOV'],
      },
      // Older than the first fetch's 90 days: the server leaves it out.
      {
        transactionId: 'b-old',
        bookingDate: daysAgo(200),
        transactionAmount: { amount: '-1.00', currency: 'GBP' },
      },
    ],
    pending: [
      {
        // Pending rows often have no id: one is made of what the row says.
        valueDate: daysAgo(1),
        transactionAmount: { amount: '-3.20', currency: 'GBP' },
        creditorName: 'Pret A Manger',
        remittanceInformationUnstructured: 'PRET 123',
      },
      {
        valueDate: daysAgo(1),
        transactionAmount: { amount: '-9.99', currency: 'GBP' },
        creditorName: 'Netflix',
      },
    ],
  });
  t = await createTasksTestApp({
    isWorker: true,
    env: {
      GOCARDLESS_SECRET_ID: gc.secretId,
      GOCARDLESS_SECRET_KEY: gc.secretKey,
      GOCARDLESS_BASE_URL: gc.url,
      GOCARDLESS_LOGO_ORIGINS: 'https://cdn.example',
      CONNECTOR_SECRETS_KEY: Buffer.alloc(32, 9).toString('hex'),
      PROVIDER_RETRIES: '2',
      PROVIDER_RETRY_BASE_MS: '1',
      PROVIDER_RETRY_MAX_MS: '5',
    },
  });
  owner = await createTestUser(t, 'gocardless-owner@example.com');
  stranger = await createTestUser(t, 'gocardless-stranger@example.com');
  home = await createRepositoryAs(owner, 'GoCardless home');
  await createRepositoryAs(stranger, 'Stranger home');
});
afterAll(async () => {
  await t?.close();
  await gc?.close();
});

describe('GoCardless Bank Account Data', () => {
  let state: string;
  let requisitionId: string;
  let connectorId: string;

  it('is listed as a redirect provider and searches institutions by name and country', async () => {
    const listed = (await recorded(owner)('GET', '/api/linked_data/providers')).json();
    expect(listed).toContainEqual({
      id: 'gocardless',
      name: 'GoCardless',
      available: true,
      flow: 'redirect',
      logo: '/connector-logos/gocardless.svg',
    });

    const found = await recorded(owner)(
      'GET',
      '/api/institutions/search?q=rev&country=gb&provider=gocardless',
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual([
      {
        id: 'REVOLUT_REVOGB21',
        name: 'Revolut',
        logo: 'https://cdn.example/revolut.png',
        countries: ['GB', 'DE'],
        provider: 'gocardless',
      },
    ]);
    // GoCardless' institutions call takes the country in lower case.
    expect(gc.calls.filter((call) => call.path === '/api/v2/institutions/').at(-1)?.query).toEqual({
      country: 'gb',
    });
    const everyone = await recorded(owner)('GET', '/api/institutions/search?country=DE');
    expect(everyone.json().map((one: { name: string }) => one.name)).toEqual(['N26 Bank', 'Revolut']);
    const noCountry = await recorded(owner)('GET', '/api/institutions/search?q=rev');
    expect(noCountry.statusCode).toBe(400);
  });

  it("an institution's logo is answered only from an origin the page's Content-Security-Policy lets it load", async () => {
    // The Irish banks' logos are elsewhere: none, so the picker shows its bank icon (not GoCardless' own logo).
    const irish = await recorded(owner)('GET', '/api/institutions/search?country=IE');
    expect(irish.json()).toEqual([
      {
        id: 'AIB_AIBKIE2D',
        name: 'AIB',
        logo: null,
        countries: ['IE'],
        provider: 'gocardless',
      },
      {
        id: 'BOI_BOFIIE2D',
        name: 'Bank of Ireland',
        logo: null,
        countries: ['IE'],
        provider: 'gocardless',
      },
    ]);
    // Monzo's own logo is on an allowed origin (GOCARDLESS_LOGO_ORIGINS), which the page's img-src names.
    const monzo = await recorded(owner)('GET', '/api/institutions/search?q=monzo&country=GB');
    expect(monzo.json()[0].logo).toBe('https://cdn.example/monzo.png');
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    const imgSrc = (page.headers['content-security-policy'] as string)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'img-src');
    expect(imgSrc).toEqual(['img-src', "'self'", 'data:', 'blob:', 'https://cdn.example']);
  });

  it('authorization_url needs the consent and an institution, then answers the requisition link and a state', async () => {
    const base = `/api/linked_data/authorization_url/gocardless?repository_id=${home}`;
    const noConsent = await recorded(owner)('GET', `${base}&institution_id=MONZO_MONZGB2L`);
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toBe(LINKED_AUTHORIZATION_MESSAGES.CONSENT_REQUIRED);
    const noBank = await recorded(owner)('GET', `${base}&consent=true`);
    expect(noBank.statusCode).toBe(400);
    expect(noBank.json().message).toBe(LINKED_AUTHORIZATION_MESSAGES.INSTITUTION_REQUIRED);
    expect(gc.agreements.size).toBe(0);
    const strangers = await recorded(stranger)('GET', `${base}&consent=true&institution_id=MONZO_MONZGB2L`);
    expect(strangers.statusCode).toBe(404);

    const answer = await recorded(owner)(
      'GET',
      `${base}&consent=true&institution_id=MONZO_MONZGB2L&name=Monzo&language=en`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    ({ state } = answer.json());
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [requisition] = [...gc.requisitions.values()];
    requisitionId = requisition?.id as string;
    expect(answer.json().url).toBe(`${gc.url}/psd2/start/${requisitionId}/MONZO_MONZGB2L`);
    expect(requisition).toMatchObject({
      institution_id: 'MONZO_MONZGB2L',
      reference: state,
      redirect: 'http://localhost:3000/connectors/callback/gocardless',
    });
    expect([...gc.agreements.values()]).toEqual([
      {
        institution_id: 'MONZO_MONZGB2L',
        max_historical_days: 90,
        access_valid_for_days: 90,
        access_scope: ['balances', 'details', 'transactions'],
      },
    ]);
    expect(gc.calls.find((call) => call.path === '/api/v2/requisitions/')?.body).toMatchObject({
      user_language: 'EN',
    });
  });

  it('the callback refuses a missing, unknown or another user’s state and an unfinished link: nothing made', async () => {
    const absent = await recorded(owner)('GET', '/api/linked_data/callback/gocardless');
    expect(absent.statusCode).toBe(400);
    expect(absent.json().message).toBe(STATE_INVALID);
    const unknown = await recorded(owner)('GET', '/api/linked_data/callback/gocardless?ref=not-a-state');
    expect(unknown.statusCode).toBe(400);
    gc.link(requisitionId, ['acc-1']);
    const theirs = await recorded(stranger)('GET', `/api/linked_data/callback/gocardless?ref=${state}`);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(STATE_INVALID);
    const strangerConnectors = await t.app.db.selectFrom('connectors').select('id').execute();
    expect(strangerConnectors).toEqual([]);

    const requisition = gc.requisitions.get(requisitionId);
    Object.assign(requisition as object, { status: 'UA' });
    const unfinished = await recorded(owner)('GET', `/api/linked_data/callback/gocardless?ref=${state}`);
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json().message).toBe(
      'The provider refused the link: try connecting again: The bank link is not finished: complete it at your bank',
    );
    expect(await connectorNames()).toEqual([]);
  });

  it('the callback makes the connector with its account and the first sync reads 90 days, after a 429 and a 500', async () => {
    gc.link(requisitionId, ['acc-1']);
    gc.failNext(
      '/api/v2/accounts/acc-1/transactions/',
      {
        status: 429,
        body: '{"summary":"Rate limit exceeded","status_code":429}',
        headers: { 'X-RateLimit-Reset': '0' },
      },
      { status: 500, body: '{"summary":"Internal error","status_code":500}' },
    );
    const made = await recorded(owner)('GET', `/api/linked_data/callback/gocardless?state=${state}`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      name: 'Monzo',
      access_method: 'gocardless',
      status: 'pending',
      repositories: [{ id: home, name: 'GoCardless home' }],
    });
    connectorId = made.json().id;
    const [linked] = (
      await recorded(owner)(
        'GET',
        `/api/linked_data/accounts?repository_id=${home}&connector_id=${connectorId}`,
      )
    ).json();
    expect(linked).toMatchObject({
      external_id: 'acc-1',
      name: 'Main account',
      number: '5555',
      type: 'CACC',
      currency: 'GBP',
    });

    const task = await waitForTask(owner, made.json().task_id);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 4, updated: 0, removed: 0, skipped_duplicate: 0, failed: 0 });
    const fetches = gc.calls.filter((call) => call.path === '/api/v2/accounts/acc-1/transactions/');
    expect(fetches).toHaveLength(3);
    expect(fetches.at(-1)?.query).toEqual({ date_from: daysAgo(90), date_to: today });

    const rows = await rowsOf(connectorId);
    expect(rows.filter((row) => row.status === 'posted')).toEqual([
      { fitid: 'b-1', amount: '-45.1', status: 'posted', date: daysAgo(10), counterparty: 'Tesco' },
      { fitid: 'b-2', amount: '2500', status: 'posted', date: daysAgo(8), counterparty: 'Acme Ltd' },
    ]);
    expect(
      rows
        .filter((row) => row.status === 'pending')
        .map(({ fitid, ...rest }) => ({ ...rest, made: /^gc-[0-9a-f]{24}$/.test(fitid) }))
        .sort((a, b) => a.amount.localeCompare(b.amount)),
    ).toEqual([
      { amount: '-3.2', status: 'pending', date: daysAgo(1), counterparty: 'Pret A Manger', made: true },
      { amount: '-9.99', status: 'pending', date: daysAgo(1), counterparty: 'Netflix', made: true },
    ]);
  });

  it('a state is used once', async () => {
    const again = await recorded(owner)('GET', `/api/linked_data/callback/gocardless?ref=${state}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(STATE_INVALID);
    expect(await connectorNames()).toEqual(['Monzo']);
  });

  it('no table, answer or log line holds the requisition id, a token, the secret key or the state', async () => {
    const secrets = [requisitionId, gc.secretKey, state, ...gc.issuedTokens];
    expect(gc.issuedTokens.length).toBeGreaterThanOrEqual(2);
    for (const { table, rows } of await everyStoredRow(t.app.db))
      for (const row of rows) for (const secret of secrets) expect(row, table).not.toContain(secret);
    const logs = JSON.stringify(t.logs);
    for (const secret of [requisitionId, gc.secretKey, ...gc.issuedTokens])
      expect(logs).not.toContain(secret);
    // The requisition id is in the bank link authorization_url answers (GoCardless' link names it); alone it
    // reads nothing without this server's secret key.
    for (const secret of [gc.secretKey, gc.secretId, ...gc.issuedTokens])
      for (const body of answers) expect(body).not.toContain(secret);
    const sealed = await t.app.db
      .selectFrom('provider_connections')
      .selectAll()
      .where('connector_id', '=', connectorId)
      .executeTakeFirstOrThrow();
    expect(sealed).toMatchObject({ provider: 'gocardless', external_id: null, secret_key_id: 'primary' });
  });

  it('the next sync goes back 7 days: a pending row booked under a new id keeps its tag, a pending row gone is removed', async () => {
    const tags = await recorded(owner)('GET', `/api/linked_data/transaction_tags?repository_id=${home}`);
    const exclude = (tags.json() as { id: string; name: string }[]).find((tag) => tag.name === 'exclude')
      ?.id as string;
    const listed = (
      await recorded(owner)(
        'GET',
        `/api/linked_data/transactions?repository_id=${home}&linked_account_id=${await linkedAccountOf(connectorId)}&page_size=100`,
      )
    ).json().data as { id: string; amount: string; counterparty: string }[];
    const pret = listed.find((row) => row.counterparty === 'Pret A Manger') as { id: string };
    const tagged = await recorded(owner)('PUT', `/api/linked_data/transactions?repository_id=${home}`, [
      { id: pret.id, add_tags: [exclude] },
    ]);
    expect(tagged.statusCode).toBe(200);

    const account = gc.accounts.get('acc-1');
    Object.assign(account as object, {
      booked: [
        ...(account?.booked ?? []),
        {
          transactionId: 'b-3',
          bookingDate: today,
          valueDate: daysAgo(1),
          transactionAmount: { amount: '-3.20', currency: 'GBP' },
          creditorName: 'Pret A Manger',
          remittanceInformationUnstructured: 'PRET A MANGER 123',
        },
      ],
      // Netflix's hold was released: not pending, not booked.
      pending: [],
    });
    const task = await syncNow(connectorId);
    expect(task.status, String(task.error)).toBe('succeeded');
    expect(task.result).toMatchObject({ added: 0, updated: 1, removed: 1, skipped_duplicate: 0, failed: 0 });
    const cursor = JSON.parse(
      (
        await t.app.db
          .selectFrom('provider_connections')
          .select('cursor')
          .where('connector_id', '=', connectorId)
          .executeTakeFirstOrThrow()
      ).cursor as string,
    );
    expect(cursor).toEqual({ last: today, pending: { 'acc-1': [] } });
    expect(
      gc.calls.filter((call) => call.path === '/api/v2/accounts/acc-1/transactions/').at(-1)?.query,
    ).toEqual({
      date_from: daysAgo(7),
      date_to: today,
    });
    expect(await rowsOf(connectorId)).toEqual([
      { fitid: 'b-1', amount: '-45.1', status: 'posted', date: daysAgo(10), counterparty: 'Tesco' },
      { fitid: 'b-2', amount: '2500', status: 'posted', date: daysAgo(8), counterparty: 'Acme Ltd' },
      { fitid: 'b-3', amount: '-3.2', status: 'posted', date: today, counterparty: 'Pret A Manger' },
    ]);
    const booked = await recorded(owner)(
      'GET',
      `/api/linked_data/transactions/${pret.id}?repository_id=${home}`,
    );
    expect(booked.json()).toMatchObject({
      fitid: 'b-3',
      status: 'posted',
      tags: [{ id: exclude, name: 'exclude' }],
    });
  });

  it('a malformed transactions answer fails the sync with a clear error and writes nothing; the next sync takes it', async () => {
    const before = await rowsOf(connectorId);
    const cursorBefore = (
      await t.app.db
        .selectFrom('provider_connections')
        .select('cursor')
        .where('connector_id', '=', connectorId)
        .executeTakeFirstOrThrow()
    ).cursor;
    gc.accounts.get('acc-1')?.booked.push({
      transactionId: 'b-4',
      bookingDate: today,
      transactionAmount: { amount: '-7.00', currency: 'GBP' },
      creditorName: 'TfL',
    });
    gc.failNext('/api/v2/accounts/acc-1/transactions/', {
      status: 200,
      body: '{"transactions": {"booked": "not a list"}}',
    });
    const task = await syncNow(connectorId);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(
      `${LINKED_PROVIDER_MESSAGES.MALFORMED} (GoCardless /accounts/{id}/transactions/)`,
    );
    expect(await rowsOf(connectorId)).toEqual(before);
    const cursorAfter = (
      await t.app.db
        .selectFrom('provider_connections')
        .select('cursor')
        .where('connector_id', '=', connectorId)
        .executeTakeFirstOrThrow()
    ).cursor;
    expect(cursorAfter).toBe(cursorBefore);
    const next = await syncNow(connectorId);
    // Seven days back: b-3 is seen again, b-1 and b-2 are older.
    expect(next.result).toMatchObject({ added: 1, skipped_duplicate: 1 });
  });

  it('an expired access token is renewed; 5xx past the retries fails the sync naming GoCardless', async () => {
    gc.expireTokens();
    const renewed = await syncNow(connectorId);
    expect(renewed.status, String(renewed.error)).toBe('succeeded');
    gc.failNext(
      '/api/v2/requisitions/',
      ...Array.from({ length: 3 }, () => ({
        status: 503,
        body: '{"summary":"Service Unavailable","status_code":503}',
      })),
    );
    const down = await syncNow(connectorId);
    expect(down.status).toBe('failed');
    expect(down.error).toBe(`${LINKED_PROVIDER_MESSAGES.UNREACHABLE} (GoCardless 503)`);
  });

  it("a requisition expired (EX): 'login required' on the connector and its account", async () => {
    Object.assign(gc.requisitions.get(requisitionId) as object, { status: 'EX' });
    const task = await syncNow(connectorId);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(LOGIN_REQUIRED);
    const connector = (
      await recorded(owner)('GET', `/api/linked_data/connectors?repository_id=${home}`)
    ).json()[0];
    expect(connector).toMatchObject({
      status: 'failed',
      status_message: LOGIN_REQUIRED,
    });
    expect(await lastEvent(connectorId)).toMatchObject({ result: 'login_required' });
  });

  it('the bank refusing (error on the callback) makes nothing; POST connectors points to the redirect flow', async () => {
    const started = await recorded(owner)(
      'GET',
      `/api/linked_data/authorization_url/gocardless?repository_id=${home}&consent=true&institution_id=REVOLUT_REVOGB21`,
    );
    expect(started.statusCode).toBe(200);
    const refused = await recorded(owner)(
      'GET',
      `/api/linked_data/callback/gocardless?ref=${started.json().state}&error=UserCancelledSession`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LINK_NOT_COMPLETED);
    const posted = await recorded(owner)('POST', '/api/linked_data/connectors', {
      repository_id: home,
      name: 'Nope',
      access_method: 'gocardless',
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json().message).toBe(
      'This connector links through the bank: use GET linked_data/authorization_url/gocardless',
    );
    expect(await connectorNames()).toEqual(['Monzo']);
  });

  it('deleting the connector deletes the requisition at GoCardless', async () => {
    const deleted = await recorded(owner)('DELETE', `/api/linked_data/connectors/${connectorId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(gc.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/api/v2/requisitions/${requisitionId}/`,
    });
    expect(gc.requisitions.has(requisitionId)).toBe(false);
  });
});
