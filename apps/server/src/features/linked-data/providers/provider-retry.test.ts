import { describe, expect, it } from 'vitest';
import { retryDelayMs, type TFailedCall, withRetries } from './provider-retry.ts';

const policy = { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

describe('provider retries', () => {
  it('waits what Retry-After asks on a 429, in seconds or as a date, capped', () => {
    expect(retryDelayMs({ status: 429, retryAfter: '7' }, 0, policy)).toBe(7000);
    expect(retryDelayMs({ status: 429, retryAfter: '120' }, 0, policy)).toBe(30_000);
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(
      retryDelayMs({ status: 429, retryAfter: 'Fri, 27 Nov 2026 10:00:04 GMT' }, 0, {
        ...policy,
        now: () => now,
      }),
    ).toBe(4000);
    // Without Retry-After, a 429 backs off like a 5xx.
    expect(retryDelayMs({ status: 429, retryAfter: null }, 1, policy)).toBe(1000);
  });

  it('backs off 500, 1000, 2000 ms on 5xx and no answer, then gives up; 4xx is final', () => {
    expect(
      [0, 1, 2, 3].map((attempt) => retryDelayMs({ status: 503, retryAfter: null }, attempt, policy)),
    ).toEqual([500, 1000, 2000, null]);
    expect(retryDelayMs({ status: null, retryAfter: null }, 0, policy)).toBe(500);
    expect(retryDelayMs({ status: 400, retryAfter: null }, 0, policy)).toBeNull();
    expect(retryDelayMs({ status: 401, retryAfter: null }, 0, policy)).toBeNull();
  });

  it('calls again after each wait and answers the first success', async () => {
    const waits: number[] = [];
    const failures: TFailedCall[] = [
      { status: 429, retryAfter: '2' },
      { status: 502, retryAfter: null },
    ];
    let calls = 0;
    const answer = await withRetries(
      async () => {
        calls += 1;
        if (failures.length > 0) throw failures.shift();
        return 'ok';
      },
      (error) => error as TFailedCall,
      { ...policy, sleep: async (ms) => void waits.push(ms) },
    );
    expect(answer).toBe('ok');
    expect(calls).toBe(3);
    expect(waits).toEqual([2000, 1000]);
  });

  it('rethrows the last failure once the retries are spent', async () => {
    let calls = 0;
    const failure = { status: 500, retryAfter: null };
    await expect(
      withRetries(
        async () => {
          calls += 1;
          throw failure;
        },
        (error) => error as TFailedCall,
        { ...policy, sleep: async () => undefined },
      ),
    ).rejects.toBe(failure);
    expect(calls).toBe(4);
  });
});
