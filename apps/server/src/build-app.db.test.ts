import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, ErrorMessage, type TErrorCode } from '@strata/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listApiRoutes } from './build-app.ts';
import { AppError } from './plugins/app-error.ts';
import { statusByErrorCode } from './plugins/errors.ts';
import { createTestApp, type TTestApp } from './testing/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// Test-only routes, registered inside this test: production has no such endpoints.
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/echo',
    {
      schema: {
        body: z.object({
          name: z.string().min(2, { error: 'Too short' }),
          amount: z.string().regex(/^-?\d+(\.\d+)?$/, { error: 'Must be a decimal number' }),
          items: z.array(z.object({ date: z.iso.date({ error: 'Must be a date' }) })).optional(),
        }),
      },
    },
    async (request) => request.body,
  );
  app.get('/boom', async () => {
    throw new Error('database password leaked in this message');
  });
  app.get(
    '/app-error/:code',
    { schema: { params: z.object({ code: z.enum(ErrorCode) }) } },
    async (request) => {
      throw new AppError(request.params.code, `failure ${request.params.code}`, {
        details: { probe: request.params.code },
      });
    },
  );
  app.get('/bad-response', { schema: { response: { 200: z.object({ count: z.number() }) } } }, async () => {
    return { count: 'not a number' } as unknown as { count: number };
  });
};

let webDistDir: string;
let testApp: TTestApp;
let app: FastifyInstance;

beforeAll(async () => {
  webDistDir = await mkdtemp(join(tmpdir(), 'strata-web-dist-'));
  await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>Strata test shell</title>');
  await mkdir(join(webDistDir, 'assets'));
  await writeFile(join(webDistDir, 'assets', 'app-abc123.js'), 'console.log("app")');
  testApp = await createTestApp({
    env: { WEB_DIST_DIR: webDistDir },
    prepare: async (instance) => {
      await instance.register(testRoutes, { prefix: '/api/test-only' });
    },
  });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
  await rm(webDistDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok with a generated correlation id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-correlation-id']).toMatch(UUID);
  });

  it('gives each request its own id', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/health' });
    const second = await app.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-correlation-id']).not.toBe(second.headers['x-correlation-id']);
  });
});

describe('correlation id', () => {
  it('echoes the caller id and writes it into the request log lines', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-correlation-id': 'web-7f3a:42' },
    });
    expect(response.headers['x-correlation-id']).toBe('web-7f3a:42');
    const lines = testApp.logs.filter((line) => line.correlationId === 'web-7f3a:42');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('replaces an id that is too long or not printable', async () => {
    for (const given of ['x'.repeat(129), 'has space', 'tab\there']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-correlation-id': given },
      });
      expect(response.headers['x-correlation-id']).toMatch(UUID);
    }
    const longest = 'y'.repeat(128);
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-correlation-id': longest },
    });
    expect(response.headers['x-correlation-id']).toBe(longest);
  });
});

describe('bad input is a 400, never a 500', () => {
  it('says when the JSON body is malformed', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      headers: { 'content-type': 'application/json', 'x-correlation-id': 'bad-json-1' },
      payload: '{"name": "Jo",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-correlation-id']).toBe('bad-json-1');
    const body = response.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message).toMatch(/^The request body is not valid JSON: /);
  });

  it('says when a JSON body is empty', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'BAD_REQUEST',
      message: "The request body is empty, but its content-type is 'application/json'",
    });
  });

  it('says when the content type is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name>Jo</name>',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message).toContain('application/xml');
    expect(body.message).toContain("send 'application/json'");
  });

  it('flattens zod failures to "field: messages; field: messages" with fieldErrors in details', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-only/echo',
      payload: { name: 'J', amount: '12,5', items: [{ date: '2024-02-30' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'name: Too short; amount: Must be a decimal number; items.0.date: Must be a date',
      details: {
        fieldErrors: {
          name: ['Too short'],
          amount: ['Must be a decimal number'],
          'items.0.date': ['Must be a date'],
        },
      },
    });
  });

  it('names the body when the body as a whole is missing', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test-only/echo' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(/^body: /);
  });

  it('accepts a valid body', async () => {
    const payload = { name: 'Jo', amount: '12345678901234.123456789' };
    const response = await app.inject({ method: 'POST', url: '/api/test-only/echo', payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(payload);
  });
});

describe('error mapping', () => {
  it.each(Object.values(ErrorCode).filter((code) => code !== 'INTERNAL'))(
    'maps AppError %s to its status',
    async (code) => {
      const response = await app.inject({ method: 'GET', url: `/api/test-only/app-error/${code}` });
      expect(response.statusCode).toBe(statusByErrorCode[code as TErrorCode]);
      expect(response.json()).toEqual({ code, message: `failure ${code}`, details: { probe: code } });
    },
  );

  it('uses the seed statuses', () => {
    expect(statusByErrorCode).toMatchObject({
      VALIDATION_FAILED: 400,
      BAD_REQUEST: 400,
      UNAUTHORIZED: 401,
      PAYMENT_REQUIRED: 402,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      SOFT_DELETED_CONFLICT: 409,
      RATE_LIMITED: 429,
    });
  });

  it('gives the seed texts to the 402 and 403 shortcuts', () => {
    expect(AppError.paymentRequired().message).toBe(
      'You need to activate the subscription to access the resource',
    );
    expect(AppError.forbidden().message).toBe('You don`t have permissions for this action');
  });

  it('hides an unknown error behind a 500 "Unexpected error" and logs it with its stack', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test-only/boom',
      headers: { 'x-correlation-id': 'boom-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: ErrorMessage.INTERNAL });
    expect(response.headers['x-correlation-id']).toBe('boom-1');
    const logged = testApp.logs.find((line) => line.correlationId === 'boom-1' && line.level === 50);
    expect(logged?.msg).toBe('Unexpected error');
    expect((logged?.err as { stack?: string } | undefined)?.stack).toContain(
      'database password leaked in this message',
    );
  });

  it('treats a response that breaks its own schema as a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-only/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Unexpected error' });
  });

  it('answers an unknown API route with a JSON 404 and the correlation id', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: '/api/nothing-here?x=1',
        headers: { accept: 'text/html', 'x-correlation-id': `nf-${method}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['x-correlation-id']).toBe(`nf-${method}`);
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: `Route ${method} /api/nothing-here not found`,
      });
    }
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs/json listing the routes with their methods', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(
      document.paths['/api/health'].get.responses['200'].content['application/json'].schema,
    ).toMatchObject({
      type: 'object',
      properties: { status: { type: 'string', enum: ['ok'] } },
    });
    expect(Object.keys(document.paths['/api/test-only/echo'])).toEqual(['post']);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });

  it('serves the UI at /api/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('route table', () => {
  it('lists the API routes with their methods', () => {
    const routes = listApiRoutes(app);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/health' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/test-only/echo' });
    expect(routes.every((route) => route.url.startsWith('/api'))).toBe(true);
  });
});

describe('web app', () => {
  it('serves index.html for a client-side page', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/some/page?tab=2',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Strata test shell');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-correlation-id']).toMatch(UUID);
  });

  it('serves the root page and built assets', async () => {
    const root = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.body).toContain('Strata test shell');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not answer a missing file that is not a page with index.html', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('never serves index.html for /api paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/x', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Route GET /api/x not found' });
  });
});

describe('without a built web app', () => {
  let bare: TTestApp;

  beforeAll(async () => {
    bare = await createTestApp({ env: { WEB_DIST_DIR: join(webDistDir, 'does-not-exist') } });
  });

  afterAll(async () => {
    await bare?.close();
  });

  it('answers pages with a 503 that says to build, while the API keeps working', async () => {
    const page = await bare.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    expect((await bare.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const missing = await bare.app.inject({ method: 'GET', url: '/api/x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });
});
