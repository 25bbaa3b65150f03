import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './testing/auth-client.ts';
import { createIdentityTestApp, type TIdentityTestApp } from './testing/identity-test-app.ts';

// NODE_ENV is 'test' here, where better-auth would switch limits off: these tests prove ours stay on.
let t: TIdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW: '60' } });
});
afterAll(async () => {
  await t?.close();
});

async function hitUntilLimited(browser: TestBrowser, url: string, body: unknown): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await browser.post(url, body)).statusCode);
  return statuses;
}

describe('auth rate limits', () => {
  it('answers 429 once sign-in attempts from one address exceed the limit', async () => {
    const browser = new TestBrowser(t.app, { ip: '198.51.100.1' });
    const statuses = await hitUntilLimited(browser, '/api/auth/sign-in/email', {
      email: 'x@example.com',
      password: 'wrong-password',
    });
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await browser.post('/api/auth/sign-in/email', {
      email: 'x@example.com',
      password: 'wrong-password',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['x-retry-after'])).toBeGreaterThan(0);
  });

  it('counts per client address, and a client cannot pick its address by header', async () => {
    const spoofing = new TestBrowser(t.app, { ip: '198.51.100.2' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await spoofing.post(
        '/api/auth/sign-in/email',
        { email: 'y@example.com', password: 'wrong-password' },
        { 'x-strata-client-ip': `203.0.113.${attempt}`, 'x-forwarded-for': `203.0.113.${attempt}` },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const otherClient = new TestBrowser(t.app, { ip: '198.51.100.3' });
    const response = await otherClient.post('/api/auth/sign-in/email', {
      email: 'y@example.com',
      password: 'wrong-password',
    });
    expect(response.statusCode).toBe(401);
  });

  it('limits code mails', async () => {
    const browser = new TestBrowser(t.app, { ip: '198.51.100.4' });
    const statuses = await hitUntilLimited(browser, '/api/auth/email-otp/send-verification-otp', {
      email: 'z@example.com',
      type: 'email-verification',
    });
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits password-reset requests and code checks', async () => {
    const requests = await hitUntilLimited(
      new TestBrowser(t.app, { ip: '198.51.100.5' }),
      '/api/auth/email-otp/request-password-reset',
      {
        email: 'z@example.com',
      },
    );
    expect(requests).toEqual([200, 200, 200, 429]);
    const resets = await hitUntilLimited(
      new TestBrowser(t.app, { ip: '198.51.100.6' }),
      '/api/auth/email-otp/reset-password',
      {
        email: 'z@example.com',
        otp: '123456',
        password: 'new-password-123',
      },
    );
    expect(resets).toEqual([400, 400, 400, 429]);
  });

  it('limits sign-ups', async () => {
    const browser = new TestBrowser(t.app, { ip: '198.51.100.7' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await browser.post('/api/auth/sign-up/email', {
        email: `signup${attempt}@example.com`,
        password: 'correct-horse-1',
        name: 'S',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
