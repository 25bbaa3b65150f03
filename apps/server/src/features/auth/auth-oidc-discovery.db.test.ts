import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './testing/auth-client.ts';
import {
  createIdentityTestApp,
  TEST_PUBLIC_URL,
  type TIdentityTestApp,
} from './testing/identity-test-app.ts';
import { startTestOidcProvider, type TTestOidcProvider } from './testing/test-oidc-provider.ts';

// Issue 19, item 10: a provider whose discovery fails at start is not offered, and is once it comes up.

/** A port nothing listens on now (taken and given back), for a provider that is down at start. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let port: number;
let provider: TTestOidcProvider | undefined;
let t: TIdentityTestApp;
beforeAll(async () => {
  port = await freePort();
  t = await createIdentityTestApp({
    env: {
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: 'strata-test',
      OIDC_CLIENT_SECRET: 'strata-test-secret-strata-test-secret',
      OIDC_NAME: 'Late SSO',
      OIDC_DISCOVERY_RETRY: '0.2',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const providers = async () => (await t.app.inject({ method: 'GET', url: '/api/auth-providers' })).json();

describe('an OIDC provider that is down at start', () => {
  it('is not offered while its discovery fails, and sign-in with it is refused', async () => {
    // better-auth has initialised (and its discovery failed) once a request of its own was answered.
    const browser = new TestBrowser(t.app);
    const start = await browser.post('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: '/' });
    expect(start.statusCode).toBe(404);
    expect(await providers()).toEqual({ emailPassword: true, passkey: true, oidc: null });
  });

  it('is offered once a background retry discovers it, and sign-in then goes to it', async () => {
    provider = await startTestOidcProvider({
      redirectUri: `${TEST_PUBLIC_URL}/api/auth/callback/oidc`,
      account: { accountId: 'late-1', email: 'late@example.com', name: 'Late' },
      port,
    });
    await expect
      .poll(providers, { timeout: 10_000, interval: 100 })
      .toEqual({ emailPassword: true, passkey: true, oidc: { id: 'oidc', name: 'Late SSO' } });
    const browser = new TestBrowser(t.app);
    const start = await browser.post('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: '/' });
    expect(start.statusCode).toBe(200);
    const authorizationUrl = new URL(start.json().url as string);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  });
});
