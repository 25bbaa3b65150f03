import { setTimeout as sleepFor } from 'node:timers/promises';

/**
 * Retries a provider call the provider says to retry: 429 after its Retry-After (seconds or an HTTP date),
 * else after an exponential backoff; 5xx and no answer at all after the backoff. Any other status is final.
 */

export interface TRetryPolicy {
  /** Further attempts after the first. */
  retries: number;
  /** The first backoff; each next one doubles. */
  baseDelayMs: number;
  /** No wait is longer, whatever Retry-After asks. */
  maxDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** What the retry needs to know of a failed call. */
export interface TFailedCall {
  /** HTTP status, or null when no answer came (connection refused, reset, timeout). */
  status: number | null;
  retryAfter: string | null;
}

export function retryDelayMs(failure: TFailedCall, attempt: number, policy: TRetryPolicy): number | null {
  const retryable = failure.status === null || failure.status === 429 || failure.status >= 500;
  if (!retryable || attempt >= policy.retries) return null;
  const backoff = policy.baseDelayMs * 2 ** attempt;
  if (failure.status === 429 && failure.retryAfter !== null) {
    const seconds = Number(failure.retryAfter);
    const asked = Number.isFinite(seconds)
      ? seconds * 1000
      : Date.parse(failure.retryAfter) - (policy.now ?? Date.now)();
    if (Number.isFinite(asked)) return Math.min(Math.max(asked, 0), policy.maxDelayMs);
  }
  return Math.min(backoff, policy.maxDelayMs);
}

export async function withRetries<T>(
  call: () => Promise<T>,
  failureOf: (error: unknown) => TFailedCall,
  policy: TRetryPolicy,
): Promise<T> {
  const sleep = policy.sleep ?? ((ms: number) => sleepFor(ms).then(() => undefined));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const delay = retryDelayMs(failureOf(error), attempt, policy);
      if (delay === null) throw error;
      await sleep(delay);
    }
  }
}
