import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './testing/auth-client.ts';
import { createIdentityTestApp, type TIdentityTestApp } from './testing/identity-test-app.ts';

const PUBLIC_URL = 'https://strata.example.com';

let t: TIdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
});

describe('cookies behind https', () => {
  it('marks the session cookie Secure (with the __Secure- prefix) when PUBLIC_URL is https', async () => {
    const browser = new TestBrowser(t.app, { origin: PUBLIC_URL });
    await browser.post('/api/auth/sign-up/email', {
      email: 'secure@example.com',
      password: 'correct-horse-1',
      name: 'S',
    });
    const otp = await t.latestCode('secure@example.com');
    const verify = await browser.post('/api/auth/email-otp/verify-email', {
      email: 'secure@example.com',
      otp,
    });
    const cookie = (
      verify.cookies as { name: string; httpOnly?: boolean; sameSite?: string; secure?: boolean }[]
    ).find((candidate) => candidate.name.endsWith('session_token'));
    expect(cookie).toMatchObject({
      name: '__Secure-better-auth.session_token',
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
    });
  });

  it('takes the passkey relying party from PUBLIC_URL', async () => {
    const browser = new TestBrowser(t.app, { origin: PUBLIC_URL });
    const response = await browser.get('/api/auth/passkey/generate-authenticate-options');
    expect(response.json()).toMatchObject({ rpId: 'strata.example.com' });
  });
});
