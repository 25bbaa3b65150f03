import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app-server.ts';
import { type Browser, openBrowser } from './support/browser.ts';
import { waitForMailedCode } from './support/outbox.ts';
import { settle } from './support/page-tools.ts';

const EMAIL = 'ada.e2e@example.com';
const PASSWORD = 'correct horse battery';
const VERIFICATION_SUBJECT = 'verification code';

/** The code of the step `offset` steps from now (a code is accepted once: sign-in takes the next step's). */
function totpCode(secret: string, offset = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });
}

async function signOutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login$/);
}

async function submitPassword(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="email"]').fill(EMAIL);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('identity journeys in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  /** WebAuthn refuses IP addresses as relying party ids, so the browser uses localhost. */
  let baseUrl: string;
  let totpSecret: string;
  let setupCode: string;

  beforeAll(async () => {
    // Blank PUBLIC_URL = the server's default, http://localhost:$PORT (the passkey relying party).
    app = await startApp({ PUBLIC_URL: '' });
    baseUrl = app.baseUrl.replace('127.0.0.1', 'localhost');
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('offers e-mail/password and passkeys, and no OIDC button when OIDC is not configured', async () => {
    const response = await fetch(`${app.baseUrl}/api/auth-providers`);
    expect(await response.json()).toEqual({ emailPassword: true, passkey: true, oidc: null });
    await browser.page.goto(`${baseUrl}/login`);
    await browser.page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    expect(await browser.page.getByRole('button', { name: /^Sign in with (?!a passkey)/ }).count()).toBe(0);
  });

  it('signs up, confirms the mailed code and lands on the dashboards', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/sign-up`);
    await page.locator('input[name="name"]').fill('Ada Lovelace');
    await page.locator('input[name="email"]').fill(EMAIL);
    await page.locator('input[name="password"]').fill(PASSWORD);
    expect(await page.locator('input[name="password"]').getAttribute('autocomplete')).toBe('new-password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(/\/sign-up-confirmation\?username=/);
    expect(new URL(page.url()).searchParams.get('username')).toBe(EMAIL);
    // The resend countdown starts from the send that just happened.
    await expect
      .poll(() => page.getByRole('button', { name: /Resend code in \d+ s/ }).isDisabled())
      .toBe(true);
    await settle(page);
    await browser.screenshot('identity-sign-up-confirmation');

    const code = await waitForMailedCode(app.dataDir, EMAIL, { subjectIncludes: VERIFICATION_SUBJECT });
    await page.locator('input[name="code"]').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/dashboards$/);
  });

  it('signs out: clears storage except the colour scheme and returns to sign-in', async () => {
    const { page } = browser;
    await page.evaluate(() => {
      localStorage.setItem('strata-color-scheme', 'dark');
      localStorage.setItem('some-grid-state', '{"sort":"name"}');
      sessionStorage.setItem('some-draft', 'x');
    });
    await signOutThroughMenu(page);
    const storage = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
    }));
    expect(storage).toEqual({ local: ['strata-color-scheme'], session: [] });
    // The server session is gone too: a private page bounces back to sign-in.
    await page.goto(`${baseUrl}/transactions`);
    await page.waitForURL(/\/login$/);
  });

  it('rejects a wrong password with the seed toast, then signs in with the right one', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    expect(await page.locator('input[name="email"]').getAttribute('autocomplete')).toBe('username webauthn');
    expect(await page.locator('input[name="password"]').getAttribute('autocomplete')).toBe(
      'current-password',
    );
    await page.locator('input[name="email"]').fill(EMAIL);
    await page.locator('input[name="password"]').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByText('Incorrect password or email').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled())
      .toBe(true);
    await page.locator('.mantine-Button-loader').waitFor({ state: 'detached' });
    await settle(page);
    await browser.screenshot('identity-sign-in');

    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/dashboards$/);
  });

  it('enables TOTP on the account page with a QR code and a verification code', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account security' }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();

    const secretElement = page.getByTestId('totp-secret');
    await secretElement.waitFor();
    totpSecret = (await secretElement.getAttribute('data-secret')) ?? '';
    expect(totpSecret).toMatch(/^[A-Z2-7]+=*$/);
    await expect.poll(() => page.getByRole('img', { name: 'Two-factor QR code' }).count()).toBe(1);
    // The shell swaps to its phone layout below 62em and back: a snapped window or a turned tablet does it, and
    // so, for an instant, does the full-page screenshot below (Chromium shrinks the viewport to 1x1 while it
    // captures). The set-up under way must stay on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Open navigation' }).waitFor({ state: 'detached' });
    // Counted now, not waited for: a remounted page would show 'Enable' and never this secret again.
    expect(await secretElement.count()).toBe(1);
    expect(await secretElement.getAttribute('data-secret')).toBe(totpSecret);
    await settle(page);
    await browser.screenshot('identity-totp-setup');

    setupCode = totpCode(totpSecret);
    await page.locator('input[name="code"]').fill(setupCode);
    await page.getByRole('button', { name: 'Verify and enable' }).click();
    await expect
      .poll(() => page.getByText('You have successfully enabled Two-Factor Authentication').count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('button', { name: 'Disable two-factor authentication' }).count())
      .toBe(1);
  });

  it('signs in with the password and then the TOTP code', async () => {
    const { page } = browser;
    await signOutThroughMenu(page);
    await submitPassword(page, baseUrl);
    await page.waitForURL(/\/signin-confirmation$/);
    await page.locator('input[name="code"]').fill(totpCode(totpSecret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboards$/);
  });

  it('registers a passkey with a virtual authenticator and signs in with it', async () => {
    const { page, context } = browser;
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await page.goto(`${baseUrl}/account`);
    await page.locator('input[placeholder="e.g. My phone"]').fill('Test laptop');
    await page.getByRole('button', { name: 'Add passkey' }).click();
    await expect.poll(() => page.getByText('Passkey added').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('cell', { name: 'Test laptop', exact: true }).count()).toBe(1);

    await signOutThroughMenu(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(/\/dashboards$/);
    const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
    expect(session.user.email).toBe(EMAIL);
  });

  it('warns after the idle time from the settings and signs out after the grace period', async () => {
    const { page } = browser;
    // The shortest idle time the settings accept (1 minute); the page clock skips the waiting.
    const saved = await page.evaluate(async () => {
      const session = await (await fetch('/api/auth/get-session')).json();
      const url = `/api/users/${session.user.id}/settings`;
      const settings = await (await fetch(url)).json();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...settings, allowedInactivityTime: 1 }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(saved.status).toBe(200);
    expect(saved.body.allowedInactivityTime).toBe(1);

    await page.clock.install();
    // The idle time in force is the saved one once the page has read the settings: wait for that answer, then
    // for a frame and a task, after which React has rendered it and re-armed the idle timer in its effect.
    const settingsRead = page.waitForResponse(
      (response) =>
        response.request().method() === 'GET' &&
        /\/api\/users\/[^/]+\/settings$/.test(new URL(response.url()).pathname) &&
        response.ok(),
    );
    await page.goto(`${baseUrl}/dashboards`);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await (await settingsRead).finished();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

    await page.clock.fastForward('01:01');
    await expect.poll(() => page.getByText('Still there?').count()).toBe(1);
    await expect.poll(() => page.getByText('Click Stay signed in').count()).toBe(1);
    // The modal's opening transition is timed by the page clock, its CSS fade by real time.
    await page.clock.runFor(1000);
    await settle(page);
    await browser.screenshot('identity-idle-warning');

    // Staying restarts the idle period.
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(() => page.getByText('Still there?').count()).toBe(0);

    await page.clock.fastForward('01:01');
    await expect.poll(() => page.getByText('Still there?').count()).toBe(1);
    await page.clock.fastForward('05:01');
    await page.waitForURL(/\/login$/);
    await expect
      .poll(() => page.getByText('You were automatically signed out due to inactivity').count())
      .toBeGreaterThan(0);
    const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
    expect(session).toBeNull();
  });
});
