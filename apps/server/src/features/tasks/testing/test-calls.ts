import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestBrowser } from '../../auth/testing/auth-client.ts';
import { TEST_PUBLIC_URL } from '../../auth/testing/identity-test-app.ts';

export type TCall = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => Promise<LightMyRequestResponse>;

/** Requests as `browser`'s user (or anonymous), with any method (TestBrowser has GET and POST only). */
export function callAs(app: FastifyInstance, browser: TestBrowser | null): TCall {
  return (method, url, body) =>
    app.inject({
      method,
      url,
      headers: {
        origin: TEST_PUBLIC_URL,
        ...(browser && browser.cookies.size > 0 ? { cookie: browser.cookieHeader() } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
}
