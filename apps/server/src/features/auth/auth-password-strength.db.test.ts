import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './testing/auth-client.ts';
import { createIdentityTestApp, type TIdentityTestApp } from './testing/identity-test-app.ts';
import { isSignedIn, signInBrowser, signUpVerified } from './testing/sign-up.ts';

// Common passwords are refused wherever a password is set (sign-up, reset, change), before anything is written.
let t: TIdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct-horse-1';
const TOO_WEAK = {
  status: 400,
  body: {
    code: 'PASSWORD_TOO_WEAK',
    message:
      'Password is too easy to guess: avoid common passwords, keyboard patterns, dates and your name or e-mail. A few unrelated words work well.',
  },
};

const answer = (response: { statusCode: number; json(): unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

describe('weak passwords', () => {
  it('refuses a common password at sign-up, creates no account and mails nothing', async () => {
    const response = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email: 'weak@example.com',
      password: 'password1',
      name: 'Weak',
    });
    expect(answer(response)).toEqual(TOO_WEAK);
    expect(await t.outboxCount('weak@example.com')).toBe(0);
    const user = await t.app.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'weak@example.com')
      .execute();
    expect(user).toEqual([]);
  });

  it("leaves a password of the wrong length to better-auth's own answer", async () => {
    const response = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email: 'short@example.com',
      password: 'abc',
      name: 'Short',
    });
    expect(answer(response)).toEqual({
      status: 400,
      body: { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' },
    });
  });

  it('refuses a password made of the sign-up e-mail and name', async () => {
    const response = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email: 'kvothe.arliden@example.com',
      password: 'kvothearliden',
      name: 'Kvothe Arliden',
    });
    expect(answer(response)).toEqual(TOO_WEAK);
    // The same password is fine for someone else.
    const other = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email: 'someone@example.com',
      password: 'kvothearliden',
      name: 'Someone',
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a common password at reset by code and keeps the old one (the code stays usable)', async () => {
    await signUpVerified(t, 'reset-weak@example.com', PASSWORD);
    await new TestBrowser(t.app).post('/api/auth/email-otp/request-password-reset', {
      email: 'reset-weak@example.com',
    });
    const otp = await t.latestCode('reset-weak@example.com', 'password reset');
    const weak = await new TestBrowser(t.app).post('/api/auth/email-otp/reset-password', {
      email: 'reset-weak@example.com',
      otp,
      password: 'qwerty123',
    });
    expect(answer(weak)).toEqual(TOO_WEAK);
    expect(await isSignedIn(await signInBrowser(t, 'reset-weak@example.com', PASSWORD))).toBe(true);

    const strong = await new TestBrowser(t.app).post('/api/auth/email-otp/reset-password', {
      email: 'reset-weak@example.com',
      otp,
      password: 'brand-new-password-9',
    });
    expect(strong.statusCode).toBe(200);
  });

  it('refuses a common or own-name password at change-password and keeps the sessions', async () => {
    // 'kvothearliden' passes for someone else (above): here it is refused for the signed-in user's e-mail.
    const { browser: phone } = await signUpVerified(t, 'kvothe.arliden@example.com', PASSWORD);
    const laptop = await signInBrowser(t, 'kvothe.arliden@example.com', PASSWORD);
    for (const newPassword of ['iloveyou2', 'kvothearliden']) {
      const change = await laptop.post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword,
      });
      expect(answer(change)).toEqual(TOO_WEAK);
    }
    expect(await isSignedIn(phone)).toBe(true);
    expect(await isSignedIn(await signInBrowser(t, 'kvothe.arliden@example.com', PASSWORD))).toBe(true);
  });
});
