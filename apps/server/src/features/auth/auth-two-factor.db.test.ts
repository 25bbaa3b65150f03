import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './testing/auth-client.ts';
import { createIdentityTestApp, type TIdentityTestApp } from './testing/identity-test-app.ts';
import { isSignedIn, signUpVerified } from './testing/sign-up.ts';

let t: TIdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(async () => {
  await t?.close();
});

const EMAIL = 'totp@example.com';
const PASSWORD = 'correct-horse-1';

function totpFrom(uri: string): OTPAuth.TOTP {
  const parsed = OTPAuth.URI.parse(uri);
  if (!(parsed instanceof OTPAuth.TOTP)) throw new Error('not a TOTP URI');
  return parsed;
}

function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('two-factor TOTP', () => {
  let totp: OTPAuth.TOTP;
  let backupCodes: string[];

  it('enables TOTP after the first code is verified', async () => {
    const { browser } = await signUpVerified(t, EMAIL, PASSWORD);
    const enable = await browser.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enable.statusCode).toBe(200);
    const { totpURI } = enable.json() as { totpURI: string };
    backupCodes = enable.json().backupCodes;
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Strata:/);
    expect(backupCodes.length).toBeGreaterThan(0);
    totp = totpFrom(totpURI);
    expect(totp.issuer).toBe('Strata');

    // Not enabled until a code proves the authenticator app has the secret.
    const before = await browser.get('/api/auth/get-session');
    expect(before.json().user.twoFactorEnabled).toBe(false);
    const verify = await browser.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(verify.statusCode).toBe(200);
    const after = await browser.get('/api/auth/get-session');
    expect(after.json().user.twoFactorEnabled).toBe(true);
  });

  it('makes password sign-in ask for the second factor instead of signing in', async () => {
    const browser = new TestBrowser(t.app);
    const signIn = await browser.post('/api/auth/sign-in/email', { email: EMAIL, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await isSignedIn(browser)).toBe(false);

    const wrong = await browser.post('/api/auth/two-factor/verify-totp', {
      code: wrongCode(totp.generate()),
    });
    expect(wrong.statusCode).toBe(401);
    expect(await isSignedIn(browser)).toBe(false);

    // A code is accepted once (totp-replay.reliability.test.ts): the set-up spent this step's, so the next step's.
    const right = await browser.post('/api/auth/two-factor/verify-totp', {
      code: totp.generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(right.statusCode).toBe(200);
    expect(await isSignedIn(browser)).toBe(true);
  });

  it('refuses a TOTP code without the password step first', async () => {
    const response = await new TestBrowser(t.app).post('/api/auth/two-factor/verify-totp', {
      code: totp.generate(),
    });
    expect(response.statusCode).toBe(401);
  });

  it('disables TOTP with the password; sign-in is one step again', async () => {
    const browser = new TestBrowser(t.app);
    await browser.post('/api/auth/sign-in/email', { email: EMAIL, password: PASSWORD });
    // Both codes of the steps still open are spent; a backup code is the second factor here.
    const backup = await browser.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(backup.statusCode).toBe(200);
    const disable = await browser.post('/api/auth/two-factor/disable', { password: PASSWORD });
    expect(disable.statusCode).toBe(200);

    const again = new TestBrowser(t.app);
    const signIn = await again.post('/api/auth/sign-in/email', { email: EMAIL, password: PASSWORD });
    expect(signIn.json().twoFactorRedirect).toBeUndefined();
    expect(await isSignedIn(again)).toBe(true);
  });
});
