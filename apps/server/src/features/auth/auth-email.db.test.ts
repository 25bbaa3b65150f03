import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './testing/auth-client.ts';
import { createIdentityTestApp, type TIdentityTestApp } from './testing/identity-test-app.ts';
import { isSignedIn, signInBrowser, signUpVerified } from './testing/sign-up.ts';

let t: TIdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct-horse-1';

async function expireCodes(email: string): Promise<void> {
  await t.app.db
    .withTables<{ verification: { identifier: string; expiresAt: Date } }>()
    .updateTable('verification')
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where('identifier', 'like', `%-otp-${email}`)
    .execute();
}

describe('sign-up with e-mail verification by code', () => {
  it('mails a code, verifies it and signs the user in', async () => {
    const browser = new TestBrowser(t.app);
    const signUp = await browser.post('/api/auth/sign-up/email', {
      email: 'new@example.com',
      password: PASSWORD,
      name: 'New',
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toMatchObject({
      token: null,
      user: { email: 'new@example.com', emailVerified: false },
    });
    expect(await isSignedIn(browser)).toBe(false);

    const [mail] = await t.outbox('new@example.com');
    expect(mail?.subject).toBe('Your Strata verification code');
    const otp = await t.latestCode('new@example.com');
    expect(otp).toMatch(/^\d{6}$/);

    const verify = await browser.post('/api/auth/email-otp/verify-email', { email: 'new@example.com', otp });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ status: true, user: { emailVerified: true } });
    const session = await browser.get('/api/auth/get-session');
    expect(session.json().user.email).toBe('new@example.com');
  });

  it('refuses password sign-in until the e-mail is verified', async () => {
    const browser = new TestBrowser(t.app);
    await browser.post('/api/auth/sign-up/email', {
      email: 'unverified@example.com',
      password: PASSWORD,
      name: 'U',
    });
    const signIn = await browser.post('/api/auth/sign-in/email', {
      email: 'unverified@example.com',
      password: PASSWORD,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await isSignedIn(browser)).toBe(false);
  });

  it('answers a sign-up for a taken e-mail like a new one and mails nothing new', async () => {
    await signUpVerified(t, 'taken@example.com', PASSWORD);
    const mailsBefore = await t.outboxCount('taken@example.com');
    const again = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email: 'taken@example.com',
      password: 'another-password-2',
      name: 'Intruder',
    });
    const fresh = await new TestBrowser(t.app).post('/api/auth/sign-up/email', {
      email: 'fresh@example.com',
      password: 'another-password-2',
      name: 'Intruder',
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(again.json()).toMatchObject({ token: null, user: { emailVerified: false, name: 'Intruder' } });
    expect(await t.outboxCount('taken@example.com')).toBe(mailsBefore);
  });

  it('rejects a wrong code, then accepts the right one', async () => {
    const browser = new TestBrowser(t.app);
    await browser.post('/api/auth/sign-up/email', {
      email: 'wrong@example.com',
      password: PASSWORD,
      name: 'W',
    });
    const otp = await t.latestCode('wrong@example.com');
    const wrongOtp = otp === '000000' ? '111111' : '000000';
    const wrong = await browser.post('/api/auth/email-otp/verify-email', {
      email: 'wrong@example.com',
      otp: wrongOtp,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_OTP');
    const right = await browser.post('/api/auth/email-otp/verify-email', { email: 'wrong@example.com', otp });
    expect(right.statusCode).toBe(200);
  });

  it('rejects an expired code', async () => {
    const browser = new TestBrowser(t.app);
    await browser.post('/api/auth/sign-up/email', {
      email: 'expired@example.com',
      password: PASSWORD,
      name: 'E',
    });
    const otp = await t.latestCode('expired@example.com');
    await expireCodes('expired@example.com');
    const verify = await browser.post('/api/auth/email-otp/verify-email', {
      email: 'expired@example.com',
      otp,
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().code).toBe('OTP_EXPIRED');
    expect(await isSignedIn(browser)).toBe(false);
  });

  it('accepts a code only once', async () => {
    const { browser } = await signUpVerified(t, 'reuse@example.com', PASSWORD);
    const otp = await t.latestCode('reuse@example.com');
    const again = await browser.post('/api/auth/email-otp/verify-email', { email: 'reuse@example.com', otp });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_OTP');
  });

  it('locks the code after three wrong attempts, even for the right code', async () => {
    const browser = new TestBrowser(t.app);
    await browser.post('/api/auth/sign-up/email', {
      email: 'locked@example.com',
      password: PASSWORD,
      name: 'L',
    });
    const otp = await t.latestCode('locked@example.com');
    const wrongOtp = otp === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await browser.post('/api/auth/email-otp/verify-email', {
        email: 'locked@example.com',
        otp: wrongOtp,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await browser.post('/api/auth/email-otp/verify-email', {
      email: 'locked@example.com',
      otp,
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('resends a new code that replaces the old one', async () => {
    const browser = new TestBrowser(t.app);
    await browser.post('/api/auth/sign-up/email', {
      email: 'resend@example.com',
      password: PASSWORD,
      name: 'R',
    });
    const first = await t.latestCode('resend@example.com');
    const resend = await browser.post('/api/auth/email-otp/send-verification-otp', {
      email: 'resend@example.com',
      type: 'email-verification',
    });
    expect(resend.statusCode).toBe(200);
    expect(await t.outboxCount('resend@example.com')).toBe(2);
    const second = await t.latestCode('resend@example.com');
    if (first !== second) {
      const old = await browser.post('/api/auth/email-otp/verify-email', {
        email: 'resend@example.com',
        otp: first,
      });
      expect(old.statusCode).toBe(400);
    }
    const verify = await browser.post('/api/auth/email-otp/verify-email', {
      email: 'resend@example.com',
      otp: second,
    });
    expect(verify.statusCode).toBe(200);
  });

  it('answers a resend for an unknown e-mail like a known one, without mail', async () => {
    const unknown = await new TestBrowser(t.app).post('/api/auth/email-otp/send-verification-otp', {
      email: 'nobody@example.com',
      type: 'email-verification',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true });
    expect(await t.outboxCount('nobody@example.com')).toBe(0);
  });
});

describe('password sign-in', () => {
  beforeAll(async () => {
    await signUpVerified(t, 'member@example.com', PASSWORD);
  });

  it('signs in with the right password', async () => {
    const browser = await signInBrowser(t, 'member@example.com', PASSWORD);
    expect(await isSignedIn(browser)).toBe(true);
  });

  it('answers a wrong password and an unknown e-mail identically with 401', async () => {
    const wrongPassword = await new TestBrowser(t.app).post('/api/auth/sign-in/email', {
      email: 'member@example.com',
      password: 'not-the-password',
    });
    const unknownEmail = await new TestBrowser(t.app).post('/api/auth/sign-in/email', {
      email: 'stranger@example.com',
      password: 'not-the-password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('signs out', async () => {
    const browser = await signInBrowser(t, 'member@example.com', PASSWORD);
    const signOut = await browser.post('/api/auth/sign-out', {});
    expect(signOut.statusCode).toBe(200);
    expect(await isSignedIn(browser)).toBe(false);
  });
});

describe('forgot password by code', () => {
  it('answers an unknown e-mail exactly like a known one', async () => {
    await signUpVerified(t, 'forgetful@example.com', PASSWORD);
    const known = await new TestBrowser(t.app).post('/api/auth/email-otp/request-password-reset', {
      email: 'forgetful@example.com',
    });
    const unknown = await new TestBrowser(t.app).post('/api/auth/email-otp/request-password-reset', {
      email: 'ghost@example.com',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await t.outboxCount('ghost@example.com')).toBe(0);
  });

  it('resets the password with the mailed code and revokes every session', async () => {
    const { browser: oldDevice } = await signUpVerified(t, 'reset@example.com', PASSWORD);
    expect(await isSignedIn(oldDevice)).toBe(true);
    const visitor = new TestBrowser(t.app);
    await visitor.post('/api/auth/email-otp/request-password-reset', { email: 'reset@example.com' });
    const otp = await t.latestCode('reset@example.com', 'password reset');

    const reset = await visitor.post('/api/auth/email-otp/reset-password', {
      email: 'reset@example.com',
      otp,
      password: 'brand-new-password-9',
    });
    expect(reset.statusCode).toBe(200);
    expect(await isSignedIn(oldDevice)).toBe(false);

    const oldPassword = await new TestBrowser(t.app).post('/api/auth/sign-in/email', {
      email: 'reset@example.com',
      password: PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(await isSignedIn(await signInBrowser(t, 'reset@example.com', 'brand-new-password-9'))).toBe(true);
  });

  it('refuses a wrong reset code and keeps the password', async () => {
    await signUpVerified(t, 'reset-wrong@example.com', PASSWORD);
    await new TestBrowser(t.app).post('/api/auth/email-otp/request-password-reset', {
      email: 'reset-wrong@example.com',
    });
    const otp = await t.latestCode('reset-wrong@example.com', 'password reset');
    const reset = await new TestBrowser(t.app).post('/api/auth/email-otp/reset-password', {
      email: 'reset-wrong@example.com',
      otp: otp === '000000' ? '111111' : '000000',
      password: 'brand-new-password-9',
    });
    expect(reset.statusCode).toBe(400);
    expect(await isSignedIn(await signInBrowser(t, 'reset-wrong@example.com', PASSWORD))).toBe(true);
  });
});

describe('change password', () => {
  it('revokes the other sessions even when the client does not ask to', async () => {
    const { browser: phone } = await signUpVerified(t, 'changer@example.com', PASSWORD);
    const laptop = await signInBrowser(t, 'changer@example.com', PASSWORD);
    const change = await laptop.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'changed-password-3',
      revokeOtherSessions: false,
    });
    expect(change.statusCode).toBe(200);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);
  });

  it('ends the other sessions for the API routes at once, though they were just resolved', async () => {
    const { browser: phone } = await signUpVerified(t, 'changer-api@example.com', PASSWORD);
    const laptop = await signInBrowser(t, 'changer-api@example.com', PASSWORD);
    // Resolved (and remembered by this process) just before the change.
    expect((await phone.get('/api/repositories')).statusCode).toBe(200);
    const change = await laptop.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'changed-password-5',
    });
    expect(change.statusCode).toBe(200);
    expect((await phone.get('/api/repositories')).statusCode).toBe(401);
    expect((await laptop.get('/api/repositories')).statusCode).toBe(200);
  });

  it('refuses a wrong current password', async () => {
    const { browser } = await signUpVerified(t, 'changer2@example.com', PASSWORD);
    const change = await browser.post('/api/auth/change-password', {
      currentPassword: 'nope-nope-nope',
      newPassword: 'x-new-password-4',
    });
    expect(change.statusCode).toBe(400);
  });
});

describe('cookies and CSRF', () => {
  it('sets an httpOnly, SameSite=Lax session cookie, not Secure on http', async () => {
    await signUpVerified(t, 'cookie@example.com', PASSWORD);
    const response = await new TestBrowser(t.app).post('/api/auth/sign-in/email', {
      email: 'cookie@example.com',
      password: PASSWORD,
    });
    const cookie = (
      response.cookies as {
        name: string;
        httpOnly?: boolean;
        sameSite?: string;
        secure?: boolean;
        path?: string;
      }[]
    ).find((candidate) => candidate.name === 'better-auth.session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('refuses a cookie-carrying POST from a foreign origin', async () => {
    const browser = await signInBrowser(t, 'cookie@example.com', PASSWORD);
    const attacker = await browser.post('/api/auth/sign-out', {}, { origin: 'https://evil.example.net' });
    expect(attacker.statusCode).toBe(403);
    expect(attacker.json().code).toBe('INVALID_ORIGIN');
    expect(await isSignedIn(browser)).toBe(true);
    const changePassword = await browser.post(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'hijacked-password-1' },
      { origin: 'https://evil.example.net' },
    );
    expect(changePassword.statusCode).toBe(403);
  });

  it('refuses a cross-site sign-in form post', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example.net',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
      payload: JSON.stringify({ email: 'cookie@example.com', password: PASSWORD }),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the session hook', () => {
  it('gives 401 with the API error shape to an anonymous caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/someone/settings' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'You need to be authorized' });
  });
});
