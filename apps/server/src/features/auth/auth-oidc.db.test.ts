import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './testing/auth-client.ts';
import {
  createIdentityTestApp,
  TEST_PUBLIC_URL,
  type TIdentityTestApp,
} from './testing/identity-test-app.ts';
import { isSignedIn, signUpVerified } from './testing/sign-up.ts';
import { startTestOidcProvider, type TTestOidcProvider } from './testing/test-oidc-provider.ts';

// The provider reads this at each login, so a test can switch the identity it asserts.
const ACCOUNT = { accountId: 'oidc-account-1', email: 'sso-user@example.com', name: 'SSO User' };

let provider: TTestOidcProvider;
let t: TIdentityTestApp;
beforeAll(async () => {
  provider = await startTestOidcProvider({
    redirectUri: `${TEST_PUBLIC_URL}/api/auth/callback/oidc`,
    account: ACCOUNT,
  });
  t = await createIdentityTestApp({
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Test SSO',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** A browser's visit to the provider: follows its redirects with its cookies until it sends us back. */
async function followProviderUntil(startUrl: string, stopPrefix: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = startUrl;
  for (let hop = 0; hop < 15; hop += 1) {
    if (url.startsWith(stopPrefix)) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const separator = pair?.indexOf('=') ?? -1;
      if (pair && separator > 0) jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url}: ${response.status} ${await response.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}

describe('OIDC sign-in', () => {
  it('signs in through the provider with the authorization code flow', async () => {
    const browser = new TestBrowser(t.app);
    const start = await browser.post('/api/auth/sign-in/social', {
      provider: 'oidc',
      callbackURL: '/dashboards',
    });
    expect(start.statusCode).toBe(200);
    const authorizationUrl = new URL(start.json().url as string);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const callbackUrl = new URL(
      await followProviderUntil(authorizationUrl.toString(), `${TEST_PUBLIC_URL}/api/auth/callback/oidc`),
    );
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();

    const callback = await browser.get(`${callbackUrl.pathname}${callbackUrl.search}`);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboards');
    const session = await browser.get('/api/auth/get-session');
    expect(session.json().user).toMatchObject({
      email: ACCOUNT.email,
      name: ACCOUNT.name,
      emailVerified: true,
    });
  });

  it('joins an existing password account with the same verified e-mail', async () => {
    const { userId } = await signUpVerified(t, 'both@example.com', 'correct-horse-1');
    Object.assign(ACCOUNT, { accountId: 'oidc-account-2', email: 'both@example.com', name: 'Both' });
    const browser = new TestBrowser(t.app);
    const start = await browser.post('/api/auth/sign-in/social', {
      provider: 'oidc',
      callbackURL: '/dashboards',
    });
    const callbackUrl = new URL(
      await followProviderUntil(start.json().url, `${TEST_PUBLIC_URL}/api/auth/callback/oidc`),
    );
    await browser.get(`${callbackUrl.pathname}${callbackUrl.search}`);
    const session = await browser.get('/api/auth/get-session');
    expect(session.json().user.id).toBe(userId);
  });

  it('rejects a callback whose state was not issued to this browser', async () => {
    const browser = new TestBrowser(t.app);
    const callback = await browser.get('/api/auth/callback/oidc?code=forged&state=forged');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/error=/);
    expect(await isSignedIn(browser)).toBe(false);
  });
});
