import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../plugins/app-error.ts';
import { createTestApp, type TTestApp } from '../testing/test-app.ts';
import { exceptionsOf, startEnvelopeReceiver, type TEnvelopeReceiver } from './testing/envelope-receiver.ts';

// Test-only routes: an unexpected failure whose message and request carry personal data, and an expected one.
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/save/:id',
    { schema: { body: z.object({ amount: z.string(), note: z.string() }) } },
    async (request) => {
      throw new Error(`Could not save ${request.body.amount} for ann.lee@example.org`);
    },
  );
  app.get('/refused', async () => {
    throw new AppError('CONFLICT', 'A tag with this name already exists');
  });
};

let receiver: TEnvelopeReceiver;
let testApp: TTestApp;

beforeAll(async () => {
  receiver = await startEnvelopeReceiver();
  testApp = await createTestApp({
    env: { SENTRY_DSN: receiver.dsn('7'), SENTRY_ENVIRONMENT: 'ci' },
    prepare: async (app) => {
      await app.register(testRoutes, { prefix: '/api/test-only' });
    },
  });
});

afterAll(async () => {
  await testApp?.close();
  await receiver?.close();
});

describe('the server reports unexpected errors', () => {
  it('sends a 500 to the reporter with its correlation id, without the body, cookies, headers or values', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test-only/save/0b5e6a0e-3c1f-4d2a-9b8e-7f6a5d4c3b2a?search=Ann',
      headers: {
        'x-correlation-id': 'corr-report-1',
        cookie: 'better-auth.session_token=cookie-secret',
        authorization: 'Bearer header-secret',
      },
      payload: { amount: '1234.56', note: 'rent for Ann Lee' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-correlation-id']).toBe('corr-report-1');

    const [event] = await receiver.waitForEvents(1);
    expect(receiver.envelopes[0]?.project).toBe('7');
    expect(event?.tags).toEqual({
      correlation_id: 'corr-report-1',
      method: 'POST',
      route: '/api/test-only/save/:id',
      status: 500,
      side: 'server',
    });
    expect(event?.environment).toBe('ci');
    const [exception] = exceptionsOf(event);
    expect(exception).toMatchObject({ type: 'Error', value: 'Could not save [number] for [email]' });
    const text = JSON.stringify(event);
    for (const secret of [
      '1234.56',
      'ann.lee@example.org',
      'Ann',
      'cookie-secret',
      'header-secret',
      'rent',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('does not report an expected failure (a 4xx)', async () => {
    const before = receiver.events().length;
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test-only/refused' });
    expect(response.statusCode).toBe(409);
    // A 500 right after is the next event: the 409 sent none in between.
    await testApp.app.inject({
      method: 'POST',
      url: '/api/test-only/save/x',
      headers: { 'x-correlation-id': 'corr-report-2' },
      payload: { amount: '1', note: 'n' },
    });
    const events = await receiver.waitForEvents(before + 1);
    expect(
      events.slice(before).map((event) => (event.tags as { correlation_id: string }).correlation_id),
    ).toEqual(['corr-report-2']);
  });
});
