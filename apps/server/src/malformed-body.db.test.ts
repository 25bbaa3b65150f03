import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from './build-app.ts';
import { createTestApp, type TTestApp } from './testing/test-app.ts';

/**
 * Every /api route that takes a body answers a body that is not JSON with a 400 and a clear message —
 * signed in or not, never a 500. Read from the route table, so a new route is checked without a new line.
 * better-auth's /api/auth/* parses its own bodies (tested in features/auth); the file upload takes multipart.
 */
let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const exempt = (url: string) => url.startsWith('/api/auth/') || url === '/api/files/upload';

describe('a malformed JSON body', () => {
  it('is a 400 with a clear message on every route that takes a body', async () => {
    const routes = listApiRoutes(t.app).filter(
      (route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && !exempt(route.url),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const url = route.url.replaceAll(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const response = await t.app.inject({
        method: route.method as 'POST' | 'PUT' | 'PATCH',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "unterminated',
      });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(400);
      expect(response.json().message, `${route.method} ${route.url}`).toMatch(/JSON/i);
    }
  });
});
