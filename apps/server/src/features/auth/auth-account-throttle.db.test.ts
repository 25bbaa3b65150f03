import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './testing/auth-client.ts';
import { createIdentityTestApp, type TIdentityTestApp } from './testing/identity-test-app.ts';
import { isSignedIn, signUpVerified } from './testing/sign-up.ts';

// Per address (auth-rate-limit.db.test.ts) a guesser with many addresses is not slowed; per account it is.
let t: TIdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp({
    env: { AUTH_ACCOUNT_RATE_LIMIT_MAX: '3', AUTH_ACCOUNT_RATE_LIMIT_WINDOW: '900' },
  });
  for (const email of [
    'guessed@example.com',
    'neighbour@example.com',
    'typo@example.com',
    'later@example.com',
  ])
    await signUpVerified(t, email, PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct-horse-1';
const LIMITED = {
  code: 'RATE_LIMITED',
  message: 'Too many sign-in attempts for this account. Please try again later.',
};
let nextAddress = 1;

/** A sign-in from a new client address each time: the per-address limit never applies. */
async function signIn(email: string, password: string) {
  const browser = new TestBrowser(t.app, { ip: `203.0.113.${nextAddress++}` });
  const response = await browser.post('/api/auth/sign-in/email', { email, password });
  return { status: response.statusCode, body: response.json(), response, browser };
}

describe('sign-in throttle per account', () => {
  it('refuses an account after 3 attempts from 3 addresses, the right password too, with a retry time', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await signIn('guessed@example.com', 'wrong-password')).status).toBe(401);
    }
    const right = await signIn('guessed@example.com', PASSWORD);
    expect({ status: right.status, body: right.body }).toEqual({ status: 429, body: LIMITED });
    const retryAfter = Number(right.response.headers['x-retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await isSignedIn(right.browser)).toBe(false);

    // The same address written otherwise is the same account.
    expect((await signIn('  Guessed@EXAMPLE.com ', PASSWORD)).status).toBe(429);
    // Other accounts are not slowed.
    expect((await signIn('neighbour@example.com', PASSWORD)).status).toBe(200);
  });

  it('throttles an address without an account the same way (it tells nothing about who is registered)', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt++)
      answers.push(await signIn('nobody@example.com', 'wrong-password'));
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 429]);
    expect(answers[3]?.body).toEqual(LIMITED);
  });

  it('starts afresh after a successful sign-in', async () => {
    expect((await signIn('typo@example.com', 'wrong-password')).status).toBe(401);
    expect((await signIn('typo@example.com', 'wrong-password')).status).toBe(401);
    expect((await signIn('typo@example.com', PASSWORD)).status).toBe(200);
    const after = [];
    for (let attempt = 0; attempt < 4; attempt++)
      after.push((await signIn('typo@example.com', 'wrong-password')).status);
    expect(after).toEqual([401, 401, 401, 429]);
  });

  it('ends with its window: no lockout beyond it', async () => {
    for (let attempt = 0; attempt < 4; attempt++) await signIn('later@example.com', 'wrong-password');
    expect((await signIn('later@example.com', PASSWORD)).status).toBe(429);
    // The window began 900 s ago (moved back in the table instead of waiting).
    await sql`UPDATE sign_in_throttle SET window_started_at = now() - interval '900 seconds' WHERE email = 'later@example.com'`.execute(
      t.app.db,
    );
    const right = await signIn('later@example.com', PASSWORD);
    expect(right.status).toBe(200);
    expect(await isSignedIn(right.browser)).toBe(true);
  });

  it('lets no more than the limit through when attempts arrive together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => signIn('burst@example.com', 'wrong-password')),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([401, 401, 401, 429, 429, 429]);
  });
});
