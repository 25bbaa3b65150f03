import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type TFailedCallLog } from './api-client.ts';
import { ApiError, fieldMessagesOf } from './api-error.ts';

interface TRecordedCall {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fake `fetch` answering from a queue, recording what it was asked. */
function fakeFetch(...answers: Array<Response | Error>) {
  const calls: TRecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

function setup(...answers: Array<Response | Error>) {
  const fake = fakeFetch(...answers);
  const logs: TFailedCallLog[] = [];
  const onSignOut = vi.fn();
  let counter = 0;
  const client = createApiClient({
    fetch: fake.fetch,
    onSignOut,
    logError: (entry) => logs.push(entry),
    createCorrelationId: () => `cid-${++counter}`,
  });
  return { client, calls: fake.calls, logs, onSignOut };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiFetch', () => {
  it('sends JSON with a correlation id, cookies and JSON-encoded sort/filter params', async () => {
    const { client, calls } = setup(jsonResponse(200, { data: [1] }));
    const result = await client.apiFetch('/transactions', {
      method: 'POST',
      query: {
        repository_id: 'r1',
        page_no: 2,
        sort: [{ field: 'date', sortDirection: 'descending' }],
        skip: undefined,
      },
      body: { a: 1 },
    });
    expect(result).toEqual({ data: [1] });
    const [call] = calls;
    const url = new URL(call?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/transactions');
    expect(url.searchParams.get('repository_id')).toBe('r1');
    expect(url.searchParams.get('page_no')).toBe('2');
    expect(JSON.parse(url.searchParams.get('sort') ?? '')).toEqual([
      { field: 'date', sortDirection: 'descending' },
    ]);
    expect(url.searchParams.has('skip')).toBe(false);
    const headers = call?.init.headers as Record<string, string>;
    expect(headers['x-correlation-id']).toBe('cid-1');
    expect(headers['content-type']).toBe('application/json');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.body).toBe('{"a":1}');
  });

  it('adds headers from the pluggable auth provider', async () => {
    const { client, calls } = setup(jsonResponse(200, {}));
    client.configure({ getAuthHeaders: async () => ({ authorization: 'Bearer t' }) });
    await client.apiFetch('/assets');
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer t');
  });

  it('parses the body with the given schema', async () => {
    const { client } = setup(jsonResponse(200, { n: '3' }));
    const result = await client.apiFetch('/x', { schema: { parse: (v) => Number((v as { n: string }).n) } });
    expect(result).toBe(3);
  });

  it('uses a fresh correlation id per call', async () => {
    const { client, calls } = setup(jsonResponse(200, {}), jsonResponse(200, {}));
    await client.apiFetch('/a');
    await client.apiFetch('/b');
    const ids = calls.map((c) => (c.init.headers as Record<string, string>)['x-correlation-id']);
    expect(ids).toEqual(['cid-1', 'cid-2']);
  });

  it('on 401 refreshes once and retries', async () => {
    const { client, calls, onSignOut } = setup(jsonResponse(401, {}), jsonResponse(200, { ok: true }));
    const refresh = vi.fn(async () => true);
    client.configure({ refresh });
    await expect(client.apiFetch('/assets')).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('signs out when the retry is still 401', async () => {
    const { client, onSignOut } = setup(jsonResponse(401, {}), jsonResponse(401, {}));
    const refresh = vi.fn(async () => true);
    client.configure({ refresh });
    const error = await failure(client.apiFetch('/assets'));
    expect(error.status).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(onSignOut).toHaveBeenCalledWith('session-ended');
  });

  it('signs out without retrying when there is no refresh or it fails', async () => {
    const { client, calls, onSignOut } = setup(jsonResponse(401, {}));
    client.configure({ refresh: async () => false });
    await failure(client.apiFetch('/assets'));
    expect(calls).toHaveLength(1);
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('does not refresh or sign out for the session probe', async () => {
    const { client, onSignOut } = setup(jsonResponse(401, {}));
    const refresh = vi.fn(async () => true);
    client.configure({ refresh });
    const error = await failure(client.apiFetch('/auth/get-session', { isAuthProbe: true }));
    expect(error.status).toBe(401);
    expect(refresh).not.toHaveBeenCalled();
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('maps no answer to Unexpected error and signs out', async () => {
    const { client, onSignOut, logs } = setup(new TypeError('Failed to fetch'));
    const error = await failure(client.apiFetch('/assets'));
    expect(error.status).toBeNull();
    expect(error.message).toBe('Unexpected error');
    expect(error.description).toBe('We have been notified');
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(onSignOut).toHaveBeenCalledWith('unreachable');
    expect(logs[0]).toMatchObject({
      url: '/api/assets',
      method: 'GET',
      status: null,
      correlationId: 'cid-1',
    });
  });

  it('passes an abort through without signing out', async () => {
    const { client, onSignOut } = setup(new DOMException('aborted', 'AbortError'));
    await expect(client.apiFetch('/assets')).rejects.toMatchObject({ name: 'AbortError' });
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it.each([
    [500, { code: 'INTERNAL', message: 'boom' }, 'Unexpected error'],
    [503, undefined, 'Unexpected error'],
    [400, { code: 'VALIDATION_FAILED', message: 'name: Too long string' }, 'name: Too long string'],
    [
      400,
      { message: { name: ['Field is required'], amount: ['Must be numeric', 'Must be positive'] } },
      'name: Field is required; amount: Must be numeric, Must be positive',
    ],
    [400, {}, 'Something went wrong'],
    [
      402,
      { code: 'PAYMENT_REQUIRED', message: 'x' },
      'You need to activate the subscription to access the resource',
    ],
    [403, { code: 'FORBIDDEN', message: 'x' }, 'You don`t have permissions for this action'],
    [404, { code: 'NOT_FOUND', message: 'x' }, 'Page not found'],
    [409, { code: 'CONFLICT', message: 'Asset already exists' }, 'Asset already exists'],
  ])('maps status %i to the catalogue message', async (status, body, message) => {
    const { client, onSignOut, logs } = setup(jsonResponse(status, body));
    const error = await failure(client.apiFetch('/assets', { method: 'PUT' }));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(onSignOut).not.toHaveBeenCalled();
    expect(logs).toEqual([{ url: '/api/assets', method: 'PUT', status, correlationId: 'cid-1', message }]);
  });

  it('gives 5xx the "We have been notified" description', async () => {
    const { client } = setup(jsonResponse(502, {}));
    expect((await failure(client.apiFetch('/a'))).description).toBe('We have been notified');
  });

  it('flags a soft-deleted conflict', async () => {
    const { client } = setup(
      jsonResponse(409, { code: 'CONFLICT', message: 'Asset AAPL is soft deleted' }),
      jsonResponse(409, { code: 'CONFLICT', message: 'Name taken' }),
    );
    expect((await failure(client.apiFetch('/assets'))).isSoftDeleted).toBe(true);
    expect((await failure(client.apiFetch('/assets'))).isSoftDeleted).toBe(false);
  });

  it('keeps the code and field errors of the error body', async () => {
    const body = {
      code: 'VALIDATION_FAILED',
      message: 'name: Too long string',
      details: { fieldErrors: { name: ['Too long string'] } },
    };
    const { client } = setup(jsonResponse(400, body));
    const error = await failure(client.apiFetch('/assets'));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fieldErrors).toEqual({ name: ['Too long string'] });
    expect(error.correlationId).toBe('cid-1');
  });

  it('gives a form one message per field, and nothing for errors without fields', async () => {
    const { client } = setup(
      jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'bad',
        details: {
          fieldErrors: { date: ['Please enter a valid date', 'Must be unique'], name: ['Required'] },
        },
      }),
      jsonResponse(404, { code: 'NOT_FOUND', message: 'Asset not found' }),
    );
    expect(fieldMessagesOf(await failure(client.apiFetch('/assets')))).toEqual({
      date: 'Please enter a valid date, Must be unique',
      name: 'Required',
    });
    expect(fieldMessagesOf(await failure(client.apiFetch('/assets')))).toBeNull();
    expect(fieldMessagesOf(new Error('network'))).toBeNull();
  });

  it('returns undefined for 204', async () => {
    const { client } = setup(new Response(null, { status: 204 }));
    await expect(client.apiFetch('/assets/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
