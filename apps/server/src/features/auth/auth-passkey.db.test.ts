import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './testing/auth-client.ts';
import { createIdentityTestApp, type TIdentityTestApp } from './testing/identity-test-app.ts';
import { signUpVerified } from './testing/sign-up.ts';

// The WebAuthn ceremony itself is covered end to end in Chromium with a virtual authenticator (e2e tier).
let t: TIdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('passkey endpoints', () => {
  it('refuse registration options to an anonymous caller', async () => {
    const response = await new TestBrowser(t.app).get('/api/auth/passkey/generate-register-options');
    expect(response.statusCode).toBe(401);
  });

  it('refuse to register a credential for an anonymous caller', async () => {
    const response = await new TestBrowser(t.app).post('/api/auth/passkey/verify-registration', {
      response: {},
    });
    expect(response.statusCode).toBe(401);
  });

  it('give a signed-in user registration options for the PUBLIC_URL relying party', async () => {
    const { browser } = await signUpVerified(t, 'passkey@example.com', 'correct-horse-1');
    const response = await browser.get('/api/auth/passkey/generate-register-options');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Strata' },
      user: { name: 'passkey@example.com' },
    });
    expect(typeof response.json().challenge).toBe('string');
  });

  it('give anyone authentication options (the sign-in ceremony starts anonymous)', async () => {
    const response = await new TestBrowser(t.app).get('/api/auth/passkey/generate-authenticate-options');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rpId: 'localhost' });
  });

  it('list passkeys only for a signed-in user', async () => {
    expect((await new TestBrowser(t.app).get('/api/auth/passkey/list-user-passkeys')).statusCode).toBe(401);
    const { browser } = await signUpVerified(t, 'passkey-list@example.com', 'correct-horse-1');
    const list = await browser.get('/api/auth/passkey/list-user-passkeys');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
  });
});
