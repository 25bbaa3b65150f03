import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { getSession } from './get-session.ts';

function answer(status: number, body: unknown) {
  const calls: string[] = [];
  configureApiClient({
    fetch: (async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
    logError: () => {},
  });
  return calls;
}

afterEach(() => {
  configureApiClient({
    fetch: (...args) => globalThis.fetch(...args),
    logError: (entry) => console.error(entry),
  });
});

describe('getSession', () => {
  it('reads better-auth’s session answer', async () => {
    const calls = answer(200, {
      session: { id: 's1', userId: 'u1', expiresAt: '2030-01-01T00:00:00.000Z', token: 'hidden' },
      user: { id: 'u1', email: 'ada@example.com', name: 'Ada', twoFactorEnabled: false },
    });
    const session = await getSession();
    expect(calls).toEqual(['/api/auth/get-session']);
    expect(session?.user.email).toBe('ada@example.com');
    expect(session?.session.expiresAt).toEqual(new Date('2030-01-01T00:00:00.000Z'));
  });

  it('treats a null answer as signed out', async () => {
    answer(200, null);
    await expect(getSession()).resolves.toBeNull();
  });

  it.each([401, 404])('treats %i as signed out', async (status) => {
    answer(status, { code: 'NOT_FOUND', message: 'Not found' });
    await expect(getSession()).resolves.toBeNull();
  });

  it('lets a server failure through as an error', async () => {
    answer(500, { code: 'INTERNAL', message: 'boom' });
    await expect(getSession()).rejects.toMatchObject({ message: 'Unexpected error' });
  });
});
