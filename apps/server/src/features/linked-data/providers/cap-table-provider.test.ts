import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCapTableProvider } from './cap-table-provider.ts';
import { startCapTableServer, type TCapTableServer } from './testing/cap-table-protocol-server.ts';

// The adapter alone against the local OAuth server in client_secret_post mode (the db test uses Basic).

let ct: TCapTableServer;
const REDIRECT = 'http://localhost:3000/connectors/callback/cap_table';

function providerWith(
  tokenAuth: 'client_secret_basic' | 'client_secret_post',
  clientSecret = ct.clientSecret,
) {
  return createCapTableProvider({
    name: 'Carta',
    clientId: ct.clientId,
    clientSecret,
    authorizeUrl: `${ct.url}/authorize`,
    tokenUrl: `${ct.url}/token`,
    apiUrl: ct.url,
    scopes: 'portfolio',
    tokenAuth,
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
  });
}

/** The authorization as a browser would go through it: the code the server sends back. */
async function codeFor(url: string) {
  const back = await fetch(url, { redirect: 'manual' });
  return new URL(back.headers.get('location') as string).searchParams.get('code') as string;
}

beforeAll(async () => {
  ct = await startCapTableServer({ tokenAuth: 'client_secret_post', pageSize: 100 });
  ct.portfolios.push({
    id: 'pf-9',
    issuers: [{ id: 'iss-1', legalName: 'Initech LLC', certificates: [], optionGrants: [] }],
  });
});
afterAll(async () => {
  await ct?.close();
});

describe('cap-table provider', () => {
  it('sends the client as form fields with client_secret_post and reads the issuers with the token', async () => {
    const provider = providerWith('client_secret_post');
    const started = await provider.startAuthorization({
      institutionId: null,
      redirectUrl: REDIRECT,
      reference: 'state-1',
      language: null,
    });
    const link = await provider.completeAuthorization(started.externalId, {
      code: await codeFor(started.url),
      redirectUrl: REDIRECT,
    });
    expect(ct.tokenCalls.at(-1)).toEqual({ grantType: 'authorization_code', verifierOk: true, auth: 'post' });
    expect(await provider.listAccounts(link.secret)).toEqual([
      {
        externalId: 'pf-9:iss-1',
        name: 'Initech LLC',
        number: null,
        type: 'cap table',
        currency: null,
        balance: null,
        isInvestment: true,
      },
    ]);
    expect(provider.renewedSecret?.(link.secret)).toBeNull();
  });

  it('a wrong client secret is a refusal naming the client, not a login to renew', async () => {
    const provider = providerWith('client_secret_post', 'not-the-secret');
    const started = await provider.startAuthorization({
      institutionId: null,
      redirectUrl: REDIRECT,
      reference: 'state-2',
      language: null,
    });
    const code = await codeFor(started.url);
    await expect(
      provider.completeAuthorization(started.externalId, { code, redirectUrl: REDIRECT }),
    ).rejects.toMatchObject({
      kind: 'refused',
      providerCode: 'invalid_client',
      message: "Carta refused this server's client credentials",
    });
    // Basic where the server wants form fields is refused the same way.
    await expect(
      providerWith('client_secret_basic').completeAuthorization(started.externalId, {
        code,
        redirectUrl: REDIRECT,
      }),
    ).rejects.toMatchObject({ kind: 'refused', providerCode: 'invalid_client' });
  });

  it('a stored token past its expiry is renewed before the call, and the renewed secret handed back once', async () => {
    const provider = providerWith('client_secret_post');
    const started = await provider.startAuthorization({
      institutionId: null,
      redirectUrl: REDIRECT,
      reference: 'state-3',
      language: null,
    });
    const link = await provider.completeAuthorization(started.externalId, {
      code: await codeFor(started.url),
      redirectUrl: REDIRECT,
    });
    const expired = JSON.stringify({ ...JSON.parse(link.secret), expires_at: 0 });
    const refreshes = ct.tokenCalls.filter((call) => call.grantType === 'refresh_token').length;
    expect(await provider.listAccounts(expired)).toHaveLength(1);
    expect(ct.tokenCalls.filter((call) => call.grantType === 'refresh_token')).toHaveLength(refreshes + 1);
    const renewed = JSON.parse(provider.renewedSecret?.(expired) as string);
    expect(renewed.access_token).not.toBe(JSON.parse(link.secret).access_token);
    expect(renewed.refresh_token).not.toBe(JSON.parse(link.secret).refresh_token);
    expect(provider.renewedSecret?.(expired)).toBeNull();
  });

  it('a holding that is not the documented shape fails as malformed', async () => {
    const provider = providerWith('client_secret_post');
    const started = await provider.startAuthorization({
      institutionId: null,
      redirectUrl: REDIRECT,
      reference: 'state-4',
      language: null,
    });
    const link = await provider.completeAuthorization(started.externalId, {
      code: await codeFor(started.url),
      redirectUrl: REDIRECT,
    });
    ct.portfolios[0]?.issuers[0]?.certificates.push({ id: 'cert-x', quantity: '-5' });
    await expect(provider.fetchHoldings(link.secret)).rejects.toMatchObject({
      kind: 'malformed',
      message:
        'The provider answered something that is not its documented format: nothing was imported (Carta /v1alpha1/portfolios/pf-9/issuers/iss-1/certificates)',
    });
  });
});
