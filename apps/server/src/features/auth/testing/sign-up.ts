import { TestBrowser } from './auth-client.ts';
import type { TIdentityTestApp } from './identity-test-app.ts';

/** Signs up, reads the code from the outbox and verifies it: the browser ends signed in. */
export async function signUpVerified(
  t: TIdentityTestApp,
  email: string,
  password: string,
  browser: TestBrowser = new TestBrowser(t.app),
): Promise<{ browser: TestBrowser; userId: string }> {
  const signUp = await browser.post('/api/auth/sign-up/email', {
    email,
    password,
    name: email.split('@')[0],
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const otp = await t.latestCode(email);
  const verify = await browser.post('/api/auth/email-otp/verify-email', { email, otp });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  return { browser, userId: verify.json().user.id as string };
}

/** Signs in with e-mail and password in a new browser (a second device). */
export async function signInBrowser(
  t: TIdentityTestApp,
  email: string,
  password: string,
): Promise<TestBrowser> {
  const browser = new TestBrowser(t.app);
  const response = await browser.post('/api/auth/sign-in/email', { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return browser;
}

export async function isSignedIn(browser: TestBrowser): Promise<boolean> {
  const response = await browser.get('/api/auth/get-session');
  return response.statusCode === 200 && response.json() !== null;
}
