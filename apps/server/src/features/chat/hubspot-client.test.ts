import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHubSpotClient, HubSpotError, visitorOf } from './hubspot-client.ts';
import {
  HUBSPOT_TEST_TOKEN,
  hubSpotError,
  startHubSpotLoopback,
  type THubSpotLoopback,
} from './testing/hubspot-loopback.ts';

let hubspot: THubSpotLoopback;
beforeEach(async () => {
  hubspot = await startHubSpotLoopback();
});
afterEach(async () => {
  await hubspot.close();
});

const clientFor = (accessToken = HUBSPOT_TEST_TOKEN) =>
  createHubSpotClient({ baseUrl: hubspot.baseUrl, accessToken, maxRetryWaitMs: 50 });

async function failureOf(
  promise: Promise<unknown>,
): Promise<{ kind: string; status?: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HubSpotError)
      return { kind: error.kind, status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a HubSpotError');
}

describe('HubSpot visitor identification client', () => {
  it('creates a token with the bearer token and the visitor’s e-mail and names', async () => {
    const token = await clientFor().createVisitorToken({
      email: 'ann@example.test',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(token).toBe('visitor-token-1');
    expect(hubspot.calls).toEqual([
      {
        method: 'POST',
        path: '/conversations/v3/visitor-identification/tokens/create',
        authorization: `Bearer ${HUBSPOT_TEST_TOKEN}`,
        body: { email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee' },
      },
    ]);
  });

  it('retries once after a short 429 and gives up on a second', async () => {
    hubspot.next({
      status: 429,
      body: { status: 'error', message: 'You have reached your secondly limit.' },
      headers: { 'retry-after': '0' },
    });
    expect(await clientFor().createVisitorToken({ email: 'a@example.test' })).toBe('visitor-token-1');
    expect(hubspot.calls).toHaveLength(2);

    hubspot.next(
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 429, headers: { 'retry-after': '0' } },
    );
    expect(await failureOf(clientFor().createVisitorToken({ email: 'a@example.test' }))).toEqual({
      kind: 'rate_limited',
      status: 429,
      message: 'HubSpot is limiting requests',
    });
  });

  it('does not wait out a long Retry-After', async () => {
    hubspot.next({ status: 429, headers: { 'retry-after': '30' } });
    expect((await failureOf(clientFor().createVisitorToken({ email: 'a@example.test' }))).kind).toBe(
      'rate_limited',
    );
    expect(hubspot.calls).toHaveLength(1);
  });

  it('names a refused token, an error answer by its category, and a malformed answer', async () => {
    expect(await failureOf(clientFor('wrong').createVisitorToken({ email: 'a@example.test' }))).toEqual({
      kind: 'unauthorized',
      status: 401,
      message: 'HubSpot refused the access token (401)',
    });
    // HubSpot's message echoes the e-mail; ours keeps only the category.
    expect(await failureOf(clientFor().createVisitorToken({ email: 'not-an-email' }))).toEqual({
      kind: 'unavailable',
      status: 400,
      message: 'HubSpot answered 400 (VALIDATION_ERROR)',
    });
    hubspot.next(hubSpotError(502, 'INTERNAL_ERROR', 'Bad gateway'));
    expect((await failureOf(clientFor().createVisitorToken({ email: 'a@example.test' }))).message).toBe(
      'HubSpot answered 502 (INTERNAL_ERROR)',
    );
    hubspot.next({ status: 200, body: '<html>' }, { status: 200, body: { token: '' } });
    expect((await failureOf(clientFor().createVisitorToken({ email: 'a@example.test' }))).kind).toBe(
      'malformed',
    );
    expect((await failureOf(clientFor().createVisitorToken({ email: 'a@example.test' }))).message).toBe(
      'HubSpot answered without a token',
    );
  });

  it('says it could not reach HubSpot', async () => {
    const client = createHubSpotClient({ baseUrl: 'http://127.0.0.1:9', accessToken: 't' });
    expect(await failureOf(client.createVisitorToken({ email: 'a@example.test' }))).toEqual({
      kind: 'unavailable',
      status: undefined,
      message: 'HubSpot could not be reached',
    });
  });
});

describe('visitorOf', () => {
  it('splits the name at its first space', () => {
    expect(visitorOf({ email: 'a@x.test', name: '  Ann  van der Berg ' })).toEqual({
      email: 'a@x.test',
      firstName: 'Ann',
      lastName: 'van der Berg',
    });
    expect(visitorOf({ email: 'a@x.test', name: '' })).toEqual({ email: 'a@x.test' });
  });
});
