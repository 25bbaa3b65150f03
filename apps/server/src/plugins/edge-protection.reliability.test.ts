import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '../build-app.ts';
import {
  createIdentityTestApp,
  TEST_PUBLIC_URL,
  type TIdentityTestApp,
} from '../features/auth/testing/identity-test-app.ts';
import { createTestUser, type TTestUser } from '../features/repositories/testing/repository-test-kit.ts';

/**
 * The edge: security headers on every answer, and no write or WebSocket handshake under /api from a page of
 * another origin. Over app.inject() and a listening server, on both databases.
 */
const EVIL = 'https://evil.example.com';

let webDist: string;
let t: TIdentityTestApp;
let owner: TTestUser;

/** A built web app's shape: index.html, a hashed script and its source map. */
async function fakeWebDist(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'strata-edge-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body></body></html>',
  );
  await writeFile(
    join(dir, 'assets/index-abc.js'),
    'console.log(1);\n//# sourceMappingURL=index-abc.js.map\n',
  );
  await writeFile(join(dir, 'assets/index-abc.js.map'), '{"version":3,"sources":["main.tsx"],"mappings":""}');
  return dir;
}

beforeAll(async () => {
  webDist = await fakeWebDist();
  t = await createIdentityTestApp({ env: { WEB_DIST_DIR: webDist } });
  owner = await createTestUser(t, 'edge-owner@example.com');
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

function directives(csp: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it('the web page: scripts only from our origin, never inline; not framed; no sniffing; a referrer policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/portfolio', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script type="module" src="/assets/index-abc.js">');
    const csp = directives(page.headers['content-security-policy'] as string);
    expect(csp['script-src']).toBe("'self'");
    expect(csp['script-src-attr']).toBe("'none'");
    expect(csp['default-src']).toBe("'self'");
    expect(csp['style-src']).toBe("'self' 'unsafe-inline'");
    expect(csp['object-src']).toBe("'none'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['connect-src']).toBe("'self'");
    // Over plain http it would break the page's own requests.
    expect('upgrade-insecure-requests' in csp).toBe(false);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('every API answer too, errors and unknown routes included', async () => {
    for (const url of ['/api/health', '/api/repositories', '/api/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(directives(response.headers['content-security-policy'] as string)['frame-ancestors'], url).toBe(
        "'none'",
      );
    }
  });

  it('the OpenAPI UI at /api/docs is served under the same policy (its scripts are files)', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)|<script\s+type="text\/javascript">/);
    expect(directives(ui.headers['content-security-policy'] as string)['script-src']).toBe("'self'");
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
  });

  it('source maps are not served unless WEB_SOURCE_MAPS asks', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(script.statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('mappings');

    const withMaps = await createIdentityTestApp({ env: { WEB_DIST_DIR: webDist, WEB_SOURCE_MAPS: 'true' } });
    try {
      const served = await withMaps.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' });
      expect(served.statusCode).toBe(200);
      expect(served.json()).toMatchObject({ sources: ['main.tsx'] });
    } finally {
      await withMaps.close();
    }
  });

  it("Plaid configured: its Link script's origin may load scripts and frames, and nothing else is added", async () => {
    const withPlaid = await createIdentityTestApp({
      env: {
        CONNECTOR_SECRETS_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
        PLAID_CLIENT_ID: 'plaid-client',
        PLAID_SECRET: 'plaid-secret',
        PLAID_LINK_SCRIPT_URL: 'http://127.0.0.1:9005/link/link-initialize.js',
      },
    });
    try {
      const response = await withPlaid.app.inject({ method: 'GET', url: '/api/health' });
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp['script-src']).toBe("'self' http://127.0.0.1:9005");
      expect(csp['frame-src']).toBe('http://127.0.0.1:9005');
      expect(csp['connect-src']).toBe("'self'");
    } finally {
      await withPlaid.close();
    }
    // Without Plaid (the suite's app): no frame-src, so frames fall back to default-src 'self'.
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(directives(plain.headers['content-security-policy'] as string)['frame-src']).toBeUndefined();
  });

  it('HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const https = await createIdentityTestApp({ publicUrl: 'https://strata.example.com' });
    try {
      const response = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(
        'upgrade-insecure-requests' in directives(response.headers['content-security-policy'] as string),
      ).toBe(true);
    } finally {
      await https.close();
    }
  });
});

describe('cross-origin writes', () => {
  let written = 0;
  /** A repository named 'Write N' (N counting the calls), so each accepted write is told apart. */
  const write = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: owner.browser.cookieHeader(), 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ name: `Write ${++written}`, currency: 'USD' }),
    });
  const names = async () =>
    ((await owner.call('GET', '/api/repositories')).json() as { name: string }[])
      .map((repo) => repo.name)
      .sort();

  it('a page of another origin cannot write through any /api route (read from the route table)', async () => {
    // better-auth's endpoints are POSTs (other methods on its mount are 404s).
    const routes = listApiRoutes(t.app).filter(
      (route) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) &&
        (route.method === 'POST' || !route.url.startsWith('/api/auth/')),
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const url = route.url
        .replaceAll(/:(\w+)/g, '00000000-0000-4000-8000-000000000000')
        .replace('*', 'sign-out');
      const response = await write(route.method as 'POST', url, { origin: EVIL });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(403);
      // better-auth refuses under its mount with its own code, before and without us.
      const code = route.url.startsWith('/api/auth/') ? 'INVALID_ORIGIN' : 'CROSS_ORIGIN';
      expect(response.json().code, `${route.method} ${route.url}`).toBe(code);
      if (code === 'CROSS_ORIGIN') {
        expect(response.json()).toEqual({
          code,
          message: 'Cross-origin requests may not change data',
          details: { allowedOrigin: TEST_PUBLIC_URL },
        });
      }
    }
  });

  it('and nothing is written; our own origin and non-browser clients (no Origin) still write', async () => {
    const refused = await write('POST', '/api/repositories', { origin: EVIL });
    expect(refused.statusCode).toBe(403);
    for (const origin of ['null', 'http://localhost:3001', 'http://localhost.evil.example.com']) {
      expect((await write('POST', '/api/repositories', { origin })).statusCode, origin).toBe(403);
    }
    const before = await names();
    expect(before.filter((name) => name.startsWith('Write '))).toEqual([]);

    expect((await write('POST', '/api/repositories', { origin: TEST_PUBLIC_URL })).statusCode).toBe(201);
    const fromOwnPage = `Write ${written}`;
    expect((await write('POST', '/api/repositories', {})).statusCode).toBe(201);
    const fromCurl = `Write ${written}`;
    expect(await names()).toEqual([...before, fromCurl, fromOwnPage].sort());
  });

  it("without Origin, a browser's Sec-Fetch-Site: cross-site is refused", async () => {
    const response = await write('POST', '/api/repositories', { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CROSS_ORIGIN');
    expect((await write('POST', '/api/repositories', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
      201,
    );
  });

  it('reads from another origin are left to the browser (CORS: no answer is readable there)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: EVIL },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('cross-origin WebSocket handshakes', () => {
  let baseUrl: string;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });

  /**
   * The handshake's outcome: 'open', or the HTTP status the upgrade was refused with — once the server has
   * closed that connection (a refused handshake's socket is nobody's to read; it must not stay open).
   */
  function handshake(origin: string): Promise<string | number> {
    return new Promise((resolve, reject) => {
      const req = request(`${baseUrl}/api/ws/analytics`, {
        agent: false,
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          origin,
          cookie: owner.browser.cookieHeader(),
        },
      });
      req.on('upgrade', (_response, socket) => {
        socket.destroy();
        resolve('open');
      });
      req.on('response', (response) => {
        response.resume();
        response.socket.once('close', () => resolve(response.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('are refused with 403 before the upgrade; our own origin opens', async () => {
    expect(await handshake(EVIL)).toBe(403);
    expect(await handshake(TEST_PUBLIC_URL)).toBe('open');
  });
});
