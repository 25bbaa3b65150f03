import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './testing/auth-client.ts';
import { createIdentityTestApp, type TIdentityTestApp } from './testing/identity-test-app.ts';
import { isSignedIn, signUpVerified } from './testing/sign-up.ts';

// better-auth accepts a TOTP code for its whole ±1-step window (up to 90 s), any number of times: one code
// confirmed a set-up and then signed in twice. A code is accepted once per user.
let t: TIdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct-horse-1';
const WRONG_CODE = { code: 'INVALID_CODE', message: 'Invalid code' };

function totpFrom(uri: string): OTPAuth.TOTP {
  const parsed = OTPAuth.URI.parse(uri);
  if (!(parsed instanceof OTPAuth.TOTP)) throw new Error('not a TOTP URI');
  return parsed;
}

/** The code of the time step `offset` steps from now; 0 and +1 stay acceptable across one step boundary. */
function codeAt(totp: OTPAuth.TOTP, offset: 0 | 1): string {
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

async function enableTotp(email: string): Promise<{ browser: TestBrowser; totp: OTPAuth.TOTP }> {
  const { browser } = await signUpVerified(t, email, PASSWORD);
  const enable = await browser.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enable.statusCode).toBe(200);
  return { browser, totp: totpFrom(enable.json().totpURI) };
}

/** A new browser past the password step, at the second-factor challenge. */
async function challenged(email: string): Promise<TestBrowser> {
  const browser = new TestBrowser(t.app);
  const signIn = await browser.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
  return browser;
}

async function verify(browser: TestBrowser, code: string) {
  const response = await browser.post('/api/auth/two-factor/verify-totp', { code });
  return { status: response.statusCode, body: response.json() };
}

describe('TOTP codes are accepted once per user', () => {
  it('refuses the set-up code again, at set-up and at sign-in, as a wrong code; a later code signs in once', async () => {
    const email = 'replay@example.com';
    const { browser, totp } = await enableTotp(email);
    const setupCode = codeAt(totp, 0);
    expect((await verify(browser, setupCode)).status).toBe(200);
    expect((await browser.get('/api/auth/get-session')).json().user.twoFactorEnabled).toBe(true);

    // The set-up confirmation replayed (still within the code's window).
    expect(await verify(browser, setupCode)).toEqual({ status: 401, body: WRONG_CODE });

    // The same code at sign-in: refused exactly as a wrong one, and the attempt stays unsigned-in.
    const first = await challenged(email);
    expect(await verify(first, setupCode)).toEqual({ status: 401, body: WRONG_CODE });
    expect(await isSignedIn(first)).toBe(false);

    // The next step's code is a new code: it signs in, once.
    const signInCode = codeAt(totp, 1);
    expect((await verify(first, signInCode)).status).toBe(200);
    expect(await isSignedIn(first)).toBe(true);

    const second = await challenged(email);
    expect(await verify(second, signInCode)).toEqual({ status: 401, body: WRONG_CODE });
    expect(await isSignedIn(second)).toBe(false);
  });

  it('lets one of several sign-ins racing with the same code through', async () => {
    const email = 'race@example.com';
    const { browser, totp } = await enableTotp(email);
    expect((await verify(browser, codeAt(totp, 0))).status).toBe(200);

    const attempts = await Promise.all([challenged(email), challenged(email), challenged(email)]);
    const code = codeAt(totp, 1);
    const answers = await Promise.all(attempts.map((attempt) => verify(attempt, code)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
    expect(answers.filter((answer) => answer.status === 401).map((answer) => answer.body)).toEqual([
      WRONG_CODE,
      WRONG_CODE,
    ]);
    const signedIn = await Promise.all(attempts.map((attempt) => isSignedIn(attempt)));
    expect(signedIn.filter(Boolean)).toHaveLength(1);
  });

  it("does not spend another user's code: the same step is fresh for each user", async () => {
    const a = await enableTotp('step-a@example.com');
    const b = await enableTotp('step-b@example.com');
    expect((await verify(a.browser, codeAt(a.totp, 0))).status).toBe(200);
    expect((await verify(b.browser, codeAt(b.totp, 0))).status).toBe(200);
  });
});
