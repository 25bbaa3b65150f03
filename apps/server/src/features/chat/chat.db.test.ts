import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../auth/testing/identity-test-app.ts';
import {
  anonymousCall,
  createTestUser,
  type TTestUser,
} from '../repositories/testing/repository-test-kit.ts';
import {
  HUBSPOT_TEST_TOKEN,
  hubSpotError,
  startHubSpotLoopback,
  type THubSpotLoopback,
} from './testing/hubspot-loopback.ts';

/** The Content-Security-Policy header as directive → sources. */
function directivesOf(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('GET /api/hubspot with HubSpot configured (a loopback HubSpot)', () => {
  let hubspot: THubSpotLoopback;
  let t: TIdentityTestApp;
  let user: TTestUser;

  beforeAll(async () => {
    hubspot = await startHubSpotLoopback();
    t = await createIdentityTestApp({
      env: {
        HUBSPOT_ACCESS_TOKEN: HUBSPOT_TEST_TOKEN,
        HUBSPOT_BASE_URL: hubspot.baseUrl,
        HUBSPOT_SCRIPT_URL: 'http://127.0.0.1:1/hs-script.js',
      },
    });
    user = await createTestUser(t, 'ann.lee@example.test');
  });

  afterAll(async () => {
    await t?.close();
    await hubspot?.close();
  });

  it('answers the signed-in user’s visitor token, asked for with their e-mail and name', async () => {
    const response = await user.call('GET', '/api/hubspot');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ configured: true, token: 'visitor-token-1' });
    expect(hubspot.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/conversations/v3/visitor-identification/tokens/create',
      authorization: `Bearer ${HUBSPOT_TEST_TOKEN}`,
      body: { email: 'ann.lee@example.test', firstName: 'ann.lee' },
    });
  });

  it('asks nobody for an anonymous caller', async () => {
    const calls = hubspot.calls.length;
    expect((await anonymousCall(t)('GET', '/api/hubspot')).statusCode).toBe(401);
    expect(hubspot.calls).toHaveLength(calls);
  });

  it('says the chat is busy when HubSpot keeps limiting (429), and unavailable when it fails', async () => {
    hubspot.next({ status: 429, headers: { 'retry-after': '10' } });
    const limited = await user.call('GET', '/api/hubspot');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'The chat service is busy; try again in a moment',
    });

    hubspot.next(hubSpotError(500, 'INTERNAL_ERROR', 'Internal error for ann.lee@example.test'));
    const failed = await user.call('GET', '/api/hubspot');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The chat service is not available right now',
    });
    // The provider's message (with the e-mail) and the access token stay out of the logs.
    const logged = JSON.stringify(t.logs);
    expect(logged).toContain('HubSpot answered 500 (INTERNAL_ERROR)');
    expect(logged).not.toContain(HUBSPOT_TEST_TOKEN);
    expect(logged).not.toContain('Internal error for');
  });

  it('hands the widget’s script, never the access token, to the browser', async () => {
    const response = await anonymousCall(t)('GET', '/api/client-config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      errorReporter: null,
      chat: { scriptUrl: 'http://127.0.0.1:1/hs-script.js' },
    });
    expect(response.body).not.toContain(HUBSPOT_TEST_TOKEN);
  });

  it('lets the page load the widget: its script origin, HubSpot’s hosts and its conversation frame', async () => {
    const response = await anonymousCall(t)('GET', '/api/client-config');
    const csp = directivesOf(response.headers['content-security-policy']);
    expect(csp['script-src']?.slice(0, 3)).toEqual([
      "'self'",
      'http://127.0.0.1:1',
      'https://*.hs-scripts.com',
    ]);
    expect(csp['frame-src']).toEqual(['https://*.hubspot.com', 'https://*.usemessages.com']);
    expect(csp['connect-src']).toContain('https://*.hubapi.com');
  });
});

describe('GET /api/hubspot without HubSpot', () => {
  let t: TIdentityTestApp;

  beforeAll(async () => {
    t = await createIdentityTestApp({
      env: {
        SENTRY_DSN: 'https://serverkey@errors.example.test/1',
        SENTRY_WEB_DSN: 'https://webkey@errors.example.test/2',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 { configured: false }, not a 404', async () => {
    const user = await createTestUser(t, 'bo@example.test');
    const response = await user.call('GET', '/api/hubspot');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ configured: false });
  });

  it('lets the page send to the web DSN’s host, and frames nothing', async () => {
    const response = await anonymousCall(t)('GET', '/api/client-config');
    const csp = directivesOf(response.headers['content-security-policy']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://errors.example.test']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toBeUndefined();
  });

  it('gives the browser the web DSN and no chat', async () => {
    const response = await anonymousCall(t)('GET', '/api/client-config');
    expect(response.json()).toEqual({
      errorReporter: { dsn: 'https://webkey@errors.example.test/2', environment: 'test', release: '0.1.0' },
      chat: null,
    });
  });
});
