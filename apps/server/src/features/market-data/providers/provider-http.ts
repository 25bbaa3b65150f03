import { MarketDataError } from './market-data-provider.ts';

export interface TProviderHttpOptions {
  /** The provider's name in messages. */
  provider: string;
  /** Attempts after a 429 or 503 before giving up. */
  maxRetries?: number;
  /** Longest Retry-After honoured, in seconds; a provider asking for longer fails the call instead. */
  maxRetryAfterSeconds?: number;
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds (delta or HTTP date); one second when absent or unreadable. */
function retryAfterSeconds(header: string | null): number {
  if (!header) return 1;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1 : Math.max(0, (at - Date.now()) / 1000);
}

/**
 * GET with the manners providers ask for: a 429 (or 503) waits the Retry-After it names and tries again, a
 * few times; any other failure becomes a MarketDataError naming the provider. `notFound` words a 404.
 */
export async function providerGet(
  url: URL,
  options: TProviderHttpOptions & { notFound?: string; accept?: string; headers?: Record<string, string> },
): Promise<string> {
  const { provider, maxRetries = 3, maxRetryAfterSeconds = 60, timeoutMs = 30_000 } = options;
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { ...options.headers, accept: options.accept ?? 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new MarketDataError('unavailable', `${provider} could not be reached`, { cause: error });
    }
    if (response.status === 429 || response.status === 503) {
      const wait = retryAfterSeconds(response.headers.get('retry-after'));
      await response.body?.cancel();
      if (attempt >= maxRetries || wait > maxRetryAfterSeconds) {
        throw new MarketDataError('rate_limited', `${provider} is limiting requests; try again later`);
      }
      await sleep(wait * 1000);
      continue;
    }
    const text = await response.text();
    if (response.status === 404 && options.notFound) throw new MarketDataError('not_found', options.notFound);
    if (response.status === 401 || response.status === 403) {
      throw new MarketDataError('unauthorized', `${provider} refused the API key`);
    }
    if (!response.ok) {
      throw new MarketDataError('unavailable', `${provider} answered ${response.status}`);
    }
    return text;
  }
}

/** JSON of a provider answer; unreadable JSON is a malformed answer, not a crash. */
export function parseProviderJson(text: string, provider: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MarketDataError('malformed', `${provider} sent an answer that is not JSON`, { cause: error });
  }
}
