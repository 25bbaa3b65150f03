import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../features/auth/testing/auth-client.ts';
import { createIdentityTestApp, type TIdentityTestApp } from '../features/auth/testing/identity-test-app.ts';
import { isSignedIn, signUpVerified } from '../features/auth/testing/sign-up.ts';
import { ADMIN_HELP, AdminCommandError, runAdminCommand, type TAdminContext } from './admin-commands.ts';

let t: TIdentityTestApp;
let closes = 0;
let run: (argv: string[]) => Promise<string>;

beforeAll(async () => {
  t = await createIdentityTestApp();
  const context: TAdminContext = { db: t.app.db, auth: t.auth };
  run = (argv) =>
    runAdminCommand(argv, async () => ({
      ...context,
      close: async () => {
        closes += 1;
      },
    }));
});
afterAll(async () => {
  await t?.close();
});

describe('admin create-user', () => {
  it('creates a verified user who can sign in at once, and closes the database', async () => {
    const before = closes;
    const output = await run([
      'create-user',
      '--email',
      'Admin@Example.com',
      '--password',
      'admin-password-1',
      '--name',
      'Admin',
    ]);
    expect(output).toMatch(/^Created user admin@example.com \(id [0-9a-f-]{36}\), e-mail verified\.$/);
    expect(closes).toBe(before + 1);
    const browser = new TestBrowser(t.app);
    const signIn = await browser.post('/api/auth/sign-in/email', {
      email: 'admin@example.com',
      password: 'admin-password-1',
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ name: 'Admin', emailVerified: true });
    expect(await t.outboxCount('admin@example.com')).toBe(0);
  });

  it('refuses a taken e-mail, a short password and missing options', async () => {
    await expect(
      run(['create-user', '--email', 'admin@example.com', '--password', 'another-pass-2']),
    ).rejects.toThrow('a user with e-mail admin@example.com already exists');
    await expect(run(['create-user', '--email', 'short@example.com', '--password', 'short'])).rejects.toThrow(
      'the password must be 8 to 128 characters',
    );
    await expect(run(['create-user', '--email', 'x@example.com'])).rejects.toThrow('--password is required');
    await expect(
      run(['create-user', '--email', 'x@example.com', '--password', 'long-enough-1', '--admin']),
    ).rejects.toBeInstanceOf(AdminCommandError);
  });
});

describe('admin reset-2fa', () => {
  it('turns two-factor off so the password alone signs in', async () => {
    const { browser } = await signUpVerified(t, 'lost-phone@example.com', 'correct-horse-1');
    const enable = await browser.post('/api/auth/two-factor/enable', { password: 'correct-horse-1' });
    const totp = OTPAuth.URI.parse(enable.json().totpURI as string) as OTPAuth.TOTP;
    await browser.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
    const challenged = await new TestBrowser(t.app).post('/api/auth/sign-in/email', {
      email: 'lost-phone@example.com',
      password: 'correct-horse-1',
    });
    expect(challenged.json().twoFactorRedirect).toBe(true);

    expect(await run(['reset-2fa', '--email', 'lost-phone@example.com'])).toContain(
      'Two-factor authentication is off for lost-phone@example.com',
    );

    const fresh = new TestBrowser(t.app);
    const signIn = await fresh.post('/api/auth/sign-in/email', {
      email: 'lost-phone@example.com',
      password: 'correct-horse-1',
    });
    expect(signIn.json().twoFactorRedirect).toBeUndefined();
    expect(await isSignedIn(fresh)).toBe(true);
  });

  it('refuses an unknown e-mail', async () => {
    await expect(run(['reset-2fa', '--email', 'ghost@example.com'])).rejects.toThrow(
      'no user with e-mail ghost@example.com',
    );
  });
});

describe('admin help', () => {
  it('prints the usage for help, no command, and lists an unknown command as an error', async () => {
    expect(await run(['help'])).toBe(ADMIN_HELP);
    expect(await run([])).toBe(ADMIN_HELP);
    await expect(run(['drop-everything'])).rejects.toThrow('unknown command "drop-everything"');
  });
});
