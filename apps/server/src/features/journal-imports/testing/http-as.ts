import { TEST_PUBLIC_URL } from '../../auth/testing/identity-test-app.ts';
import type { TTestUser } from '../../repositories/testing/repository-test-kit.ts';

/** A request to a listening test server as `user` (its session cookie, the app's origin), over real HTTP. */
export async function httpAs(address: string, user: TTestUser, method: string, url: string, body?: unknown) {
  const response = await fetch(`${address}${url}`, {
    method,
    headers: {
      origin: TEST_PUBLIC_URL,
      cookie: user.browser.cookieHeader(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> & never };
}
